// Text normalization for recognition: case, accents, punctuation, whitespace and word breaks in any script, keeping
// offsets into the original text.

/** One word of a message: its normalized form and where it sits in the original text. */
export interface Token {
  norm: string;
  start: number;
  end: number;
}

const APOSTROPHES = new Set(["'", '\u2019', '\u02bc', '\u2018', '`', '\u00b4']);
// Accents are the combining marks of the Latin, Greek and Cyrillic alphabets (é → e, ё → е). Marks of
// other scripts are part of the letter: the Japanese voicing mark (が is not か), Devanagari and Thai vowel signs.
const ACCENTS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/gu;
const MARK = /^\p{M}$/u;
const WORD_CHAR = /^[\p{L}\p{N}\p{M}]$/u;
// Letters NFKD leaves whole that a typist spells with plain letters (Straße, cœur, Ærø, Łódź).
const FOLDS: Record<string, string> = {
  ß: 'ss', ẞ: 'ss', œ: 'oe', æ: 'ae', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i',
};
// Scripts written without spaces between words: their runs of letters are split into words by the
// Unicode word-break rules (ICU's dictionaries, through Intl.Segmenter).
const UNSPACED = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}]/u;

// Per-character results are cached: messages reuse a small alphabet, and normalizing a
// character at a time is what lets tokens keep their offsets into the original text.
const charCache = new Map<string, string>();

/**
 * The normalized form of one code point: '' for apostrophes and lone accents, ' ' for separators, else lowercase
 * letters/digits without accents.
 */
export function normalizeChar(ch: string): string {
  const cached = charCache.get(ch);
  if (cached !== undefined) return cached;
  let out: string;
  if (APOSTROPHES.has(ch)) {
    // "don't" and "dont" are the same word to a typist.
    out = '';
  } else {
    const bare = (s: string) => s.normalize('NFKD').replace(ACCENTS, '');
    const folded = bare(bare(ch).toLowerCase()).normalize('NFC');
    out = '';
    for (const c of folded) out += FOLDS[c] ?? (WORD_CHAR.test(c) ? c : ' ');
    // A lone accent (text typed in decomposed form) belongs to the letter before it: no word break.
    if (out === '' && !MARK.test(ch)) out = ' ';
  }
  if (charCache.size < 10_000) charCache.set(ch, out);
  return out;
}

const segmenter = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'word' }) : null;

/**
 * Splits a word of an unspaced script ("東京の天気") into words ("東京", "の", "天気"); `starts` and
 * `ends` give each UTF-16 unit of `norm` its place in the original text. Without Intl.Segmenter
 * (a Node built without ICU data), each character is a word: the character n-grams still match.
 */
function segment(norm: string, starts: readonly number[], ends: readonly number[], out: Token[]): void {
  const at = (i: number, j: number) => out.push({ norm: norm.slice(i, j), start: starts[i]!, end: ends[j - 1]! });
  if (segmenter === null) {
    let i = 0;
    for (const c of norm) {
      at(i, i + c.length);
      i += c.length;
    }
    return;
  }
  for (const s of segmenter.segment(norm)) {
    if (s.isWordLike !== false && s.segment.trim() !== '') at(s.index, s.index + s.segment.length);
  }
}

const ANY_MARK = /\p{M}/u;

/**
 * Joins marks typed apart to the letter before them where Unicode has one character for both
 * (half-width ｶﾞ → ガ), keeping the offsets: `starts`/`ends` are rewritten alongside.
 */
function compose(norm: string, starts: number[], ends: number[]): string {
  if (!ANY_MARK.test(norm)) return norm;
  let out = '';
  let n = 0;
  for (let i = 0; i < norm.length; i++) {
    const c = norm[i]!;
    const joined = n > 0 && MARK.test(c) ? (out[n - 1]! + c).normalize('NFC') : '';
    if (joined.length === 1) {
      out = out.slice(0, n - 1) + joined;
      ends[n - 1] = ends[i]!;
      continue;
    }
    out += c;
    starts[n] = starts[i]!;
    ends[n] = ends[i]!;
    n++;
  }
  starts.length = n;
  ends.length = n;
  return out;
}

/** Splits text into normalized words with their [start, end) offsets in `text`. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let norm = '';
  let start = -1;
  let end = -1;
  let offset = 0;
  // Where each unit of `norm` came from, for splitting words of unspaced scripts.
  const starts: number[] = [];
  const ends: number[] = [];
  let unspaced = false;
  // Whether the word holds anything but ASCII (only then can it hold a mark to compose).
  let wide = false;
  const push = () => {
    if (norm === '') return;
    if (unspaced) segment(compose(norm, starts, ends), starts, ends, tokens);
    else tokens.push({ norm: wide ? norm.normalize('NFC') : norm, start, end });
    norm = '';
    start = -1;
    unspaced = false;
    wide = false;
    starts.length = 0;
    ends.length = 0;
  };
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
    if (code >= 128) {
      wide = true;
      if (!unspaced && UNSPACED.test(ch)) unspaced = true;
    }
    for (const c of n) {
      if (c === ' ') {
        push();
      } else {
        if (start < 0) start = offset;
        norm += c;
        end = offset + ch.length;
        for (let k = 0; k < c.length; k++) {
          starts.push(offset);
          ends.push(end);
        }
      }
    }
    if (n === '' && start >= 0) end = offset + ch.length;
    offset += ch.length;
  }
  push();
  return tokens;
}

/**
 * The normalized text: words joined by single spaces. Two texts that differ only in case, punctuation, spacing or
 * accents normalize alike.
 */
export function normalizeText(text: string): string {
  return tokenize(text)
    .map((t) => t.norm)
    .join(' ');
}

/** Words of a text, normalized. */
export function words(text: string): string[] {
  return tokenize(text).map((t) => t.norm);
}
