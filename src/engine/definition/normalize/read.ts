// Typed reads from a definition that already passed schema and lint: absent and null both read as "not given".
import { isJsonValue, type JsonValue } from '../../language/json-value.js';
import { isObject, stringList, type RawObject } from '../json-read.js';

export function text(node: RawObject, key: string): string | null {
  const value = node[key];
  return typeof value === 'string' ? value : null;
}

export function flag(node: RawObject, key: string, fallback: boolean): boolean {
  const value = node[key];
  return typeof value === 'boolean' ? value : fallback;
}

export function integer(node: RawObject, key: string, fallback: number): number {
  const value = node[key];
  return typeof value === 'number' && Number.isInteger(value) ? value : fallback;
}

export function list(node: RawObject, key: string): string[] {
  return stringList(node[key]);
}

export function objects(node: RawObject, key: string): RawObject[] {
  const value = node[key];
  return Array.isArray(value) ? value.filter(isObject) : [];
}

export function object(node: RawObject, key: string): RawObject | null {
  const value = node[key];
  return isObject(value) ? value : null;
}

/** A value the schema allows to be any JSON (object, array, string …); undefined when absent. */
export function json(node: RawObject, key: string): JsonValue | undefined {
  if (!Object.hasOwn(node, key)) return undefined;
  const value = node[key];
  return isJsonValue(value) ? value : undefined;
}

export function jsonRecord(value: unknown): Record<string, JsonValue> | null {
  if (!isObject(value)) return null;
  const out: Record<string, JsonValue> = {};
  for (const [key, item] of Object.entries(value)) if (isJsonValue(item)) out[key] = item;
  return out;
}

/** A string, or an object taken as a JSON record, for the spec's "string or object" fields. */
export function textOrRecord(node: RawObject, key: string): string | Record<string, JsonValue> | null {
  return text(node, key) ?? jsonRecord(node[key]);
}

/** Fields beyond the known ones, for objects whose extra properties the spec allows. */
export function extras(node: RawObject, known: readonly string[]): Record<string, JsonValue> {
  const out: Record<string, JsonValue> = {};
  for (const [key, value] of Object.entries(node)) {
    if (!known.includes(key) && isJsonValue(value)) out[key] = value;
  }
  return out;
}

/** An enumerated field already checked by the schema. */
export function oneOf<T extends string>(node: RawObject, key: string, allowed: readonly T[], fallback: T): T;
export function oneOf<T extends string>(node: RawObject, key: string, allowed: readonly T[], fallback: null): T | null;
export function oneOf<T extends string>(node: RawObject, key: string, allowed: readonly T[], fallback: T | null): T | null {
  const value = node[key];
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

const UNIT_MS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** "30s", "5m", "1h", "2d" in milliseconds; null when not a duration. */
export function durationMs(value: string): number | null {
  const match = /^(\d+)(s|m|h|d)$/.exec(value);
  if (match === null) return null;
  return Number(match[1]) * UNIT_MS[match[2]!]!;
}
