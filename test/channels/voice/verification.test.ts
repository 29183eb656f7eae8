// The skill endpoint refuses (400, nothing stored) every request the platform's verification rules reject, and accepts the genuine one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorObject } from '../../helpers/http.js';
import { certUrl, type FakeDevice, type SendOptions } from '../../fakes/voice-assistant.js';
import { voiceWorld, type VoiceWorld } from './voice-world.js';

const bot = { name: 'voice check', interactions: [{ name: 'hello', intents: ['sys:start'], actions: [{ send: { message: { text: 'Hello there' } } }] }] };
const DAY = 86_400_000;

describe('voice request verification', () => {
  let w: VoiceWorld;
  let device: FakeDevice;

  beforeAll(async () => {
    w = await voiceWorld('sqlite', bot);
    device = w.skill.device();
  });
  afterAll(async () => w?.close());

  async function refused(options: SendOptions, pattern: RegExp): Promise<void> {
    const answer = await device.launch(options);
    expect(answer.status).toBe(400);
    expect(isErrorObject(answer.body, 400)).toBe(true);
    expect(answer.body.description).toMatch(pattern);
    // Nothing was processed: no human, no conversation, no event.
    expect(await w.conversations()).toEqual([]);
  }

  it('refuses requests without the signature headers', async () => {
    await refused({ certUrl: null }, /SignatureCertChainUrl/);
    await refused({ signature: null }, /Signature-256/);
  });

  it('refuses a signature that does not match the body (altered, or made with another key)', async () => {
    await refused({ tamper: (body) => body.replace('"locale":"en-US"', '"locale":"en-GB"') }, /not a valid signature/);
    await refused({ signature: Buffer.alloc(256, 7).toString('base64') }, /not a valid signature/);
    await refused({ signature: 'not base64 at all!' }, /not a valid signature/);
  });

  it('refuses certificate URLs off the platform\'s host, scheme, port or path', async () => {
    for (const [url, why] of [
      ['http://s3.amazonaws.com/echo.api/echo-api-cert-test.pem', /https/],
      ['https://notamazon.com/echo.api/echo-api-cert-test.pem', /s3\.amazonaws\.com/],
      ['https://s3.amazonaws.com.evil.example/echo.api/echo-api-cert-test.pem', /s3\.amazonaws\.com/],
      ['https://s3.amazonaws.com/EcHo.aPi/echo-api-cert-test.pem', /\/echo\.api\//],
      ['https://s3.amazonaws.com/invalid.path/echo-api-cert-test.pem', /\/echo\.api\//],
      ['https://s3.amazonaws.com/echo.api/../invalid.path/echo-api-cert-test.pem', /\/echo\.api\//],
      ['https://s3.amazonaws.com:563/echo.api/echo-api-cert-test.pem', /port/],
      ['not a url', /absolute URL/],
    ] as const) await refused({ certUrl: url }, why);
  });

  it('refuses chains that are missing, expired, not yet valid, for another name, or not from a trusted CA', async () => {
    await refused({ certUrl: certUrl('nowhere.pem') }, /could not be fetched \(HTTP 404\)/);
    const expired = w.fake.pki.chain({ notBefore: new Date(Date.now() - 30 * DAY), notAfter: new Date(Date.now() - DAY) });
    await refused({ certUrl: w.fake.publish('expired.pem', expired), chain: expired }, /expired or is not valid yet/);
    const future = w.fake.pki.chain({ notBefore: new Date(Date.now() + DAY), notAfter: new Date(Date.now() + 30 * DAY) });
    await refused({ certUrl: w.fake.publish('future.pem', future), chain: future }, /expired or is not valid yet/);
    const otherName = w.fake.pki.chain({ sans: ['echo-api.amazon.com.evil.example', 'evil.example'] });
    await refused({ certUrl: w.fake.publish('other-name.pem', otherName), chain: otherName }, /echo-api\.amazon\.com/);
    const noSan = w.fake.pki.chain({ sans: [] });
    await refused({ certUrl: w.fake.publish('no-san.pem', noSan), chain: noSan }, /echo-api\.amazon\.com/);
    const forged = w.fake.pki.chain({ untrusted: true });
    await refused({ certUrl: w.fake.publish('forged.pem', forged), chain: forged }, /trusted root/);
    // The forger's leaf beside the genuine intermediate: names line up, the signature does not.
    const leafOnly = forged.pem.slice(0, forged.pem.indexOf('-----END CERTIFICATE-----') + 25);
    await refused({ certUrl: w.fake.publish('forged-mixed.pem', `${leafOnly}\n${w.fake.pki.intermediatePem}`), chain: forged }, /not signed by certificate 2/);
    await refused({ certUrl: w.fake.publish('garbage.pem', 'hello'), chain: forged }, /no PEM certificate/);
  });

  it('refuses a stale or future timestamp (more than 150 s from now)', async () => {
    // 20 s past the bound: a request that takes seconds on a loaded machine must not drift back inside it.
    await refused({ timestamp: new Date(Date.now() - 170_000) }, /150 seconds/);
    await refused({ timestamp: new Date(Date.now() + 170_000) }, /150 seconds/);
  });

  it('refuses a request for another skill, signed and fresh as it is', async () => {
    await refused({ applicationId: 'amzn1.ask.skill.someone-else' }, /another skill/);
  });

  it('accepts the genuine request, also with a URL that only normalizes to the platform\'s form, and fetches a chain once', async () => {
    const before = w.fake.fetched.filter((p) => p === '/echo.api/echo-api-cert-test.pem').length;
    const answer = await device.launch({ certUrl: 'HTTPS://S3.AmazonAWS.com:443/echo.api/../echo.api/echo-api-cert-test.pem' });
    expect(answer.status).toBe(200);
    expect(answer.body.response.outputSpeech).toEqual({ type: 'PlainText', text: 'Hello there.' });
    const again = await w.skill.device().launch();
    expect(again.status).toBe(200);
    expect(w.fake.fetched.filter((p) => p === '/echo.api/echo-api-cert-test.pem').length - before).toBeLessThanOrEqual(1);
    expect(await w.conversations()).toHaveLength(2);
  });

  it('refuses every request of a channel that has no skill id to check (403)', async () => {
    const res = await w.api('PUT', `/v1/channels/${w.channelId}`, { botId: w.botId, name: 'voice', description: 'no skill', user: null });
    expect(res.status).toBe(200);
    const answer = await w.skill.device().launch();
    expect(answer.status).toBe(403);
    expect(answer.body.description).toMatch(/skill id/);
    expect(await w.conversations()).toHaveLength(2);
  });
});
