// What an attempt's outcome means for the delivery and its endpoint (Standard Webhooks' status handling), and when to try again.
import type { HttpFailureReason } from '../../engine/index.js';

/** Longest wait between two attempts, and the most of a Retry-After honoured. */
export const MAX_DELAY_MS = 86_400_000;

export type AttemptResult =
  | { kind: 'response'; status: number; retryAfter: string | undefined; location: string | undefined; body: string }
  | { kind: 'failure'; reason: HttpFailureReason; message: string };

export type Verdict =
  | { kind: 'delivered'; statusCode: number }
  /** 410 Gone: the receiver wants no more; the endpoint is disabled. */
  | { kind: 'gone'; statusCode: number; error: string }
  /** Try again after `delayMs`; `throttleMs` holds every delivery to the endpoint back that long. */
  | { kind: 'retry'; statusCode: number | null; error: string; delayMs: number; throttleMs: number | null }
  | { kind: 'give-up'; statusCode: number | null; error: string };

export interface RetrySettings {
  maxAttempts: number;
  /** Delay after the first failed attempt; doubled after each one after it. */
  retryMs: number;
}

/** Statuses that say the receiver is overloaded: the whole endpoint slows down, not just this delivery. */
const SLOW_DOWN = new Set([429, 502, 504]);

/** Retry-After as milliseconds from `now`: delay-seconds or an HTTP-date; null when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: Date): number | null {
  if (value === undefined) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Math.min(Number(text) * 1000, MAX_DELAY_MS);
  // An HTTP-date names its day and month; bare numbers with a sign are not one.
  const at = /[a-z]/i.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(at)) return null;
  return Math.min(Math.max(0, at - now.getTime()), MAX_DELAY_MS);
}

/** retryMs × 2^(attempt−1), capped, plus up to 10% jitter so a receiver's outage does not end in a stampede. */
export function backoffMs(attempt: number, retryMs: number, random: () => number): number {
  const base = Math.min(MAX_DELAY_MS, retryMs * 2 ** Math.min(attempt - 1, 40));
  return Math.min(MAX_DELAY_MS, Math.round(base * (1 + random() * 0.1)));
}

function describe(result: AttemptResult & { kind: 'response' }): string {
  const snippet = result.body.trim().replace(/\s+/g, ' ').slice(0, 200);
  const base = `the endpoint answered ${result.status}`;
  if (result.status >= 300 && result.status < 400) {
    return `${base} (a redirect${result.location ? ` to ${result.location.slice(0, 300)}` : ''}); deliveries do not follow redirects, so set the webhook's URL to the final one`;
  }
  return snippet === '' ? base : `${base}: ${snippet}`;
}

/** Judges attempt number `attempt` (1 for the first). */
export function judge(result: AttemptResult, attempt: number, settings: RetrySettings, now: Date, random: () => number = Math.random): Verdict {
  if (result.kind === 'response' && result.status >= 200 && result.status < 300) return { kind: 'delivered', statusCode: result.status };
  if (result.kind === 'response' && result.status === 410) {
    return { kind: 'gone', statusCode: 410, error: 'the endpoint answered 410 Gone; the webhook was disabled and sends nothing more until it is enabled again' };
  }
  const statusCode = result.kind === 'response' ? result.status : null;
  const error = result.kind === 'response' ? describe(result) : `${result.reason}: ${result.message}`;
  // An address the SSRF guard refuses will be refused on every attempt.
  if (result.kind === 'failure' && result.reason === 'blocked') return { kind: 'give-up', statusCode, error };
  if (attempt >= settings.maxAttempts) return { kind: 'give-up', statusCode, error: `gave up after ${attempt} attempts: ${error}` };
  const retryAfter = result.kind === 'response' ? parseRetryAfter(result.retryAfter, now) : null;
  const delayMs = Math.max(backoffMs(attempt, settings.retryMs, random), retryAfter ?? 0);
  const slowDown = retryAfter !== null || (statusCode !== null && SLOW_DOWN.has(statusCode));
  return { kind: 'retry', statusCode, error, delayMs, throttleMs: slowDown ? delayMs : null };
}
