// Cutting a TCP byte stream into whole PDUs by their command_length, refusing lengths no legal PDU has.
import { HEADER_LENGTH, MAX_PDU_LENGTH } from './pdu.js';

export class FramingError extends Error {
  override name = 'FramingError';
}

export class PduSplitter {
  private pending: Buffer = Buffer.alloc(0);

  /** The complete PDUs the stream holds so far; a partial one waits for more bytes. Throws when the stream cannot be framed any more. */
  push(chunk: Buffer): Buffer[] {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const out: Buffer[] = [];
    while (this.pending.length >= 4) {
      const length = this.pending.readUInt32BE(0);
      if (length < HEADER_LENGTH || length > MAX_PDU_LENGTH) throw new FramingError(`command_length ${length} is outside ${HEADER_LENGTH}-${MAX_PDU_LENGTH}; the stream cannot be framed`);
      if (this.pending.length < length) break;
      out.push(this.pending.subarray(0, length));
      this.pending = this.pending.subarray(length);
    }
    return out;
  }
}
