// Java/Unicode date patterns (`yyyy-MM-dd'T'HH:mm:ss`) translated to Luxon's format tokens.

/**
 * Pattern letter runs we support, by letter, as a function of the run length. Letters whose Luxon
 * meaning differs (D, e, u, w, x, X, Z, z, S, Y) are the reason this table exists.
 */
const LETTERS: Record<string, (n: number) => string | null> = {
  G: (n) => (n <= 3 ? 'G' : n === 4 ? 'GG' : 'GGGGG'),
  y: year,
  u: year,
  Y: (n) => (n === 2 ? 'kk' : 'kkkk'),
  Q: quarter,
  q: quarter,
  M: month('M'),
  L: month('L'),
  w: (n) => (n === 1 ? 'W' : 'WW'),
  d: (n) => (n === 1 ? 'd' : n === 2 ? 'dd' : null),
  D: (n) => (n === 3 ? 'ooo' : 'o'),
  E: (n) => (n <= 3 ? 'EEE' : n === 4 ? 'EEEE' : 'EEEEE'),
  e: weekday('E'),
  c: weekday('c'),
  a: (n) => (n === 1 ? 'a' : null),
  h: twoDigits('h'),
  H: twoDigits('H'),
  m: twoDigits('m'),
  s: twoDigits('s'),
  S: (n) => (n === 1 ? 'uuu' : n === 2 ? 'uu' : n === 3 ? 'SSS' : `SSS'${'0'.repeat(n - 3)}'`),
  z: (n) => (n <= 3 ? 'ZZZZ' : 'ZZZZZ'),
  V: (n) => (n === 2 ? 'z' : null),
  Z: (n) => (n <= 3 ? 'ZZZ' : n === 4 ? "'GMT'ZZ" : 'ZZ'),
  X: offset,
  x: offset,
};

function year(n: number): string {
  return n === 2 ? 'yy' : n === 1 ? 'y' : n <= 4 ? 'yyyy' : 'yyyyyy';
}

function quarter(n: number): string | null {
  return n === 1 ? 'q' : n === 2 ? 'qq' : n === 3 ? "'Q'q" : null;
}

function month(letter: 'M' | 'L') {
  return (n: number): string | null => (n <= 5 ? letter.repeat(n) : null);
}

function weekday(letter: 'E' | 'c') {
  return (n: number): string | null => (n <= 2 ? letter : n === 3 ? letter.repeat(3) : n === 4 ? letter.repeat(4) : letter.repeat(5));
}

function twoDigits(letter: string) {
  return (n: number): string | null => (n === 1 ? letter : n === 2 ? letter + letter : null);
}

function offset(n: number): string {
  return n === 1 || n === 2 ? 'ZZZ' : 'ZZ';
}

/** Quotes literal text for Luxon; an apostrophe is written `''` outside the quoted run. */
function literal(text: string): string {
  return text
    .split("'")
    .map((part) => (part === '' ? '' : `'${part}'`))
    .join("''");
}

/**
 * Translates a Java/Unicode pattern to a Luxon format string, or null when it uses a letter we do
 * not support (a caller treats that as a failed conversion, never as literal text).
 */
export function javaPatternToLuxon(pattern: string): string | null {
  let out = '';
  let pos = 0;
  while (pos < pattern.length) {
    const c = pattern[pos]!;
    if (c === "'") {
      // Quoted literal; '' inside or outside a quote is one apostrophe.
      if (pattern[pos + 1] === "'") {
        out += literal("'");
        pos += 2;
        continue;
      }
      let text = '';
      pos++;
      while (pos < pattern.length) {
        if (pattern[pos] === "'") {
          if (pattern[pos + 1] === "'") {
            text += "'";
            pos += 2;
            continue;
          }
          break;
        }
        text += pattern[pos];
        pos++;
      }
      if (pos >= pattern.length) return null;
      pos++;
      out += literal(text);
      continue;
    }
    if (/[A-Za-z]/.test(c)) {
      let end = pos;
      while (pattern[end] === c) end++;
      const translate = LETTERS[c];
      const token = translate === undefined ? null : translate(end - pos);
      if (token === null) return null;
      out += token;
      pos = end;
      continue;
    }
    let end = pos;
    while (end < pattern.length && pattern[end] !== "'" && !/[A-Za-z]/.test(pattern[end]!)) end++;
    out += literal(pattern.slice(pos, end));
    pos = end;
  }
  return out;
}
