// The GSM 03.38 (3GPP TS 23.038) default alphabet and its extension table, one septet per octet as SMPP carries them unpacked.

/** The default alphabet by septet value; 0x1B is the escape to the extension table. */
const BASIC =
  '@£$¥èéùìòÇ\nØø\rÅå' +
  'Δ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ' +
  ' !"#¤%&\'()*+,-./' +
  '0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNO' +
  'PQRSTUVWXYZÄÖÑÜ§' +
  '¿abcdefghijklmno' +
  'pqrstuvwxyzäöñüà';

/** The extension table: characters written as ESC followed by this septet. */
const EXTENSION: ReadonlyArray<readonly [string, number]> = [
  ['\f', 0x0a], ['^', 0x14], ['{', 0x28], ['}', 0x29], ['\\', 0x2f], ['[', 0x3c], ['~', 0x3d], [']', 0x3e], ['|', 0x40], ['€', 0x65],
];

export const GSM_ESCAPE = 0x1b;

const basicCode = new Map<string, number>();
for (let i = 0; i < BASIC.length; i++) if (i !== GSM_ESCAPE) basicCode.set(BASIC[i]!, i);
const extensionCode = new Map(EXTENSION);
const extensionChar = new Map(EXTENSION.map(([c, code]) => [code, c]));

/** Septets one character takes (1, or 2 through the extension table); null when GSM-7 cannot write it. */
export function gsm7Septets(char: string): 1 | 2 | null {
  if (basicCode.has(char)) return 1;
  if (extensionCode.has(char)) return 2;
  return null;
}

/** Whether the whole text can be written in GSM-7. */
export function isGsm7(text: string): boolean {
  for (const char of text) if (gsm7Septets(char) === null) return false;
  return true;
}

/** Unpacked septets (one per byte); throws on a character GSM-7 cannot write (check with isGsm7 first). */
export function encodeGsm7(text: string): Buffer {
  const out: number[] = [];
  for (const char of text) {
    const basic = basicCode.get(char);
    if (basic !== undefined) {
      out.push(basic);
      continue;
    }
    const ext = extensionCode.get(char);
    if (ext === undefined) throw new RangeError(`"${char}" (U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}) is not in the GSM-7 alphabet`);
    out.push(GSM_ESCAPE, ext);
  }
  return Buffer.from(out);
}

/**
 * Decodes unpacked septets. An escape followed by a septet the extension table lacks shows that
 * septet's basic character, as TS 23.038 asks receivers to; a trailing escape is dropped.
 */
export function decodeGsm7(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i++) {
    const septet = bytes[i]! & 0x7f;
    if (septet === GSM_ESCAPE) {
      const next = bytes[i + 1];
      if (next === undefined) break;
      i++;
      out += extensionChar.get(next & 0x7f) ?? BASIC[next & 0x7f]!;
      continue;
    }
    out += BASIC[septet]!;
  }
  return out;
}

/** The alphabet, for tests that check it is the standard's 128 positions. */
export const GSM7_BASIC_TABLE = BASIC;
