// The voice settings read from the environment: defaults, and clear refusals of values that cannot work.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config.js';

describe('voice configuration', () => {
  it('defaults to the platform\'s certificate host, Node\'s roots, a 6 s answer budget and an English holding phrase', () => {
    expect(loadConfig({}).voice).toEqual({ certBaseUrl: 'https://s3.amazonaws.com', trustedCaFile: null, answerTimeoutMs: 6000, holdingPhrase: 'One moment, please.' });
  });

  it('takes a base URL, a CA file, a budget within the platform\'s 8 s and a phrase', () => {
    const voice = loadConfig({
      VOICE_CERT_BASE_URL: 'http://127.0.0.1:4010/', VOICE_TRUSTED_CA_FILE: '/etc/parley/roots.pem', VOICE_ANSWER_TIMEOUT_MS: '4000', VOICE_HOLDING_PHRASE: ' Un instant. ',
    }).voice;
    expect(voice).toEqual({ certBaseUrl: 'http://127.0.0.1:4010', trustedCaFile: '/etc/parley/roots.pem', answerTimeoutMs: 4000, holdingPhrase: 'Un instant.' });
  });

  it('refuses values that cannot work', () => {
    expect(() => loadConfig({ VOICE_CERT_BASE_URL: 'ftp://x' })).toThrow(ConfigError);
    expect(() => loadConfig({ VOICE_ANSWER_TIMEOUT_MS: '9000' })).toThrow(/VOICE_ANSWER_TIMEOUT_MS/);
    expect(() => loadConfig({ VOICE_HOLDING_PHRASE: 'x'.repeat(501) })).toThrow(/VOICE_HOLDING_PHRASE/);
  });
});
