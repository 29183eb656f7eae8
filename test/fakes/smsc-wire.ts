// The fake SMSC's own reading and writing of SMPP 3.4 bytes, kept apart from src/ so a shared mistake cannot pass unseen.

export const CMD = {
  generic_nack: 0x80000000, bind_transceiver: 0x09, bind_transceiver_resp: 0x80000009, bind_transmitter: 0x02, bind_receiver: 0x01,
  submit_sm: 0x04, submit_sm_resp: 0x80000004, deliver_sm: 0x05, deliver_sm_resp: 0x80000005,
  unbind: 0x06, unbind_resp: 0x80000006, enquire_link: 0x15, enquire_link_resp: 0x80000015,
} as const;

export interface Frame {
  id: number;
  status: number;
  seq: number;
  body: Buffer;
}

export function frame(id: number, status: number, seq: number, body: Buffer = Buffer.alloc(0)): Buffer {
  const out = Buffer.alloc(16 + body.length);
  out.writeUInt32BE(out.length, 0);
  out.writeUInt32BE(id >>> 0, 4);
  out.writeUInt32BE(status >>> 0, 8);
  out.writeUInt32BE(seq >>> 0, 12);
  body.copy(out, 16);
  return out;
}

/** Reads fields in order; `c()` a NUL-terminated string, `b()` one octet. */
export class Fields {
  at = 0;
  constructor(readonly buf: Buffer) {}
  c(): string {
    const end = this.buf.indexOf(0, this.at);
    if (end < 0) throw new Error('unterminated C-octet string');
    const s = this.buf.toString('latin1', this.at, end);
    this.at = end + 1;
    return s;
  }
  b(): number {
    if (this.at >= this.buf.length) throw new Error('PDU too short');
    return this.buf[this.at++]!;
  }
  take(n: number): Buffer {
    if (this.at + n > this.buf.length) throw new Error('PDU too short');
    const v = this.buf.subarray(this.at, this.at + n);
    this.at += n;
    return Buffer.from(v);
  }
  rest(): Buffer {
    return Buffer.from(this.buf.subarray(this.at));
  }
}

export function cstr(s: string): Buffer {
  return Buffer.concat([Buffer.from(s, 'latin1'), Buffer.from([0])]);
}

export function tlv(tag: number, value: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(tag, 0);
  head.writeUInt16BE(value.length, 2);
  return Buffer.concat([head, value]);
}

/** deliver_sm (and submit_sm) body in SMPP 3.4 §4.6.1 order. */
export function shortMessageBody(f: {
  sourceTon: number; sourceNpi: number; source: string; destTon: number; destNpi: number; dest: string;
  esmClass: number; registeredDelivery?: number; dataCoding: number; sm: Buffer; tlvs?: Buffer;
}): Buffer {
  return Buffer.concat([
    cstr(''), Buffer.from([f.sourceTon, f.sourceNpi]), cstr(f.source), Buffer.from([f.destTon, f.destNpi]), cstr(f.dest),
    Buffer.from([f.esmClass, 0, 0]), cstr(''), cstr(''), Buffer.from([f.registeredDelivery ?? 0, 0, f.dataCoding, 0, f.sm.length]), f.sm, f.tlvs ?? Buffer.alloc(0),
  ]);
}

// GSM 03.38, written out again here rather than imported.
const GSM = '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\x1bÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXT: Record<string, number> = { '\f': 10, '^': 20, '{': 40, '}': 41, '\\': 47, '[': 60, '~': 61, ']': 62, '|': 64, '€': 101 };

export function gsmDecode(bytes: Buffer): string {
  let s = '';
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 0x1b) {
      const code = bytes[++i]!;
      s += Object.keys(GSM_EXT).find((k) => GSM_EXT[k] === code) ?? GSM[code]!;
    } else s += GSM[bytes[i]!]!;
  }
  return s;
}

/** GSM-7 septets (unpacked), or null when a character is not in the alphabet. */
export function gsmEncode(text: string): Buffer | null {
  const out: number[] = [];
  for (const ch of text) {
    const i = GSM.indexOf(ch);
    if (i >= 0 && i !== 0x1b) out.push(i);
    else if (GSM_EXT[ch] !== undefined) out.push(0x1b, GSM_EXT[ch]!);
    else return null;
  }
  return Buffer.from(out);
}

export function ucs2Encode(text: string): Buffer {
  const out = Buffer.alloc(text.length * 2);
  for (let i = 0; i < text.length; i++) out.writeUInt16BE(text.charCodeAt(i), i * 2);
  return out;
}

export function ucs2Decode(bytes: Buffer): string {
  let s = '';
  for (let i = 0; i + 1 < bytes.length; i += 2) s += String.fromCharCode(bytes.readUInt16BE(i));
  return s;
}
