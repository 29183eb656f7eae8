// Lookup and RBM settings: defaults, and clear errors naming the variable.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('lookup and RBM config', () => {
  it('defaults to the offline carrier data, Google\'s RBM host and token host, a 5-minute RCS cache', () => {
    const { lookup, rbm } = loadConfig({});
    expect(lookup).toEqual({ phoneCacheMax: 10_000, phoneCacheTtlSeconds: 3600, carrierLookupUrl: null, carrierLookupToken: null, carrierLookupTimeoutMs: 3000 });
    expect(rbm).toEqual({
      apiUrl: 'https://rcsbusinessmessaging.googleapis.com', tokenHosts: ['oauth2.googleapis.com'], agentId: null,
      serviceAccountKeyFile: null, capabilityTtlSeconds: 300, capabilityRecheckHours: 24, timeoutMs: 10_000,
    });
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PHONE_LOOKUP_CACHE_MAX: '0', PHONE_LOOKUP_CACHE_TTL_SECONDS: '60', CARRIER_LOOKUP_URL: 'https://lookup.example/v1/numbers?x=1',
      CARRIER_LOOKUP_TOKEN: 't', CARRIER_LOOKUP_TIMEOUT_MS: '500', RBM_API_URL: 'http://127.0.0.1:9000/', RBM_TOKEN_HOSTS: ' OAuth2.googleapis.com , 127.0.0.1:9001 ',
      RBM_AGENT_ID: 'acme', RBM_SERVICE_ACCOUNT_KEY_FILE: 'keys/rbm.json', RBM_CAPABILITY_TTL_SECONDS: '0', RBM_CAPABILITY_RECHECK_HOURS: '0', RBM_TIMEOUT_MS: '250',
    });
    expect(c.lookup).toEqual({ phoneCacheMax: 0, phoneCacheTtlSeconds: 60, carrierLookupUrl: 'https://lookup.example/v1/numbers?x=1', carrierLookupToken: 't', carrierLookupTimeoutMs: 500 });
    expect(c.rbm).toEqual({
      apiUrl: 'http://127.0.0.1:9000', tokenHosts: ['oauth2.googleapis.com', '127.0.0.1:9001'], agentId: 'acme',
      serviceAccountKeyFile: path.resolve('keys/rbm.json'), capabilityTtlSeconds: 0, capabilityRecheckHours: 0, timeoutMs: 250,
    });
  });

  it('refuses bad values with the variable name', () => {
    expect(() => loadConfig({ RBM_AGENT_ID: 'acme' })).toThrow(ConfigError);
    expect(() => loadConfig({ RBM_SERVICE_ACCOUNT_KEY_FILE: 'k.json' })).toThrow('RBM_AGENT_ID and RBM_SERVICE_ACCOUNT_KEY_FILE');
    expect(() => loadConfig({ RBM_API_URL: 'ftp://x' })).toThrow('RBM_API_URL');
    expect(() => loadConfig({ CARRIER_LOOKUP_URL: 'lookup.example' })).toThrow('CARRIER_LOOKUP_URL');
    expect(() => loadConfig({ RBM_TOKEN_HOSTS: 'https://oauth2.googleapis.com/token' })).toThrow('RBM_TOKEN_HOSTS');
    expect(() => loadConfig({ RBM_TOKEN_HOSTS: 'a b' })).toThrow('RBM_TOKEN_HOSTS');
    expect(() => loadConfig({ RBM_CAPABILITY_TTL_SECONDS: '-1' })).toThrow('RBM_CAPABILITY_TTL_SECONDS');
    expect(() => loadConfig({ RBM_CAPABILITY_RECHECK_HOURS: '8761' })).toThrow('RBM_CAPABILITY_RECHECK_HOURS');
    expect(() => loadConfig({ RBM_TIMEOUT_MS: '5' })).toThrow('RBM_TIMEOUT_MS');
    expect(() => loadConfig({ PHONE_LOOKUP_CACHE_TTL_SECONDS: '0' })).toThrow('PHONE_LOOKUP_CACHE_TTL_SECONDS');
  });
});
