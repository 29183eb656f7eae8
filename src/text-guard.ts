// Refuses text no store keeps faithfully: a NUL character (PostgreSQL rejects it) and a lone UTF-16 surrogate (both drivers turn it into U+FFFD).
import { Stream } from 'node:stream';

/** Where a bad character sits and what it is, for a 400 that names the field. */
export interface BadText {
  /** Dotted path of the field (`tags.2`, `name`); `(key)` marks a property name rather than its value. */
  field: string;
  problem: 'a NUL character (\\u0000)' | 'an unpaired UTF-16 surrogate';
}

const MAX_DEPTH = 64;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one (String#isWellFormed is ES2024). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function problemIn(text: string): BadText['problem'] | null {
  if (text.includes('\u0000')) return 'a NUL character (\\u0000)';
  if (LONE_SURROGATE.test(text)) return 'an unpaired UTF-16 surrogate';
  return null;
}

/**
 * The first string in `value` (keys included) that holds a NUL or a lone surrogate, or null.
 * Walks at most MAX_DEPTH levels: deeper documents are refused elsewhere (body size, schema) before they matter.
 */
export function findBadText(value: unknown, field = '', depth = 0): BadText | null {
  if (typeof value === 'string') {
    const problem = problemIn(value);
    return problem === null ? null : { field, problem };
  }
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return null;
  // A body read as a stream (an import's file) is checked by its route, row by row, as it is read.
  if (Buffer.isBuffer(value) || value instanceof Stream) return null;
  const join = (key: string) => (field === '' ? key : `${field}.${key}`);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findBadText(value[i], join(String(i)), depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, inner] of Object.entries(value)) {
    const keyProblem = problemIn(key);
    if (keyProblem !== null) return { field: `${join(JSON.stringify(key).slice(1, -1))} (key)`, problem: keyProblem };
    const found = findBadText(inner, join(key), depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** The sentence a 400 carries: `where` is body, query, params, frame or the webhook's part. */
export function describeBadText(where: string, bad: BadText): string {
  const subject = bad.field === '' ? where : `${where} field ${bad.field}`;
  return `${subject} contains ${bad.problem}; text with it cannot be stored. Remove it and send again.`;
}
