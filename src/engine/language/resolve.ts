// Reading a reference's value: scopes, sys and datetime attributes, JSON paths, `:size` and `:index`.
import type { LanguageContext } from './context.js';
import { dateTimeAttribute } from './datetime-attributes.js';
import { getAt } from './json-path.js';
import { jsonToText, parseJson, type JsonValue } from './json-value.js';
import { indexAttributeName, type AttributeRef, type ValueRef } from './reference.js';
import { isSysAttribute } from './sys-attributes.js';

/** Parsed JSON per attribute text, kept for one render so ten paths into one attribute parse it once. */
export type JsonMemo = Map<string, JsonValue | undefined>;

/** The stored text of the attribute a reference names (before any path), undefined when absent. */
export function rawAttribute(ref: AttributeRef, ctx: LanguageContext): string | undefined {
  if (ref.scope === 'sys') {
    if (ref.suffix === 'index' || !isSysAttribute(ref.name)) return undefined;
    if (ref.name === 'uuid') return ctx.uuid();
    return ctx.sys(ref.name) ?? undefined;
  }
  const name = ref.suffix === 'index' ? indexAttributeName(ref.name) : ref.name;
  return ctx.attributes.get(ref.scope, name);
}

function parsed(text: string, memo: JsonMemo | undefined): JsonValue | undefined {
  if (memo !== undefined && memo.has(text)) return memo.get(text);
  const result = parseJson(text);
  const value = result.ok ? result.value : undefined;
  memo?.set(text, value);
  return value;
}

/**
 * The JSON value a reference addresses: the attribute's text parsed as JSON when a path or
 * `:size` needs it, otherwise the text itself as a JSON string.
 */
export function resolveJson(ref: AttributeRef, ctx: LanguageContext, memo?: JsonMemo): JsonValue | undefined {
  const raw = rawAttribute(ref, ctx);
  if (raw === undefined) return undefined;
  if (ref.suffix === 'index') return ref.path.length === 0 ? raw : undefined;
  if (ref.path.length === 0 && ref.suffix === null) return raw;
  const root = parsed(raw, memo);
  if (root === undefined) return undefined;
  const node = getAt(root, ref.path);
  if (ref.suffix === 'size') return Array.isArray(node) ? node.length : 0;
  return node;
}

/** The text a reference renders as; undefined when absent (tags render that as empty). */
export function resolveRef(ref: ValueRef, ctx: LanguageContext, memo?: JsonMemo): string | undefined {
  if (ref.kind === 'datetime') return dateTimeAttribute(ref.name, null, ctx.clock(), ctx.timeZone);
  if (ref.suffix === 'size') {
    const size = resolveJson(ref, ctx, memo);
    return String(size ?? 0);
  }
  const value = resolveJson(ref, ctx, memo);
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : jsonToText(value);
}
