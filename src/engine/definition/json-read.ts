// Narrowing helpers for reading definitions that arrive as `unknown`.

export type RawObject = Record<string, unknown>;

export function isObject(value: unknown): value is RawObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function objectAt(node: RawObject, key: string): RawObject | undefined {
  const value = node[key];
  return isObject(value) ? value : undefined;
}

export function arrayAt(node: RawObject, key: string): unknown[] | undefined {
  const value = node[key];
  return Array.isArray(value) ? value : undefined;
}

export function stringAt(node: RawObject, key: string): string | undefined {
  const value = node[key];
  return typeof value === 'string' ? value : undefined;
}

export function numberAt(node: RawObject, key: string): number | undefined {
  const value = node[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** Present and not null: the spec's "each value may be null" fields count as absent when null. */
export function given(node: RawObject, key: string): boolean {
  return Object.hasOwn(node, key) && node[key] !== null && node[key] !== undefined;
}

/** A "string or array of string" field as a list; other shapes give an empty list. */
export function stringList(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}

/** Elements of a "string or array of string" field paired with their pointer suffix. */
export function stringListWithPointers(value: unknown, pointer: string): { value: string; pointer: string }[] {
  if (typeof value === 'string') return [{ value, pointer }];
  if (!Array.isArray(value)) return [];
  const out: { value: string; pointer: string }[] = [];
  value.forEach((v, i) => {
    if (typeof v === 'string') out.push({ value: v, pointer: `${pointer}/${i}` });
  });
  return out;
}
