// Webhook retry policy (Standard Webhooks status handling, Retry-After, backoff) and signing, checked against the standardwebhooks package.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { backoffMs, judge, MAX_DELAY_MS, parseRetryAfter, type AttemptResult } from '../../src/services/webhooks/retry-policy.js';
import { newMessageId, newSecret, signedHeaders } from '../../src/services/webhooks/signing.js';

const settings = { maxAttempts: 5, retryMs: 1000 };
const now = new Date('2026-03-01T12:00:00.000Z');
const response = (status: number, retryAfter?: string, body = ''): AttemptResult => ({ kind: 'response', status, retryAfter, location: undefined, body });
const noJitter = () => 0;

describe('judge', () => {
  it('counts every 2xx as delivered and nothing else', () => {
    for (const status of [200, 201, 202, 204, 299]) expect(judge(response(status), 1, settings, now).kind).toBe('delivered');
    for (const status of [100, 301, 400, 404, 500]) expect(judge(response(status), 1, settings, now).kind).toBe('retry');
  });

  it('disables on 410 at once, whatever the attempt', () => {
    expect(judge(response(410), 1, settings, now)).toMatchObject({ kind: 'gone', statusCode: 410 });
    expect(judge(response(410), 5, settings, now).kind).toBe('gone');
  });

  it('slows the endpoint down on 429, 502 and 504, and on any Retry-After', () => {
    for (const status of [429, 502, 504]) expect(judge(response(status), 1, settings, now, noJitter)).toMatchObject({ kind: 'retry', throttleMs: 1000 });
    for (const status of [500, 503, 404]) expect(judge(response(status), 1, settings, now, noJitter)).toMatchObject({ kind: 'retry', throttleMs: null });
    expect(judge(response(503, '30'), 1, settings, now, noJitter)).toMatchObject({ kind: 'retry', delayMs: 30_000, throttleMs: 30_000 });
  });

  it('waits the longer of the backoff and Retry-After', () => {
    expect(judge(response(429, '1'), 4, settings, now, noJitter)).toMatchObject({ delayMs: 8000 });
    expect(judge(response(429, '120'), 4, settings, now, noJitter)).toMatchObject({ delayMs: 120_000 });
  });

  it('gives up after the last attempt, and at once when the SSRF guard refuses the address', () => {
    expect(judge(response(500, undefined, 'oops'), 5, settings, now)).toEqual({ kind: 'give-up', statusCode: 500, error: 'gave up after 5 attempts: the endpoint answered 500: oops' });
    expect(judge({ kind: 'failure', reason: 'network', message: 'ECONNREFUSED' }, 2, settings, now)).toMatchObject({ kind: 'retry', statusCode: null, error: 'network: ECONNREFUSED' });
    expect(judge({ kind: 'failure', reason: 'blocked', message: '10.0.0.1 is private' }, 1, settings, now)).toMatchObject({ kind: 'give-up', statusCode: null });
  });

  it('says a redirect is not followed, and keeps only the start of a long body', () => {
    const redirect: AttemptResult = { kind: 'response', status: 301, retryAfter: undefined, location: 'https://new.example/hook', body: '' };
    expect(judge(redirect, 1, settings, now)).toMatchObject({ error: expect.stringContaining('to https://new.example/hook') });
    const long = judge(response(500, undefined, `${'x'.repeat(5000)}\n\n`), 1, settings, now);
    expect(long.kind === 'retry' && long.error.length).toBeLessThan(300);
  });
});

describe('parseRetryAfter', () => {
  it('reads delay-seconds and HTTP-dates, capped at a day', () => {
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter(' 120 ', now)).toBe(120_000);
    expect(parseRetryAfter('Sun, 01 Mar 2026 12:01:00 GMT', now)).toBe(60_000);
    expect(parseRetryAfter('Sun, 01 Mar 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('99999999', now)).toBe(MAX_DELAY_MS);
    expect(parseRetryAfter(undefined, now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter('-5', now)).toBeNull();
  });
});

describe('backoffMs', () => {
  it('doubles from retryMs, with at most 10% jitter, never past a day', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 10, max: 3_600_000 }), fc.double({ min: 0, max: 0.9999, noNaN: true }), (attempt, retryMs, r) => {
      const base = Math.min(MAX_DELAY_MS, retryMs * 2 ** (attempt - 1));
      const delay = backoffMs(attempt, retryMs, () => r);
      expect(delay).toBeGreaterThanOrEqual(Math.min(base, MAX_DELAY_MS));
      expect(delay).toBeLessThanOrEqual(Math.min(MAX_DELAY_MS, base * 1.1 + 1));
    }));
  });
});

describe('signing', () => {
  it('makes secrets and ids in the Standard Webhooks forms', () => {
    const secret = newSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(newSecret()).not.toBe(secret);
    const id = newMessageId();
    expect(id).toMatch(/^msg_[A-Za-z0-9_-]{22}$/);
    expect(id).not.toContain('.');
  });

  it('signs so that the standardwebhooks package verifies with any of the live secrets, and not with another', () => {
    const [current, previous, stranger] = [newSecret(), newSecret(), newSecret()];
    const body = JSON.stringify({ type: 'message.sent', timestamp: new Date().toISOString(), data: { message: { text: 'héllo ✓' } } });
    const headers = signedHeaders([current, previous], 'msg_abc', new Date(), body);
    expect(headers['webhook-signature']!.split(' ').map((s) => s.split(',')[0])).toEqual(['v1', 'v1']);
    expect(new Webhook(current).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(previous).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(stranger).verify(body, headers)).toThrow();
    expect(() => new Webhook(current).verify(body.replace('héllo', 'hello'), headers)).toThrow();
    expect(() => new Webhook(current).verify(body, { ...headers, 'webhook-id': 'msg_other' })).toThrow();
    const stale = signedHeaders([current], 'msg_abc', new Date(Date.now() - 10 * 60_000), body);
    expect(() => new Webhook(current).verify(body, stale)).toThrow(/too old/);
  });
});
