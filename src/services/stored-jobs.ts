// Reads a job's stored data (and what a job reads from the store) through its format: data a newer release stored is refused (logged, counted, the job kept as failed), never guessed at.
import type { Logger } from '../channels/index.js';
import { countUnreadable, implicitlyVersioned, StoredFormatError, type StoredFormat } from '../engine/index.js';

/** A job's data format: version 1 names none (the jobs queued by releases before versioning); later ones say `v`. */
export function jobFormat<T>(queue: string, check: (doc: Record<string, unknown>) => boolean): StoredFormat<T> {
  return implicitlyVersioned<T>(`${queue} job`, check);
}

const isId = (value: unknown): boolean => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
/** Checks that the named fields are positive integer ids. */
export const hasIds = (...fields: string[]) => (doc: Record<string, unknown>): boolean => fields.every((f) => isId(doc[f]));

/** The job's data; throws (the job layer keeps it failed with the reason) when this release cannot read it. */
export function readJob<T>(format: StoredFormat<T>, data: unknown, log: Logger): T {
  return readOrFail(() => format.read(data), log);
}

/** A stored JSON text a job works from (a broadcast's targets); throws like readJob when this release cannot read it. */
export function readForJob<T>(format: StoredFormat<T>, text: string, log: Logger): T {
  return readOrFail(() => format.parse(text), log);
}

function readOrFail<T>(read: () => T, log: Logger): T {
  try {
    return read();
  } catch (err) {
    if (!(err instanceof StoredFormatError)) throw err;
    countUnreadable(err.format);
    log.error({ err, format: err.format, version: err.version, problem: err.problem }, 'stored data a job needs cannot be read by this release; the job is kept as failed');
    throw err;
  }
}
