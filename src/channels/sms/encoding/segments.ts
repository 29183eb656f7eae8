// Choosing GSM-7 or UCS-2 for a text and cutting it into the parts a concatenated SMS carries, never inside a character.
import { encodeGsm7, gsm7Septets, isGsm7 } from './gsm7.js';
import { encodeUcs2 } from './ucs2.js';

export type SmsAlphabet = 'gsm7' | 'ucs2';

/** SMPP data_coding values: 0 is the SMSC default alphabet (GSM-7), 8 is UCS-2. */
export const DATA_CODING: Record<SmsAlphabet, number> = { gsm7: 0x00, ucs2: 0x08 };

/** Units (septets, or UTF-16 code units) in one SMS, and in each part of a concatenated one (the header takes the rest). */
export const CAPACITY: Record<SmsAlphabet, { single: number; part: number }> = {
  gsm7: { single: 160, part: 153 },
  ucs2: { single: 70, part: 67 },
};

/** Parts an 8-bit concatenation header can number. */
export const MAX_PARTS = 255;

export interface EncodedText {
  alphabet: SmsAlphabet;
  dataCoding: number;
  /** Each part's encoded text, without any header; one part means no concatenation. */
  parts: Buffer[];
}

function units(char: string, alphabet: SmsAlphabet): number {
  return alphabet === 'gsm7' ? gsm7Septets(char)! : char.length;
}

/** The text cut into strings of at most `limit` units each. */
function cut(text: string, alphabet: SmsAlphabet, limit: number): string[] {
  const chunks: string[] = [];
  let current = '';
  let used = 0;
  for (const char of text) {
    const n = units(char, alphabet);
    if (used + n > limit) {
      chunks.push(current);
      current = '';
      used = 0;
    }
    current += char;
    used += n;
  }
  if (current !== '' || chunks.length === 0) chunks.push(current);
  return chunks;
}

/**
 * What data_coding 0 means to the SMSC: GSM-7 for most, but SMPP 3.4 leaves the "SMSC default alphabet" to the SMSC,
 * and some take Latin-1 or IA5 (ASCII) octets there, which they convert to GSM-7 for the air.
 */
export type DefaultAlphabet = 'gsm7' | 'latin1' | 'ascii';

/** The largest code point each default alphabet writes in one octet. */
const OCTET_LIMIT: Record<Exclude<DefaultAlphabet, 'gsm7'>, number> = { latin1: 0xff, ascii: 0x7f };

/** Whether the text can go as data_coding 0: GSM-7 on the air, and every character an octet of the SMSC's alphabet. */
function fitsDefault(text: string, defaultAlphabet: DefaultAlphabet): boolean {
  if (!isGsm7(text)) return false;
  if (defaultAlphabet === 'gsm7') return true;
  const limit = OCTET_LIMIT[defaultAlphabet];
  for (const char of text) if (char.codePointAt(0)! > limit) return false;
  return true;
}

export function encodeText(text: string, defaultAlphabet: DefaultAlphabet = 'gsm7'): EncodedText {
  const alphabet: SmsAlphabet = fitsDefault(text, defaultAlphabet) ? 'gsm7' : 'ucs2';
  // Parts are cut by GSM-7 septets either way: the SMSC converts to GSM-7 for the air, where the limits hold.
  const { single, part } = CAPACITY[alphabet];
  let total = 0;
  for (const char of text) total += units(char, alphabet);
  const chunks = total <= single ? [text] : cut(text, alphabet, part);
  const encode = alphabet === 'ucs2' ? encodeUcs2
    : defaultAlphabet === 'gsm7' ? encodeGsm7 : (chunk: string) => Buffer.from(chunk, defaultAlphabet === 'latin1' ? 'latin1' : 'ascii');
  return { alphabet, dataCoding: DATA_CODING[alphabet], parts: chunks.map(encode) };
}

/** The SMS segments a text takes on the air (what carriers count against a number's rate); an empty text is one. */
export function segmentCount(text: string): number {
  const alphabet: SmsAlphabet = isGsm7(text) ? 'gsm7' : 'ucs2';
  const { single, part } = CAPACITY[alphabet];
  let total = 0;
  for (const char of text) total += units(char, alphabet);
  return total <= single ? 1 : cut(text, alphabet, part).length;
}
