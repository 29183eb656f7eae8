// Job data crosses the store as JSON text: encoded once at send so both engines store and return the same value.
import { JobOptionsError } from './errors.js';

export function encodeData(data: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(data);
  } catch (err) {
    throw new JobOptionsError('job data must be JSON-serializable', { cause: err });
  }
  // undefined (and a bare function) have no JSON form; the handler gets null, as it would after a round trip.
  return text ?? 'null';
}

export function decodeData(text: string): unknown {
  return JSON.parse(text) as unknown;
}

/** A failure as kept on the job for operators: message and stack, never the whole error object. */
export function describeError(err: unknown): string {
  if (err instanceof Error) return (err.stack ?? `${err.name}: ${err.message}`).slice(0, 4000);
  return String(err).slice(0, 4000);
}
