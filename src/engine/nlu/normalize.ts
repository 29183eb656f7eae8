// Text normalization for recognition: case, diacritics (NFKD), punctuation and whitespace, keeping offsets into the original text.

/** One word of a message: its normalized form and where it sits in the original text. */
export interface Token {
  norm: string;
  start: number;
  end: number;
}

const APOSTROPHES = new Set(["'", '\u2019', '\u02bc', '\u2018', '`', '\u00b4']);
const MARKS = /\p{M}/gu;
const WORD_CHAR = /^[\p{L}\p{N}]$/u;

// Per-character results are cached: messages reuse a small alphabet, and normalizing a
// character at a time is what lets tokens keep their offsets into the original text.
const charCache = new Map<string, string>();

/** The normalized form of one code point: '' for apostrophes, ' ' for separators, else lowercase letters/digits without marks. */
export function normalizeChar(ch: string): string {
  const cached = charCache.get(ch);
  if (cached !== undefined) return cached;
  let out: string;
  if (APOSTROPHES.has(ch)) {
    // "don't" and "dont" are the same word to a typist.
    out = '';
  } else {
    const folded = ch.normalize('NFKD').replace(MARKS, '').toLowerCase().normalize('NFKD').replace(MARKS, '');
    out = '';
    for (const c of folded) out += WORD_CHAR.test(c) ? c : ' ';
    if (out === '') out = ' ';
  }
  if (charCache.size < 10_000) charCache.set(ch, out);
  return out;
}

/** Splits text into normalized words with their [start, end) offsets in `text`. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let norm = '';
  let start = -1;
  let end = -1;
  let offset = 0;
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    // ASCII letters and digits are by far the common case; skip the cache for them.
    const n =
      code < 128
        ? (code >= 97 && code <= 122) || (code >= 48 && code <= 57)
          ? ch
          : code >= 65 && code <= 90
            ? String.fromCharCode(code + 32)
            : code === 39 || code === 96
              ? ''
              : ' '
        : normalizeChar(ch);
    for (const c of n) {
      if (c === ' ') {
        if (norm !== '') tokens.push({ norm, start, end });
        norm = '';
        start = -1;
      } else {
        if (start < 0) start = offset;
        norm += c;
        end = offset + ch.length;
      }
    }
    if (n === '' && start >= 0) end = offset + ch.length;
    offset += ch.length;
  }
  if (norm !== '') tokens.push({ norm, start, end });
  return tokens;
}

/** The normalized text: words joined by single spaces. Two texts that differ only in case, punctuation, spacing or diacritics normalize alike. */
export function normalizeText(text: string): string {
  return tokenize(text)
    .map((t) => t.norm)
    .join(' ');
}

/** Words of a text, normalized. */
export function words(text: string): string[] {
  return tokenize(text).map((t) => t.norm);
}
