// Rendering: tags replaced by values in text fields, and in the string values of JSON bodies.
import type { LanguageContext } from './context.js';
import { dateTimeAttribute } from './datetime-attributes.js';
import { callFunction } from './functions/registry.js';
import { isJsonObject, type JsonValue } from './json-value.js';
import { resolveRef, type JsonMemo } from './resolve.js';
import type { Template, TemplateNode } from './template.js';
import { parseTemplate } from './template-parser.js';

/** Parsed templates by source text; bots render the same few texts again and again. */
const cache = new Map<string, Template>();
const CACHE_LIMIT = 5_000;
/** Texts longer than this are parsed every time rather than cached (they are rare and large). */
const CACHE_MAX_TEXT = 8_192;

export function compileTemplate(src: string): Template {
  const hit = cache.get(src);
  if (hit !== undefined) return hit;
  const template = parseTemplate(src);
  if (src.length <= CACHE_MAX_TEXT) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(src, template);
  }
  return template;
}

/**
 * Replaces every tag in the text. Attribute values are inserted as they are, never rendered again,
 * so a value holding `{x}` prints `{x}` and cannot loop.
 */
export function renderTemplate(template: string | Template, ctx: LanguageContext): string {
  const parsed = typeof template === 'string' ? compileTemplate(template) : template;
  if (!parsed.hasTags) return parsed.nodes.length === 0 ? '' : (parsed.nodes[0] as { text: string }).text;
  return renderNodes(parsed.nodes, ctx, new Map());
}

function renderNodes(nodes: readonly TemplateNode[], ctx: LanguageContext, memo: JsonMemo): string {
  let out = '';
  for (const node of nodes) out += renderNode(node, ctx, memo);
  return out;
}

function renderNode(node: TemplateNode, ctx: LanguageContext, memo: JsonMemo): string {
  switch (node.kind) {
    case 'text':
      return node.text;
    case 'attribute':
      return resolveRef(node.ref, ctx, memo) ?? '';
    case 'datetime': {
      const format = node.format === null ? null : renderNodes(node.format, ctx, memo);
      return dateTimeAttribute(node.name, format, ctx.clock(), ctx.timeZone) ?? '';
    }
    case 'call':
      return callFunction(node.name, node.args.map((arg) => renderNodes(arg, ctx, memo)), ctx, memo);
  }
}

/** Renders tags inside every string value (not keys) of a JSON value: custom JSON messages, object values. */
export function renderJsonStrings(value: JsonValue, ctx: LanguageContext): JsonValue {
  if (typeof value === 'string') return renderTemplate(value, ctx);
  if (Array.isArray(value)) return value.map((item) => renderJsonStrings(item, ctx));
  if (isJsonObject(value)) {
    const out: { [key: string]: JsonValue } = {};
    for (const [key, item] of Object.entries(value)) {
      Object.defineProperty(out, key, { value: renderJsonStrings(item, ctx), writable: true, enumerable: true, configurable: true });
    }
    return out;
  }
  return value;
}
