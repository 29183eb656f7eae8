// Attribute references: `[scope:]name[path][:size|:index]` and `datetime:<name>`, as written inside tags, conditions and expressions.
import { scanBracket, type PathSegment } from './json-path.js';

export const SCOPES = ['human', 'bot', 'user', 'shared', 'sys'] as const;
export type Scope = (typeof SCOPES)[number];
/** The scopes whose attributes are stored by the runtime; `sys` values come from the system. */
export type StoredScope = Exclude<Scope, 'sys'>;

const SCOPE_SET: ReadonlySet<string> = new Set(SCOPES);

export function isScope(word: string): word is Scope {
  return SCOPE_SET.has(word);
}

export interface AttributeRef {
  kind: 'attribute';
  scope: Scope;
  name: string;
  /** Path into the JSON held by the attribute; empty for the whole value. */
  path: PathSegment[];
  /** `:size` is the length of the JSON array, `:index` the index of the element last taken. */
  suffix: 'size' | 'index' | null;
}

export interface DateTimeRef {
  kind: 'datetime';
  name: string;
}

export type ValueRef = AttributeRef | DateTimeRef;

/** The prefix of predefined function calls; not an attribute. */
export const FUNCTION_PREFIX = 'sys:function:';

export function isIdentStart(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
}

export function isIdentPart(code: number): boolean {
  return isIdentStart(code) || (code >= 48 && code <= 57) || code === 45;
}

/** Scans an identifier (`[A-Za-z_][A-Za-z0-9_-]*`) at pos; returns its end or -1. */
export function scanIdent(src: string, pos: number): number {
  if (pos >= src.length || !isIdentStart(src.charCodeAt(pos))) return -1;
  let end = pos + 1;
  while (end < src.length && isIdentPart(src.charCodeAt(end))) end++;
  return end;
}

/**
 * Scans a reference starting at pos. A leading scope word followed by `:` is a scope, so a human
 * attribute named like a scope is written `human:bot`. Returns null when the text there is not a
 * reference; the caller decides what may follow it.
 */
export function scanReference(src: string, pos: number, hyphens = true): { ref: ValueRef; end: number } | null {
  const scan = hyphens ? scanIdent : scanIdentNoHyphen;
  const firstEnd = scan(src, pos);
  if (firstEnd < 0) return null;
  const first = src.slice(pos, firstEnd);
  let end = firstEnd;
  if (first === 'datetime' && src[end] === ':') {
    const nameEnd = scan(src, end + 1);
    if (nameEnd < 0) return null;
    return { ref: { kind: 'datetime', name: src.slice(end + 1, nameEnd) }, end: nameEnd };
  }
  let scope: Scope = 'human';
  let name = first;
  if (isScope(first) && src[end] === ':') {
    const nameEnd = scan(src, end + 1);
    if (nameEnd < 0) return null;
    scope = first;
    name = src.slice(end + 1, nameEnd);
    end = nameEnd;
  }
  const path: PathSegment[] = [];
  for (;;) {
    if (src[end] === '.') {
      const keyStart = end + 1;
      let keyEnd = keyStart;
      while (keyEnd < src.length && isIdentPart(src.charCodeAt(keyEnd))) keyEnd++;
      if (keyEnd === keyStart) return null;
      path.push({ kind: 'key', key: src.slice(keyStart, keyEnd) });
      end = keyEnd;
    } else if (src[end] === '[') {
      const bracket = scanBracket(src, end);
      if (bracket === null) return null;
      path.push(bracket.segment);
      end = bracket.end;
    } else break;
  }
  let suffix: AttributeRef['suffix'] = null;
  if (src[end] === ':') {
    const suffixEnd = scan(src, end + 1);
    const word = suffixEnd < 0 ? '' : src.slice(end + 1, suffixEnd);
    if (word !== 'size' && word !== 'index') return null;
    suffix = word;
    end = suffixEnd;
  }
  if (scope === 'sys' && name === 'function') return null;
  return { ref: { kind: 'attribute', scope, name, path, suffix }, end };
}

function scanIdentNoHyphen(src: string, pos: number): number {
  if (pos >= src.length || !isIdentStart(src.charCodeAt(pos))) return -1;
  let end = pos + 1;
  while (end < src.length) {
    const c = src.charCodeAt(end);
    if (!isIdentPart(c) || c === 45) break;
    end++;
  }
  return end;
}

/** Parses a whole string (surrounding blanks allowed) as one reference; null when it is not one. */
export function parseReference(text: string): ValueRef | null {
  const src = text.trim();
  const scanned = scanReference(src, 0);
  return scanned !== null && scanned.end === src.length ? scanned.ref : null;
}

/** The key a stored attribute's `:index` companion lives under. */
export function indexAttributeName(name: string): string {
  return `${name}:index`;
}

export function formatRef(ref: ValueRef): string {
  if (ref.kind === 'datetime') return `datetime:${ref.name}`;
  const scope = ref.scope === 'human' ? '' : `${ref.scope}:`;
  let path = '';
  for (const seg of ref.path) path += seg.kind === 'index' ? `[${seg.index}]` : `.${seg.key}`;
  return `${scope}${ref.name}${path}${ref.suffix === null ? '' : `:${ref.suffix}`}`;
}
