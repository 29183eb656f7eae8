// Reading and writing SMPP's field types: 1- and 4-octet integers, NUL-terminated C-octet strings, octet strings, TLVs.

export interface Tlv {
  tag: number;
  value: Buffer;
}

/** Why a PDU could not be read, with the command_status its generic_nack (or response) should carry. */
export class PduError extends Error {
  override name = 'PduError';
  constructor(message: string, readonly status: number) {
    super(message);
  }
}

export class OctetReader {
  private at = 0;

  constructor(private readonly buf: Buffer, private readonly invalidStatus: number) {}

  get remaining(): number {
    return this.buf.length - this.at;
  }

  u8(field: string): number {
    if (this.remaining < 1) throw new PduError(`the PDU ends before ${field}`, this.invalidStatus);
    return this.buf[this.at++]!;
  }

  u16(field: string): number {
    if (this.remaining < 2) throw new PduError(`the PDU ends before ${field}`, this.invalidStatus);
    const v = this.buf.readUInt16BE(this.at);
    this.at += 2;
    return v;
  }

  /** Reading is lenient on length (SMSCs overrun the spec's maxima); only the terminating NUL is required. */
  cstring(field: string): string {
    const end = this.buf.indexOf(0, this.at);
    if (end < 0) throw new PduError(`${field} has no terminating NUL`, this.invalidStatus);
    const value = this.buf.toString('latin1', this.at, end);
    this.at = end + 1;
    return value;
  }

  octets(length: number, field: string): Buffer {
    if (this.remaining < length) throw new PduError(`${field} claims ${length} octets but ${this.remaining} remain`, this.invalidStatus);
    const v = Buffer.from(this.buf.subarray(this.at, this.at + length));
    this.at += length;
    return v;
  }

  tlvs(): Tlv[] {
    const out: Tlv[] = [];
    while (this.remaining > 0) {
      if (this.remaining < 4) throw new PduError('a truncated optional parameter ends the PDU', 0xc0 /* ESME_RINVOPTPARSTREAM */);
      const tag = this.u16('a parameter tag');
      const length = this.u16('a parameter length');
      if (this.remaining < length) throw new PduError(`optional parameter 0x${tag.toString(16)} claims ${length} octets but ${this.remaining} remain`, 0xc2 /* ESME_RINVPARLEN */);
      out.push({ tag, value: this.octets(length, 'a parameter value') });
    }
    return out;
  }
}

export class OctetWriter {
  private readonly chunks: Buffer[] = [];

  u8(v: number): this {
    this.chunks.push(Buffer.from([v & 0xff]));
    return this;
  }

  /** `max` counts the NUL, as the spec's field sizes do. */
  cstring(v: string, max: number, field: string): this {
    const bytes = Buffer.from(v, 'latin1');
    if (bytes.length + 1 > max) throw new RangeError(`${field} takes at most ${max - 1} characters, got ${bytes.length}`);
    this.chunks.push(bytes, Buffer.from([0]));
    return this;
  }

  octets(v: Buffer): this {
    this.chunks.push(v);
    return this;
  }

  tlvs(list: readonly Tlv[]): this {
    for (const t of list) {
      const head = Buffer.alloc(4);
      head.writeUInt16BE(t.tag, 0);
      head.writeUInt16BE(t.value.length, 2);
      this.chunks.push(head, t.value);
    }
    return this;
  }

  build(): Buffer {
    return Buffer.concat(this.chunks);
  }
}
