// Throttles failed sign-ins per e-mail and client address: after a few failures each further try waits longer (429 + Retry-After).
import crypto from 'node:crypto';
import { AppError } from '../errors.js';
import type { Repositories } from '../store/index.js';
import type { Clock } from '../time.js';

/** Failures allowed before the first wait. */
export const FREE_FAILURES = 5;
/** The first wait, doubled by each failure after it, up to MAX_BLOCK_MS. */
const FIRST_BLOCK_MS = 30_000;
const MAX_BLOCK_MS = 15 * 60_000;
/** Failures older than this, with no wait running, are forgotten. */
const FORGET_AFTER_MS = 60 * 60_000;

/** 429 with the seconds to wait, which the sign-in route sends as Retry-After. */
export class SignInThrottledError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, `Too many failed sign-ins from this address for this e-mail; try again in ${retryAfterSeconds} s.`);
  }
}

export class SignInThrottle {
  constructor(private readonly repos: Pick<Repositories, 'signInFailures'>, private readonly clock: Clock) {}

  /** A hash, so that the table keeps neither e-mail addresses nor client addresses. */
  key(email: string, address: string): string {
    return crypto.createHash('sha256').update(`${email}\n${address}`).digest('hex');
  }

  /** Throws SignInThrottledError while the key must wait. */
  async check(key: string): Promise<void> {
    const row = await this.repos.signInFailures.find(key);
    if (row?.blockedUntil == null) return;
    const wait = Date.parse(row.blockedUntil) - this.clock().getTime();
    if (wait > 0) throw new SignInThrottledError(Math.ceil(wait / 1000));
  }

  async failed(key: string): Promise<void> {
    const now = this.clock();
    const row = await this.repos.signInFailures.find(key);
    const stale = row !== undefined && (row.blockedUntil === null || Date.parse(row.blockedUntil) < now.getTime())
      && now.getTime() - Date.parse(row.firstFailedAt) > FORGET_AFTER_MS;
    const failures = row === undefined || stale ? 1 : row.failures + 1;
    const firstFailedAt = row === undefined || stale ? now.toISOString() : row.firstFailedAt;
    const blockMs = failures < FREE_FAILURES ? 0 : Math.min(MAX_BLOCK_MS, FIRST_BLOCK_MS * 2 ** (failures - FREE_FAILURES));
    const blockedUntil = blockMs === 0 ? null : new Date(now.getTime() + blockMs).toISOString();
    await this.repos.signInFailures.save({ key, failures, firstFailedAt, blockedUntil });
  }

  async succeeded(key: string): Promise<void> {
    await this.repos.signInFailures.clear(key);
  }
}
