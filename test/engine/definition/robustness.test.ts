// Property tests: no input, however odd, makes validation throw (the API must never answer 500).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateDefinition } from '../../../src/engine/definition/validate.js';

const actionKeys = ['name', 'send', 'goto', 'execute', 'conditions', 'assignAttributes', 'updateAttribute', 'waitFor', 'dataCapture', 'startDialog', 'pause', 'delay', 'validation', 'assignTags', 'subscribe'];
const anyJson = fc.jsonValue({ maxDepth: 4 });
const action = fc.dictionary(fc.constantFrom(...actionKeys), anyJson, { maxKeys: 4 });
const interaction = fc.record({
  name: fc.oneof(fc.string(), anyJson),
  intents: fc.oneof(fc.array(fc.oneof(fc.string(), anyJson)), anyJson),
  actions: fc.oneof(fc.array(action, { maxLength: 4 }), anyJson),
  include: fc.oneof(fc.string(), anyJson),
  validation: anyJson,
}, { requiredKeys: [] });

describe('validateDefinition never throws', () => {
  it('on arbitrary JSON', () => {
    fc.assert(fc.property(anyJson, (input) => {
      const result = validateDefinition(input);
      expect(result.ok || result.problems.length > 0).toBe(true);
    }), { numRuns: 300 });
  });

  it('on definition-shaped input with arbitrary parts, in both formats', () => {
    fc.assert(fc.property(fc.boolean(), fc.array(interaction, { maxLength: 4 }), (bot, items) => {
      const input = bot ? { name: 'fuzz', interactions: items } : { name: 'fuzz', workflows: items };
      const result = validateDefinition(input, { resolveInclude: (name) => (name === 'lib' ? { name: 'lib', interactions: items } : undefined) });
      for (const problem of result.problems) {
        expect(problem.pointer === '' || problem.pointer.startsWith('/')).toBe(true);
        expect(problem.message.length).toBeGreaterThan(0);
      }
    }), { numRuns: 300 });
  });
});
