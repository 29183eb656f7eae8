// The pure rules of the job layer: option defaults and validation, retry delays, the run bound, pg-boss's envelope and schema name.
import { describe, expect, it } from 'vitest';
import { JobOptionsError } from '../../src/jobs/index.js';
import { LOST_LEASE_RERUNS, maxRuns, normalizeSendOptions, retryDelayAfter } from '../../src/jobs/policy.js';
import { decodeEnvelope, encodeEnvelope } from '../../src/jobs/pgboss/envelope.js';
import { jobsSchemaName } from '../../src/jobs/pgboss/schema-name.js';
import { encodeData } from '../../src/jobs/payload.js';

describe('send options', () => {
  it('defaults to one run, a 1 s delay and backoff', () => {
    expect(normalizeSendOptions()).toEqual({ runAt: null, key: null, retryLimit: 0, retryDelayMs: 1000, retryBackoff: true });
  });

  it.each([
    [{ retryLimit: 1.5 }], [{ retryLimit: -1 }], [{ retryLimit: 1001 }], [{ retryDelayMs: -5 }],
    [{ key: '' }], [{ key: 'x'.repeat(256) }], [{ runAt: new Date(Number.NaN) }],
  ])('refuses %j', (options) => {
    expect(() => normalizeSendOptions(options)).toThrow(JobOptionsError);
  });
});

describe('retries', () => {
  const policy = { retryLimit: 3, retryDelayMs: 100, retryBackoff: true };

  it('doubles the delay per attempt and stops after retryLimit retries', () => {
    expect([1, 2, 3, 4].map((a) => retryDelayAfter(a, policy))).toEqual([100, 200, 400, null]);
    expect(retryDelayAfter(2, { ...policy, retryBackoff: false })).toBe(100);
    expect(retryDelayAfter(1, { ...policy, retryLimit: 0 })).toBeNull();
  });

  it('caps the doubling so the delay stays a finite date', () => {
    expect(retryDelayAfter(40, { retryLimit: 1000, retryDelayMs: 1, retryBackoff: true })).toBe(2 ** 16);
  });

  it('grants lost leases a few runs beyond the retry budget', () => {
    expect(maxRuns(0)).toBe(1 + LOST_LEASE_RERUNS);
    expect(maxRuns(5)).toBe(6 + LOST_LEASE_RERUNS);
  });
});

describe('pg-boss envelope', () => {
  it('round-trips any JSON payload with its retry policy', () => {
    const policy = { retryLimit: 2, retryDelayMs: 250, retryBackoff: false };
    for (const data of [{ a: [1, { b: null }] }, [1, 2], 'text', 0, null, true]) {
      const text = encodeEnvelope(encodeData(data), policy);
      expect(decodeEnvelope(JSON.parse(text))).toEqual({ data, policy });
    }
  });

  it('takes a foreign job whole, with the default policy', () => {
    expect(decodeEnvelope({ hello: 'world' })).toEqual({ data: { hello: 'world' }, policy: { retryLimit: 0, retryDelayMs: 1000, retryBackoff: true } });
  });
});

describe('pg-boss schema name', () => {
  const pgUrl = (options?: string): { kind: 'postgres'; url: string } => {
    const url = new URL('postgres://u@h:5432/db');
    if (options !== undefined) url.searchParams.set('options', options);
    return { kind: 'postgres', url: url.toString() };
  };

  it('is the configured one when set', () => {
    expect(jobsSchemaName({ pgSchema: 'mine' }, pgUrl('-c search_path=app'))).toBe('mine');
  });

  it('sits next to the schema DATABASE_URL selects, else pg-boss\'s default', () => {
    expect(jobsSchemaName({ pgSchema: null }, pgUrl('-c search_path=t_ab12'))).toBe('t_ab12_jobs');
    expect(jobsSchemaName({ pgSchema: null }, pgUrl('-csearch_path=App,public'))).toBe('app_jobs');
    expect(jobsSchemaName({ pgSchema: null }, pgUrl('--search_path=tenant'))).toBe('tenant_jobs');
    expect(jobsSchemaName({ pgSchema: null }, pgUrl())).toBe('pgboss');
    expect(jobsSchemaName({ pgSchema: null }, pgUrl('-c search_path=public'))).toBe('pgboss');
    expect(jobsSchemaName({ pgSchema: null }, pgUrl('-c search_path="we-ird"'))).toBe('pgboss');
    expect(jobsSchemaName({ pgSchema: null }, { kind: 'sqlite', file: '/tmp/x.db' })).toBe('pgboss');
  });
});
