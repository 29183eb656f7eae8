// Reads a response body into memory without ever holding more than the size limit, compressed or not.
import { pipeline, type Readable, type Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { HttpFailure } from '../engine/ports.js';
import { readCapped } from './capped-body.js';

function decompressor(encoding: string | undefined): Transform | null {
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      return null; // identity, or an encoding we leave as is
  }
}

/** undici's body reports its own destruction as an error; nobody is listening any more. */
function discard(body: Readable): void {
  body.on('error', () => undefined);
  body.destroy();
}

function tooLarge(maxBytes: number): HttpFailure {
  return new HttpFailure('too-large', `the response is larger than ${maxBytes} bytes`);
}

/**
 * The limit applies to the decoded bytes (a small gzip body can inflate enormously) and, through
 * Content-Length, before anything is read. Exceeding it stops reading and closes the stream.
 */
export async function readBody(body: Readable, headers: Record<string, string>, maxBytes: number): Promise<Buffer> {
  const declared = Number(headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes && decompressor(headers['content-encoding']) === null) {
    discard(body);
    throw tooLarge(maxBytes);
  }
  const inflate = decompressor(headers['content-encoding']);
  const source: AsyncIterable<Buffer> = inflate === null ? body : pipeline(body, inflate, () => { /* errors surface while iterating */ });
  let exceeded = false;
  try {
    return await readCapped(source, maxBytes, () => { exceeded = true; return tooLarge(maxBytes); });
  } finally {
    if (exceeded) discard(body);
  }
}
