// WEBHOOK_* configuration: defaults, limits, and a delivery timeout that must stay inside the jobs' lease.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('webhooks config', () => {
  it('has defaults that retry for about two days', () => {
    expect(loadConfig({}).webhooks).toEqual({ timeoutMs: 15_000, maxAttempts: 16, retryMs: 5000, concurrency: 8, logRetentionDays: 30, disableAfterMs: 24 * 3_600_000 });
  });

  it('reads every variable', () => {
    const c = loadConfig({ WEBHOOK_TIMEOUT_MS: '20000', WEBHOOK_MAX_ATTEMPTS: '3', WEBHOOK_RETRY_MS: '50', WEBHOOK_CONCURRENCY: '2', WEBHOOK_LOG_RETENTION_DAYS: '7' }).webhooks;
    expect(c).toEqual({ timeoutMs: 20_000, maxAttempts: 3, retryMs: 50, concurrency: 2, logRetentionDays: 7, disableAfterMs: 24 * 3_600_000 });
  });

  it('keeps the default timeout inside a short lease, and refuses one that outlasts it', () => {
    expect(loadConfig({ JOBS_LEASE_SECONDS: '1' }).webhooks.timeoutMs).toBe(500);
    expect(() => loadConfig({ JOBS_LEASE_SECONDS: '10', WEBHOOK_TIMEOUT_MS: '10000' })).toThrow(/WEBHOOK_TIMEOUT_MS .* JOBS_LEASE_SECONDS/);
  });

  it('refuses values out of range, naming the variable', () => {
    for (const [key, value] of [['WEBHOOK_MAX_ATTEMPTS', '0'], ['WEBHOOK_RETRY_MS', '5'], ['WEBHOOK_CONCURRENCY', 'many'], ['WEBHOOK_LOG_RETENTION_DAYS', '0'], ['WEBHOOK_TIMEOUT_MS', '50']]) {
      expect(() => loadConfig({ [key!]: value }), key).toThrow(ConfigError);
      expect(() => loadConfig({ [key!]: value }), key).toThrow(key);
    }
  });
});
