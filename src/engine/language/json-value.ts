// JSON values as the bot language sees them: attribute contents parsed on demand and literals from definitions.

export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;
export interface JsonObject { [key: string]: JsonValue }

export type JsonParse = { ok: true; value: JsonValue } | { ok: false };

const FAILED: JsonParse = { ok: false };

export function parseJson(text: string): JsonParse {
  // Cheap pre-check: most attribute values are plain words, and a thrown SyntaxError is expensive.
  const first = firstNonSpace(text);
  if (first === undefined) return FAILED;
  if (!'{["-0123456789tfn'.includes(first)) return FAILED;
  try {
    return { ok: true, value: JSON.parse(text) as JsonValue };
  } catch {
    return FAILED;
  }
}

function firstNonSpace(text: string): string | undefined {
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c !== ' ' && c !== '\n' && c !== '\r' && c !== '\t') return c;
  }
  return undefined;
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Narrows an unknown (e.g. a definition literal that passed the schema) to a JSON value. */
export function isJsonValue(value: unknown): value is JsonValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJsonValue);
  if (typeof value === 'object') return Object.values(value).every(isJsonValue);
  return false;
}

/**
 * How a JSON value appears when it is substituted into text: strings bare (no quotes),
 * null as nothing, everything else as compact JSON.
 */
export function jsonToText(value: JsonValue | undefined): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The reverse of embedding text: valid JSON text becomes that value, anything else a JSON string. */
export function textToJson(text: string): JsonValue {
  const parsed = parseJson(text);
  return parsed.ok ? parsed.value : text;
}
