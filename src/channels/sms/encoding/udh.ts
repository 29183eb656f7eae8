// The user data header of concatenated SMS (3GPP TS 23.040 §9.2.3.24): written with an 8-bit reference, read in both forms.

export interface ConcatInfo {
  /** Same for every part of one message from one sender. */
  reference: number;
  total: number;
  /** 1-based. */
  sequence: number;
}

const IEI_CONCAT_8 = 0x00;
const IEI_CONCAT_16 = 0x08;

export class UdhError extends Error {
  override name = 'UdhError';
}

/** UDHL 5, then IEI 0x00 with its three octets: reference, total, sequence. */
export function concatUdh(reference: number, total: number, sequence: number): Buffer {
  if (total < 1 || total > 255 || sequence < 1 || sequence > total) throw new RangeError(`part ${sequence} of ${total} cannot be numbered in an 8-bit header`);
  return Buffer.from([0x05, IEI_CONCAT_8, 0x03, reference & 0xff, total, sequence]);
}

/** Splits a short message sent with UDHI set into its concatenation info (when present) and the text that follows the header. */
export function splitUdh(message: Uint8Array): { concat: ConcatInfo | null; payload: Buffer } {
  const udhl = message[0];
  if (udhl === undefined || udhl + 1 > message.length) throw new UdhError(`the user data header claims ${udhl ?? 0} octets but the message has ${Math.max(0, message.length - 1)}`);
  let concat: ConcatInfo | null = null;
  let at = 1;
  const end = 1 + udhl;
  while (at < end) {
    const iei = message[at]!;
    const len = message[at + 1];
    if (len === undefined || at + 2 + len > end) throw new UdhError(`information element 0x${iei.toString(16)} runs past the end of the header`);
    const data = message.subarray(at + 2, at + 2 + len);
    if (iei === IEI_CONCAT_8 && len === 3) concat = { reference: data[0]!, total: data[1]!, sequence: data[2]! };
    else if (iei === IEI_CONCAT_16 && len === 4) concat = { reference: (data[0]! << 8) | data[1]!, total: data[2]!, sequence: data[3]! };
    at += 2 + len;
  }
  if (concat !== null && (concat.total === 0 || concat.sequence === 0 || concat.sequence > concat.total)) concat = null;
  return { concat, payload: Buffer.from(message.subarray(end)) };
}
