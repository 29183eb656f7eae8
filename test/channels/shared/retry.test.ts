// Providers' HTTP answers read for delivery: which statuses are tried again, and how long Retry-After asks to wait.
import { describe, expect, it } from 'vitest';
import { isRetryableStatus, retryAfterMs, retryOutcome } from '../../../src/channels/shared/retry.js';

describe('retry rules', () => {
  it('tries again after a timeout, a rate limit or a server error, and not after other refusals', () => {
    for (const status of [408, 429, 500, 502, 503, 504, 599]) expect(isRetryableStatus(status)).toBe(true);
    for (const status of [200, 400, 401, 403, 404, 409, 410, 420, 499]) expect(isRetryableStatus(status)).toBe(false);
  });

  it('reads Retry-After as seconds or as an HTTP date, and nothing else', () => {
    const now = new Date('2030-01-01T00:00:00Z');
    expect(retryAfterMs(' 12 ', now)).toBe(12_000);
    expect(retryAfterMs('Tue, 01 Jan 2030 00:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Mon, 31 Dec 2029 23:59:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
    // More than nine digits is not a delay anyone means: the usual backoff applies.
    expect(retryAfterMs('1234567890', now)).toBeUndefined();
  });

  it('carries the wait only when the provider gave one', () => {
    expect(retryOutcome('busy', 5000)).toEqual({ kind: 'retry', reason: 'busy', retryAfterMs: 5000 });
    expect(retryOutcome('busy', undefined)).toEqual({ kind: 'retry', reason: 'busy' });
    expect(retryOutcome('busy', undefined)).not.toHaveProperty('retryAfterMs');
  });
});
