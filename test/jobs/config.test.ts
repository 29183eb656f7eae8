// The job layer's environment variables: defaults, bounds and the pg-boss schema name.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('JOBS_* configuration', () => {
  it('has defaults', () => {
    expect(loadConfig({}).jobs).toEqual({ pollMs: 200, leaseSeconds: 60, retentionDays: 7, pgSchema: null });
  });

  it('reads every variable', () => {
    const jobs = loadConfig({ JOBS_POLL_MS: '50', JOBS_LEASE_SECONDS: '300', JOBS_RETENTION_DAYS: '30', JOBS_PG_SCHEMA: 'parley_jobs' }).jobs;
    expect(jobs).toEqual({ pollMs: 50, leaseSeconds: 300, retentionDays: 30, pgSchema: 'parley_jobs' });
  });

  it.each([
    ['JOBS_POLL_MS', '5'], ['JOBS_POLL_MS', 'fast'], ['JOBS_LEASE_SECONDS', '0'], ['JOBS_LEASE_SECONDS', '86400'],
    ['JOBS_RETENTION_DAYS', '0'], ['JOBS_PG_SCHEMA', '1jobs'], ['JOBS_PG_SCHEMA', 'jobs;drop'], ['JOBS_PG_SCHEMA', 'x'.repeat(51)],
  ])('refuses %s=%s', (key, value) => {
    expect(() => loadConfig({ [key]: value })).toThrow(ConfigError);
  });
});
