// The text of an inbound short message by its data_coding: the SMSC default alphabet (GSM-7, Latin-1 or IA5), IA5, Latin-1, UCS-2, or 8-bit data shown as Latin-1.
import { decodeGsm7 } from '../encoding/gsm7.js';
import type { DefaultAlphabet } from '../encoding/segments.js';
import { decodeUcs2 } from '../encoding/ucs2.js';

/** `defaultAlphabet` is what data_coding 0 means to this SMSC (the token's defaultAlphabet). */
export function decodeShortMessage(bytes: Buffer, dataCoding: number, defaultAlphabet: DefaultAlphabet = 'gsm7'): string {
  if (dataCoding === 0x08) return decodeUcs2(bytes);
  if (dataCoding === 0x00) return defaultAlphabet === 'gsm7' ? decodeGsm7(bytes) : bytes.toString(defaultAlphabet === 'latin1' ? 'latin1' : 'ascii');
  // 1111xxxx (TS 23.038 "data coding/message class"): bit 2 set is 8-bit data, clear is the default alphabet.
  if ((dataCoding & 0xf0) === 0xf0) return (dataCoding & 0x04) === 0 ? decodeGsm7(bytes) : bytes.toString('latin1');
  // 00xx xxxx general coding groups: bits 3-2 say 7-bit default, 8-bit or UCS-2 (SMSCs pass these through from handsets).
  if ((dataCoding & 0xc0) === 0x00 && (dataCoding & 0x10) !== 0) {
    const alphabet = (dataCoding >> 2) & 0x03;
    if (alphabet === 0) return decodeGsm7(bytes);
    if (alphabet === 2) return decodeUcs2(bytes);
  }
  // 0x01 IA5 (ASCII), 0x03 Latin-1, 0x02/0x04 octets: one byte per character.
  return bytes.toString('latin1');
}
