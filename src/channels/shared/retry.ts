// How a provider's HTTP answer reads for delivery: the statuses worth another try, and how long the provider asked to wait.
import type { DeliveryOutcome } from '../types.js';

/**
 * Statuses worth another try whatever the provider: 408 request timeout, 429 too many requests, 5xx. Providers add
 * their own at the call site (an older rate-limit status, error codes in the body).
 */
export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 429 || status === 408;
}

/** Retry-After (delay-seconds, up to 9 digits, or an HTTP date) in milliseconds from `now`; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: Date): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (/^\d{1,9}$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}

/** A transient failure: tried again later, after `afterMs` when the provider said how long. */
export function retryOutcome(reason: string, afterMs: number | undefined): Extract<DeliveryOutcome, { kind: 'retry' }> {
  return { kind: 'retry', reason, ...(afterMs !== undefined ? { retryAfterMs: afterMs } : {}) };
}
