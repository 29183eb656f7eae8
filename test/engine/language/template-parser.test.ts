// The tag parser: grammar, literal fallback, escaping and bounded work.
import { describe, expect, it } from 'vitest';
import { MAX_TAG_DEPTH, parseTemplate } from '../../../src/engine/language/template-parser.js';
import type { TemplateNode } from '../../../src/engine/language/template.js';

/** A compact rendering of the parse: text as is, tags as ⟨…⟩. */
function shape(nodes: readonly TemplateNode[]): string {
  return nodes.map((node) => {
    switch (node.kind) {
      case 'text':
        return node.text;
      case 'attribute':
        return `⟨${node.ref.scope}:${node.ref.name}${node.ref.path.map((s) => (s.kind === 'index' ? `[${s.index}]` : `.${s.key}`)).join('')}${node.ref.suffix ? `:${node.ref.suffix}` : ''}⟩`;
      case 'datetime':
        return `⟨datetime:${node.name}${node.format === null ? '' : `(${shape(node.format)})`}⟩`;
      case 'call':
        return `⟨fn:${node.name}(${node.args.map((a) => `«${shape(a)}»`).join('')})⟩`;
    }
  }).join('');
}

describe('parseTemplate', () => {
  it.each([
    ['plain text', 'plain text'],
    ['Hi {name}!', 'Hi ⟨human:name⟩!'],
    ['{root[0].id} and {root[1].text}', '⟨human:root[0].id⟩ and ⟨human:root[1].text⟩'],
    ['{a.b[2].c}', '⟨human:a.b[2].c⟩'],
    ['{ bot:count }', '⟨bot:count⟩'],
    ['{list:size}/{list:index}', '⟨human:list:size⟩/⟨human:list:index⟩'],
    ['{sys:uuid}', '⟨sys:uuid⟩'],
    ['{datetime:year}', '⟨datetime:year⟩'],
    ["{datetime:date(yyyy-MM-dd'T'HH:mm:ss)}", "⟨datetime:date(yyyy-MM-dd'T'HH:mm:ss)⟩"],
    ['{sys:function:uuid}', '⟨fn:uuid()⟩'],
    ['{sys:function:uuid()}', '⟨fn:uuid()⟩'],
    ['{sys:function:evaluate(({a}+2)*3)}', '⟨fn:evaluate(«(⟨human:a⟩+2)*3»)⟩'],
    ['{sys:function:dateFormat({d}, dd/MM/yyyy, "MMM d, yyyy")}', '⟨fn:dateFormat(«⟨human:d⟩»«dd/MM/yyyy»«"MMM d, yyyy"»)⟩'],
    ['{sys:function:embedJson({o},items[0],{"sku":"a,1","n":[1,2]})}', '⟨fn:embedJson(«⟨human:o⟩»«items[0]»«{"sku":"a,1","n":[1,2]}»)⟩'],
    ['{sys:function:embedJson({o},a,"{v}")}', '⟨fn:embedJson(«⟨human:o⟩»«a»«"⟨human:v⟩"»)⟩'],
    ['{sys:function:removeField({sys:function:embedJson({o},a,1)},a)}', '⟨fn:removeField(«⟨fn:embedJson(«⟨human:o⟩»«a»«1»)⟩»«a»)⟩'],
  ])('%j', (src, expected) => {
    expect(shape(parseTemplate(src).nodes)).toBe(expected);
  });

  it.each([
    ['{a b}', '{a b}'],
    ['{"a":1}', '{"a":1}'],
    ['{}', '{}'],
    ['{1x}', '{1x}'],
    ['{a:length}', '{a:length}'],
    ['{unclosed', '{unclosed'],
    ['{sys:function:f(a}', '{sys:function:f(a}'],
    ['p {margin:0}', 'p {margin:0}'],
  ])('keeps %j literal: it is not a tag', (src, expected) => {
    const template = parseTemplate(src);
    expect(shape(template.nodes)).toBe(expected);
    expect(template.hasTags).toBe(false);
  });

  it.each([
    ['\\{name}', '{name}'],
    ['\\{name\\}', '{name}'],
    ['\\\\{name}', '\\⟨human:name⟩'],
    ['\\\\\\{name}', '\\{name}'],
    ['C:\\dir\\file', 'C:\\dir\\file'],
    ['a \\ b', 'a \\ b'],
    ['{{name}}', '{⟨human:name⟩}'],
  ])('escaping: %j', (src, expected) => {
    expect(shape(parseTemplate(src).nodes)).toBe(expected);
  });

  it('finds tags inside JSON text without touching the JSON', () => {
    expect(shape(parseTemplate('{"name":"{sys:firstName}","tags":["{tag}"]}').nodes)).toBe('{"name":"⟨sys:firstName⟩","tags":["⟨human:tag⟩"]}');
  });

  it('leaves a tag nested past the depth limit as literal text', () => {
    const nest = (levels: number): string => {
      let src = '{x}';
      for (let i = 1; i < levels; i++) src = `{sys:function:evaluate(${src})}`;
      return src;
    };
    const innermost = (src: string): TemplateNode => {
      let node = parseTemplate(src).nodes[0]!;
      while (node.kind === 'call') node = node.args[0]![0]!;
      return node;
    };
    expect(innermost(nest(MAX_TAG_DEPTH)).kind).toBe('attribute');
    expect(innermost(nest(MAX_TAG_DEPTH + 1))).toEqual({ kind: 'text', text: '{x}' });
  });

  it.each([
    ['unclosed calls', '{sys:function:f('.repeat(20_000)],
    ['unclosed calls and braces', '{sys:function:f({a'.repeat(20_000)],
    ['open braces', '{'.repeat(100_000)],
  ])('parses pathological input (%s) to the end, keeping it literal', (_label, src) => {
    // The work is bounded by construction (memoized attempts and a scan budget per text); this checks the outcome.
    const template = parseTemplate(src);
    expect(template.hasTags).toBe(false);
    expect(template.nodes.map((n) => (n.kind === 'text' ? n.text : '')).join('')).toBe(src);
  });
});
