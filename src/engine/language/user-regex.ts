// Compiling bot authors' regular expressions, always with RE2 (linear time, no catastrophic backtracking).
import RE2 from 're2';

/** Compiled patterns by source and flags; the same few patterns run on every message. */
const cache = new Map<string, RE2 | null>();
const CACHE_LIMIT = 1_000;

/** A compiled pattern, or null when RE2 rejects it (invalid, or a feature RE2 lacks such as lookbehind). */
export function compileUserRegex(source: string, flags = ''): RE2 | null {
  const key = `${flags}/${source}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  let compiled: RE2 | null;
  try {
    compiled = new RE2(source, flags);
  } catch {
    compiled = null;
  }
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, compiled);
  return compiled;
}

/** Why RE2 rejects a pattern, for the lint; null when it compiles. */
export function userRegexError(source: string): string | null {
  try {
    new RE2(source, 'u');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
