// The rules both engines share: which queue names and send options are valid, their defaults, and when a run is retried.
import { JobOptionsError } from './errors.js';
import type { SendOptions } from './types.js';

/**
 * Runs granted beyond `1 + retryLimit` to jobs whose lease was lost (crash, stop past the grace,
 * handler outliving the lease): enough to ride out restarts, few enough that a job which kills its
 * process every time ends as failed instead of looping forever.
 */
export const LOST_LEASE_RERUNS = 3;

const MAX_RETRY_LIMIT = 1000;
const MAX_RETRY_DELAY_MS = 86_400_000;
const MAX_KEY_LENGTH = 255;
/** As pg-boss does: past 2^16 the doubled delay stops growing, so it never overflows a date. */
const MAX_DOUBLINGS = 16;
const QUEUE_NAME = /^[A-Za-z0-9][\w.:-]{0,99}$/;

/** Send options with every default applied, as the engines store them. */
export interface JobPolicy {
  runAt: Date | null;
  key: string | null;
  retryLimit: number;
  retryDelayMs: number;
  retryBackoff: boolean;
}

export function assertQueueName(queue: string): void {
  if (!QUEUE_NAME.test(queue)) {
    throw new JobOptionsError(`queue name must be 1-100 letters, digits, "_", ".", ":" or "-" starting with a letter or digit, got "${queue}"`);
  }
}

function wholeNumber(name: string, value: number | undefined, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 0 || value > max) {
    throw new JobOptionsError(`${name} must be a whole number from 0 to ${max}, got ${value}`);
  }
  return value;
}

export function normalizeSendOptions(options: SendOptions = {}): JobPolicy {
  const { runAt, key } = options;
  if (runAt !== undefined && (!(runAt instanceof Date) || Number.isNaN(runAt.getTime()))) {
    throw new JobOptionsError('runAt must be a valid Date');
  }
  if (key !== undefined && (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH)) {
    throw new JobOptionsError(`key must be a string of 1 to ${MAX_KEY_LENGTH} characters`);
  }
  if (options.retryBackoff !== undefined && typeof options.retryBackoff !== 'boolean') {
    throw new JobOptionsError('retryBackoff must be true or false');
  }
  return {
    runAt: runAt ?? null,
    key: key ?? null,
    retryLimit: wholeNumber('retryLimit', options.retryLimit, 0, MAX_RETRY_LIMIT),
    retryDelayMs: wholeNumber('retryDelayMs', options.retryDelayMs, 1000, MAX_RETRY_DELAY_MS),
    retryBackoff: options.retryBackoff ?? true,
  };
}

/** The most runs a job gets, counting those cut short by a lost lease. */
export function maxRuns(retryLimit: number): number {
  return 1 + retryLimit + LOST_LEASE_RERUNS;
}

/** How long to wait before running again after attempt `attempt` threw; null when that failure is final. */
export function retryDelayAfter(attempt: number, policy: Pick<JobPolicy, 'retryLimit' | 'retryDelayMs' | 'retryBackoff'>): number | null {
  if (attempt > policy.retryLimit) return null;
  if (!policy.retryBackoff) return policy.retryDelayMs;
  return policy.retryDelayMs * 2 ** Math.min(attempt - 1, MAX_DOUBLINGS);
}
