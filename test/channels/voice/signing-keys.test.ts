// Signing chains are fetched once per URL and trusted until they expire; a failed chain is not kept, and Node's bundled roots are the default trust.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChainProblem } from '../../../src/channels/voice/cert-chain.js';
import { SigningKeys } from '../../../src/channels/voice/signing-keys.js';
import { TrustStore } from '../../../src/channels/voice/trust-store.js';
import { FakeVoiceAssistant } from '../../fakes/voice-assistant.js';

const DAY = 86_400_000;

describe('signing keys', () => {
  let fake: FakeVoiceAssistant;
  beforeAll(async () => {
    fake = await FakeVoiceAssistant.start();
  });
  afterAll(async () => fake?.close());

  it('fetches a chain once, and again only after it expired (when it is refused)', async () => {
    let now = Date.now();
    const chain = fake.pki.chain({ notAfter: new Date(now + DAY) });
    fake.publish('short-lived.pem', chain);
    const keys = new SigningKeys({ baseUrl: fake.baseUrl, trust: new TrustStore(fake.trustedCaFile), clock: () => new Date(now) });
    const url = 'https://s3.amazonaws.com/echo.api/short-lived.pem';
    const fetches = () => fake.fetched.filter((p) => p === '/echo.api/short-lived.pem').length;

    const [a, b] = await Promise.all([keys.keyFor(url, '/echo.api/short-lived.pem'), keys.keyFor(url, '/echo.api/short-lived.pem')]);
    expect(a).toBe(b);
    expect(crypto.verify('sha256', Buffer.from('x'), a, crypto.sign('sha256', Buffer.from('x'), chain.key))).toBe(true);
    await keys.keyFor(url, '/echo.api/short-lived.pem');
    expect(fetches()).toBe(1);

    now += 2 * DAY;
    await expect(keys.keyFor(url, '/echo.api/short-lived.pem')).rejects.toThrow(/expired/);
    expect(fetches()).toBe(2);
    await expect(keys.keyFor(url, '/echo.api/short-lived.pem')).rejects.toBeInstanceOf(ChainProblem);
    expect(fetches()).toBe(3);
  });

  it('trusts Node\'s bundled roots by default, where a test CA is not trusted', async () => {
    const keys = new SigningKeys({ baseUrl: fake.baseUrl, trust: new TrustStore(null), clock: () => new Date() });
    await expect(keys.keyFor('https://s3.amazonaws.com/echo.api/echo-api-cert-test.pem', '/echo.api/echo-api-cert-test.pem')).rejects.toThrow(/trusted root/);
    expect(new TrustStore(null).certificates().length).toBeGreaterThan(50);
    expect(() => new TrustStore('/nonexistent/roots.pem').certificates()).toThrow(/VOICE_TRUSTED_CA_FILE/);
  });
});
