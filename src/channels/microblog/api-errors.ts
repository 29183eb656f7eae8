// The v1.1 API's error bodies ({"errors": [{"code", "message"}]}) read, described, and sorted into worth-retrying or final.
import { isRetryableStatus, retryAfterMs } from '../shared/retry.js';
import type { ApiResponse } from './api-http.js';

export interface ApiError {
  code: number | null;
  message: string | null;
}

/** The usual {"errors": [{"code", "message"}]}, or the media upload's {"request", "error": "…"}. */
export function readApiErrors(json: unknown): ApiError[] {
  const body = json as { errors?: unknown; error?: unknown } | null | undefined;
  if (typeof body?.error === 'string' && body.error !== '') return [{ code: null, message: body.error.slice(0, 500) }];
  const errors = body?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.slice(0, 10).map((e: unknown) => {
    const o = (e !== null && typeof e === 'object' ? e : {}) as Record<string, unknown>;
    return {
      code: typeof o.code === 'number' && Number.isInteger(o.code) ? o.code : null,
      message: typeof o.message === 'string' && o.message !== '' ? o.message.slice(0, 500) : null,
    };
  });
}

/** Codes the API documents as passing: 88 rate limit exceeded, 130 over capacity, 131 internal error, 185 over the daily limit. */
const TRANSIENT_CODES = new Set([88, 130, 131, 185]);

/**
 * Whether another try may succeed: timeouts, 5xx, 429 (and the old 420), and the transient codes. Everything
 * else is final: 32/89 credentials, 349 "cannot send messages to this user", 150 not following, 151 refused, 4xx.
 */
export function isTransient(status: number, errors: readonly ApiError[]): boolean {
  if (isRetryableStatus(status) || status === 420) return true;
  return errors.length > 0 && errors.every((e) => e.code !== null && TRANSIENT_CODES.has(e.code));
}

export function describeApiError(status: number, errors: readonly ApiError[]): string {
  if (errors.length === 0) return `the network answered ${status}`;
  const parts = errors.map((e) => `${e.message ?? 'an error'}${e.code === null ? '' : ` (code ${e.code})`}`);
  const hint = errors.some((e) => e.code === 32 || e.code === 89) ? '; check the channel\'s consumer key/secret and access token/secret' : '';
  return `the network answered ${status}: ${parts.join('; ')}${hint}`;
}

/** Whether the refusal is a rate limit, whose window ends at x-rate-limit-reset. */
export function isRateLimited(status: number, errors: readonly ApiError[]): boolean {
  return status === 429 || status === 420 || errors.some((e) => e.code === 88 || e.code === 185);
}

/**
 * How long to wait before another try, when the network says: for a rate limit, until x-rate-limit-reset (epoch
 * seconds; every answer carries it, so other failures ignore it), else Retry-After.
 */
export function retryDelayMs(res: Pick<ApiResponse, 'rateLimitReset' | 'retryAfter'>, rateLimited: boolean, now: Date): number | undefined {
  if (rateLimited && res.rateLimitReset !== null && /^\d{1,12}$/.test(res.rateLimitReset.trim())) {
    return Math.max(0, Number(res.rateLimitReset.trim()) * 1000 - now.getTime());
  }
  return retryAfterMs(res.retryAfter, now);
}
