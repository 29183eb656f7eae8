// The messenger channel's configuration: defaults, and clear refusals of values it cannot use.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config.js';

describe('messenger configuration', () => {
  it('defaults to the public Graph API, a current version, profiles on and no server-wide secrets', () => {
    expect(loadConfig({}).messenger).toEqual({
      apiUrl: 'https://graph.facebook.com', apiVersion: 'v25.0', timeoutMs: 10_000, appSecret: null, verifyToken: null, fetchProfiles: true,
    });
  });

  it('reads every variable', () => {
    expect(loadConfig({
      MESSENGER_API_URL: 'http://127.0.0.1:9000/graph/', MESSENGER_API_VERSION: 'v19.0', MESSENGER_TIMEOUT_MS: '2500',
      MESSENGER_APP_SECRET: 's', MESSENGER_VERIFY_TOKEN: 'v', MESSENGER_FETCH_PROFILES: 'false',
    }).messenger).toEqual({ apiUrl: 'http://127.0.0.1:9000/graph', apiVersion: 'v19.0', timeoutMs: 2500, appSecret: 's', verifyToken: 'v', fetchProfiles: false });
  });

  it('refuses what it cannot use, naming the variable', () => {
    expect(() => loadConfig({ MESSENGER_API_VERSION: '19.0' })).toThrow(new ConfigError('MESSENGER_API_VERSION must look like v25.0, got "19.0"'));
    expect(() => loadConfig({ MESSENGER_API_URL: 'graph.facebook.com' })).toThrow(/MESSENGER_API_URL must be an absolute http\(s\) URL/);
    expect(() => loadConfig({ MESSENGER_TIMEOUT_MS: '50' })).toThrow(/MESSENGER_TIMEOUT_MS must be between 100 and 120000/);
    expect(() => loadConfig({ MESSENGER_FETCH_PROFILES: 'maybe' })).toThrow(/MESSENGER_FETCH_PROFILES must be true or false/);
  });
});
