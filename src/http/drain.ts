// Reads and discards what is left of a refused request body, up to a bound, so the answer is not lost to a reset.
import type { IncomingMessage } from 'node:http';

/**
 * What a client may still send after its body was refused that is read before answering: a connection closed with
 * unread data makes the kernel send a reset, and a client still writing (undici's fetch, so the SDK) then sees EPIPE
 * instead of the 413. Past this bound, or this long, the answer goes out anyway and the connection closes.
 */
export const DRAIN_MAX_BYTES = 128 * 1024 * 1024;
export const DRAIN_MAX_MS = 15_000;

/** Resolves once the request's body has ended, its connection closed, or the bounds are reached. */
export function drainRequest(raw: IncomingMessage, maxBytes = DRAIN_MAX_BYTES, maxMs = DRAIN_MAX_MS): Promise<void> {
  if (raw.complete || raw.readableEnded || raw.destroyed) return Promise.resolve();
  const declared = Number(raw.headers['content-length']);
  // A declared length past the bound would end in a reset all the same: answer now rather than read for nothing.
  if (Number.isFinite(declared) && declared > maxBytes) return Promise.resolve();
  return new Promise((resolve) => {
    let read = 0;
    const done = () => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', done);
      raw.off('close', done);
      raw.off('error', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > maxBytes) done();
    };
    const timer = setTimeout(done, maxMs);
    raw.on('data', onData);
    raw.on('end', done);
    raw.on('close', done);
    raw.on('error', done);
    raw.resume();
  });
}
