// Helpers shared by the predefined functions for reading their (already rendered) arguments.
import type { LanguageContext } from '../context.js';
import { parseJson, type JsonValue } from '../json-value.js';
import { parseReference } from '../reference.js';
import { resolveRef } from '../resolve.js';

/** A plain-text argument: one JSON string literal (`"MMM d, yyyy"`) is unquoted so it may hold commas. */
export function textArgument(arg: string | undefined): string {
  const text = (arg ?? '').trim();
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) {
    const parsed = parseJson(text);
    if (parsed.ok && typeof parsed.value === 'string') return parsed.value;
  }
  return text;
}

/**
 * The value of an argument that names its data: the text itself, or, when the text is a bare
 * attribute name (`order` rather than `{order}`), that attribute's value. The spec describes
 * these arguments as "stored in the attribute", so both spellings work.
 */
export function attributeOrText(arg: string | undefined, ctx: LanguageContext): string {
  const text = (arg ?? '').trim();
  const ref = parseReference(text);
  if (ref === null) return text;
  return resolveRef(ref, ctx) ?? text;
}

/** An argument that must be JSON: its text, or the attribute it names; undefined when neither is JSON. */
export function jsonArgument(arg: string | undefined, ctx: LanguageContext): JsonValue | undefined {
  const direct = parseJson((arg ?? '').trim());
  if (direct.ok) return direct.value;
  const named = parseJson(attributeOrText(arg, ctx));
  return named.ok ? named.value : undefined;
}
