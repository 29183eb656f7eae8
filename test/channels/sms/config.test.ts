import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config.js';

describe('SMS configuration', () => {
  it('has defaults for a Twilio-style carrier and SMPP binds', () => {
    expect(loadConfig({}).sms).toEqual({
      carrierApiUrl: 'https://api.twilio.com', carrierTimeoutMs: 10_000, allowHosts: [], smppEnquireLinkMs: 30_000, smppResponseTimeoutMs: 10_000,
      smppReconnectMinMs: 1000, smppReconnectMaxMs: 60_000, smppWindow: 10, smppThrottleRetryMs: 1000, smppReconcileMs: 30_000, reassemblyTimeoutMs: 20_000,
    });
    expect(loadConfig({ SMS_CARRIER_API_URL: 'https://carrier.example/api/', SMS_ALLOW_HOSTS: 'smsc.internal, 10.0.0.5:2775' }).sms)
      .toMatchObject({ carrierApiUrl: 'https://carrier.example/api', allowHosts: ['smsc.internal', '10.0.0.5:2775'] });
  });

  it('refuses values it cannot use', () => {
    expect(() => loadConfig({ SMS_ALLOW_HOSTS: 'http://x/' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMS_CARRIER_API_URL: 'ftp://x' })).toThrow(/SMS_CARRIER_API_URL must be an absolute http\(s\) URL/);
    expect(() => loadConfig({ SMPP_RECONNECT_MIN_MS: '5000', SMPP_RECONNECT_MAX_MS: '1000' })).toThrow(/must not be below SMPP_RECONNECT_MIN_MS/);
    expect(() => loadConfig({ SMPP_WINDOW: '0' })).toThrow(/SMPP_WINDOW must be between 1 and 1000/);
  });
});
