// JSON paths in dot and bracket notation (`root[0].id`, `$.a.b[2]`): parsing, reading, building and removing.
import { isJsonObject, type JsonValue } from './json-value.js';

export type PathSegment = { kind: 'key'; key: string } | { kind: 'index'; index: number };

/** Indexes above this are refused: building `[999999999]` would allocate a huge array of nulls. */
export const MAX_PATH_INDEX = 10_000;

/**
 * Parses a path such as `items[0].sku`, `$.items[0]`, `["a key"].b`. An empty path (or `$`) is the
 * root itself. Returns null when the text is not a path.
 */
export function parsePath(text: string): PathSegment[] | null {
  let src = text.trim();
  if (src.startsWith('$')) src = src.slice(1);
  const segments: PathSegment[] = [];
  let pos = 0;
  let first = true;
  while (pos < src.length) {
    const c = src[pos]!;
    if (c === '[') {
      const seg = scanBracket(src, pos);
      if (seg === null) return null;
      segments.push(seg.segment);
      pos = seg.end;
    } else {
      if (c === '.') pos++;
      else if (!first) return null;
      const start = pos;
      while (pos < src.length && src[pos] !== '.' && src[pos] !== '[' && src[pos] !== ']') pos++;
      const key = src.slice(start, pos).trim();
      if (key === '') return null;
      segments.push({ kind: 'key', key });
    }
    first = false;
  }
  return segments;
}

/** Scans `[12]`, `["key"]` or `['key']` starting at the `[`. */
export function scanBracket(src: string, open: number): { segment: PathSegment; end: number } | null {
  let pos = open + 1;
  const c = src[pos];
  if (c === '"' || c === "'") {
    let key = '';
    pos++;
    while (pos < src.length && src[pos] !== c) {
      if (src[pos] === '\\' && pos + 1 < src.length) pos++;
      key += src[pos];
      pos++;
    }
    if (src[pos] !== c || src[pos + 1] !== ']') return null;
    return { segment: { kind: 'key', key }, end: pos + 2 };
  }
  const start = pos;
  while (pos < src.length && src.charCodeAt(pos) >= 48 && src.charCodeAt(pos) <= 57) pos++;
  if (pos === start || src[pos] !== ']' || pos - start > 6) return null;
  const index = Number(src.slice(start, pos));
  if (index > MAX_PATH_INDEX) return null;
  return { segment: { kind: 'index', index }, end: pos + 1 };
}

export function getAt(root: JsonValue, path: readonly PathSegment[]): JsonValue | undefined {
  let node: JsonValue | undefined = root;
  for (const seg of path) {
    if (node === undefined) return undefined;
    if (seg.kind === 'index') {
      node = Array.isArray(node) ? node[seg.index] : undefined;
    } else {
      node = isJsonObject(node) && Object.hasOwn(node, seg.key) ? node[seg.key] : undefined;
    }
  }
  return node;
}

/**
 * Returns a copy of root with value placed at path, building missing (or null) containers on the
 * way: a key builds an object, an index an array padded with nulls. Undefined when the path runs
 * into a value of the wrong kind (a key into an array, an index into an object, anything into a
 * string or number).
 */
export function setAt(root: JsonValue, path: readonly PathSegment[], value: JsonValue): JsonValue | undefined {
  if (path.length === 0) return value;
  const [seg, ...rest] = path as [PathSegment, ...PathSegment[]];
  if (seg.kind === 'index') {
    const base: JsonValue[] | undefined = root === null ? [] : Array.isArray(root) ? root.slice() : undefined;
    if (base === undefined) return undefined;
    while (base.length < seg.index) base.push(null);
    const child = setAt(base[seg.index] ?? null, rest, value);
    if (child === undefined) return undefined;
    base[seg.index] = child;
    return base;
  }
  const base = root === null ? {} : isJsonObject(root) ? { ...root } : undefined;
  if (base === undefined) return undefined;
  const child = setAt(Object.hasOwn(base, seg.key) ? base[seg.key]! : null, rest, value);
  if (child === undefined) return undefined;
  setOwn(base, seg.key, child);
  return base;
}

/** Plain assignment of `__proto__` would change the prototype instead of adding a field. */
function setOwn(target: { [key: string]: JsonValue }, key: string, value: JsonValue): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

/** Returns a copy of root without the field or element at path; undefined when the path does not exist. */
export function removeAt(root: JsonValue, path: readonly PathSegment[]): JsonValue | undefined {
  if (path.length === 0) return undefined;
  const [seg, ...rest] = path as [PathSegment, ...PathSegment[]];
  if (seg.kind === 'index') {
    if (!Array.isArray(root) || seg.index >= root.length) return undefined;
    const copy = root.slice();
    if (rest.length === 0) {
      copy.splice(seg.index, 1);
      return copy;
    }
    const child = removeAt(root[seg.index]!, rest);
    if (child === undefined) return undefined;
    copy[seg.index] = child;
    return copy;
  }
  if (!isJsonObject(root) || !Object.hasOwn(root, seg.key)) return undefined;
  const copy = { ...root };
  if (rest.length === 0) {
    delete copy[seg.key];
    return copy;
  }
  const child = removeAt(root[seg.key]!, rest);
  if (child === undefined) return undefined;
  setOwn(copy, seg.key, child);
  return copy;
}
