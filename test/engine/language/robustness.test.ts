// Property tests: parsing, rendering and evaluating arbitrary text never throw, and text without tags renders as itself.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateExpression } from '../../../src/engine/language/functions/evaluate.js';
import { renderTemplate } from '../../../src/engine/language/render.js';
import { parseTemplate } from '../../../src/engine/language/template-parser.js';
import { fixture } from './context-fixture.js';

const { ctx } = fixture({ human: { a: '1', j: '{"x":[1,{"y":"z"}]}', e: 'a + 1', loop: 'loop' } });
const pieces = ['{', '}', '\\', '(', ')', ',', '"', ':', '.', '[', ']', 'a', 'j', 'x', '0', 'sys:', 'function:', 'evaluate', 'embedJson', 'datetime:', 'date', ' ', 'bot:', 'size', '+', '*', '^'];
const templateText = fc.array(fc.constantFrom(...pieces), { maxLength: 40 }).map((parts) => parts.join(''));

describe('the language never throws', () => {
  it('parses and renders any text', () => {
    fc.assert(fc.property(fc.oneof(templateText, fc.string()), (text) => {
      parseTemplate(text);
      expect(typeof renderTemplate(text, ctx)).toBe('string');
    }), { numRuns: 2000 });
  });

  it('renders text without braces or backslashes as itself', () => {
    fc.assert(fc.property(fc.string().filter((s) => !s.includes('{') && !s.includes('\\')), (text) => {
      expect(renderTemplate(text, ctx)).toBe(text);
    }));
  });

  it('round-trips escaped text: every brace escaped renders literally', () => {
    fc.assert(fc.property(fc.string().filter((s) => !s.includes('\\')), (text) => {
      expect(renderTemplate(text.replace(/[{}]/g, (c) => `\\${c}`), ctx)).toBe(text);
    }));
  });

  it('evaluates any text to a number or nothing', () => {
    fc.assert(fc.property(fc.oneof(templateText, fc.string()), (text) => {
      const result = evaluateExpression(text, ctx);
      if (result !== undefined) expect(result).toMatch(/^-?\d+(\.\d+)?(e[+-]\d+)?$/);
    }), { numRuns: 2000 });
  });
});
