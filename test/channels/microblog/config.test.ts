// The microblog channel's configuration: defaults, every variable read, and clear refusals of values it cannot use.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';

describe('microblog configuration', () => {
  it('defaults to the public API and upload hosts, with no server-wide app', () => {
    expect(loadConfig({}).microblog).toEqual({
      apiUrl: 'https://api.twitter.com', uploadUrl: 'https://api.twitter.com', timeoutMs: 10_000, consumerKey: null, consumerSecret: null, mediaMaxBytes: 15 * 1024 * 1024,
    });
  });

  it('reads every variable', () => {
    expect(loadConfig({
      MICROBLOG_API_URL: 'http://127.0.0.1:9000/api/', MICROBLOG_UPLOAD_URL: 'http://127.0.0.1:9001', MICROBLOG_TIMEOUT_MS: '2500',
      MICROBLOG_CONSUMER_KEY: 'k', MICROBLOG_CONSUMER_SECRET: 's', MICROBLOG_MEDIA_MAX_BYTES: '5242880',
    }).microblog).toEqual({ apiUrl: 'http://127.0.0.1:9000/api', uploadUrl: 'http://127.0.0.1:9001', timeoutMs: 2500, consumerKey: 'k', consumerSecret: 's', mediaMaxBytes: 5_242_880 });
  });

  it('refuses what it cannot use, naming the variable', () => {
    expect(() => loadConfig({ MICROBLOG_CONSUMER_KEY: 'k' })).toThrow(/MICROBLOG_CONSUMER_KEY and MICROBLOG_CONSUMER_SECRET go together/);
    expect(() => loadConfig({ MICROBLOG_API_URL: 'api.twitter.com' })).toThrow(/MICROBLOG_API_URL must be an absolute http\(s\) URL/);
    expect(() => loadConfig({ MICROBLOG_TIMEOUT_MS: '50' })).toThrow(/MICROBLOG_TIMEOUT_MS must be between 100 and 120000/);
    expect(() => loadConfig({ MICROBLOG_MEDIA_MAX_BYTES: '1' })).toThrow(/MICROBLOG_MEDIA_MAX_BYTES must be between/);
  });
});
