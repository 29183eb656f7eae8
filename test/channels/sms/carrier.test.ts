import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, isErrorObject, type Call } from '../../helpers/http.js';
import type { TestServer } from '../../helpers/server.js';
import { FakeCarrier, type CarrierAccount } from '../../fakes/carrier.js';
import { createSmsChannel, history, PIZZAS, SAGA, smsBot, startSmsServer, until, WELCOME } from './harness.js';
import { MediaHost } from './media-host.js';

const LONG_CODE = '+15550002000';
const SHORT_CODE = '24680';
const TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

describe('carrier API (Twilio-style) on sqlite', () => {
  let server: TestServer;
  let carrier: FakeCarrier;
  let media: MediaHost;
  let account: CarrierAccount;
  let api: Call;
  let dlc: number;
  let dsc: number;

  beforeAll(async () => {
    carrier = await FakeCarrier.start();
    media = await MediaHost.start({
      '/oven.jpg': { type: 'image/jpeg', size: 20_000 },
      '/clip.avi': { type: 'video/x-msvideo', size: 4_000 },
      '/poster.png': { type: 'image/png', size: 6 * 1024 * 1024 },
      '/logo.gif': { type: null, size: 900, ignoreRange: true },
    });
    server = await startSmsServer('sqlite');
    const { token } = await server.account();
    api = client(server.url, token);
    const bot = await api('POST', '/v1/bots', smsBot({
      photo: `${media.url}/oven.jpg`, video: `${media.url}/clip.avi`, poster: `${media.url}/poster.png`, logo: `${media.url}/logo.gif`,
    }));
    expect(bot.status).toBe(200);
    account = carrier.account([LONG_CODE, SHORT_CODE]);
    const credentials = `http://${account.sid}:${account.authToken}@${carrier.url.slice('http://'.length)}`;
    dlc = await createSmsChannel(api, bot.body.id, { channelType: 'dlc', user: LONG_CODE, token: credentials });
    dsc = await createSmsChannel(api, bot.body.id, { channelType: 'dsc', user: SHORT_CODE, token: credentials, name: 'Pizza Club' });
    carrier.setWebhook(LONG_CODE, `${server.url}/hooks/dlc/${dlc}`);
    carrier.setWebhook(SHORT_CODE, `${server.url}/hooks/dsc/${dsc}`);
  });
  afterAll(async () => {
    await server?.close();
    await carrier?.close();
    await media?.close();
  });

  /** A handset texts `to`; resolves with what the carrier was asked to send back. */
  async function say(from: string, text: string, options: { to?: string; answers?: number; media?: { url: string; contentType: string }[] } = {}): Promise<string[]> {
    const before = carrier.textsTo(from).length;
    const reply = await carrier.receive(from, options.to ?? LONG_CODE, text, { media: options.media });
    expect(reply).toEqual({ status: 200, body: TWIML, contentType: 'text/xml' });
    await carrier.waitFor(() => carrier.textsTo(from).length >= before + (options.answers ?? 1));
    await server.services.runtime.settled();
    return carrier.textsTo(from).slice(before);
  }

  it('runs a conversation through the carrier: numbered choices by number and title, a carousel, MMS in', async () => {
    const human = '+15558880001';
    expect(await say(human, 'hello')).toEqual([WELCOME]);
    expect(await say(human, '3')).toEqual(['Large it is.']);
    expect(await say(human, 'show me the pizzas')).toEqual([PIZZAS]);
    expect(await say(human, 'Order Diavola')).toEqual(['One Diavola coming.']);
    expect(await say(human, 'look', { media: [{ url: `${carrier.url}/2010-04-01/Accounts/${account.sid}/Messages/MM1/Media/ME1`, contentType: 'image/jpeg' }] })).toEqual(['You said: look']);

    const sent = carrier.messages.filter((m) => m.to === human);
    expect(sent[0]).toMatchObject({ accountSid: account.sid, from: LONG_CODE, mediaUrls: [], statusCallback: `${server.url}/hooks/dlc/${dlc}` });
    const inbound = (await history(api, dlc, human)).filter((m) => m.direction === 'in');
    expect(inbound.at(-1)!.content.media).toEqual([{ url: `${carrier.url}/2010-04-01/Accounts/${account.sid}/Messages/MM1/Media/ME1`, mimeType: 'image/jpeg', name: null, size: null }]);
  });

  it('refuses a webhook whose signature does not hold (403) and processes nothing of it', async () => {
    const human = '+15558880002';
    const forged = await carrier.receive(human, LONG_CODE, 'hello', { tamper: true });
    expect(forged.status).toBe(403);
    expect(isErrorObject(JSON.parse(forged.body), 403)).toBe(true);
    const unsigned = await fetch(`${server.url}/hooks/dlc/${dlc}`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `MessageSid=SM1&From=${encodeURIComponent(human)}&Body=hi&AccountSid=${account.sid}`,
    });
    expect(unsigned.status).toBe(403);
    await server.services.runtime.settled();
    expect(await history(api, dlc, human)).toEqual([]);
    expect(carrier.textsTo(human)).toEqual([]);
  });

  it('updates message status from status callbacks', async () => {
    const human = '+15558880003';
    await say(human, 'hello');
    await say(human, 'small');
    const [welcome, small] = carrier.messages.filter((m) => m.to === human);
    expect(await carrier.setStatus(welcome!.sid, 'sent')).toBe(200);
    expect(await carrier.setStatus(welcome!.sid, 'delivered')).toBe(200);
    expect(await carrier.setStatus(small!.sid, 'undelivered', '30003')).toBe(200);
    const out = (await history(api, dlc, human)).filter((m) => m.direction === 'out');
    expect(out.map((m) => [m.content.text, m.status, m.failureReason])).toEqual([
      ['Hi! Which size?', 'delivered', null],
      ['Small it is.', 'failed', 'the carrier reported undelivered (error 30003)'],
    ]);
  });

  it('retries through a carrier outage and rate limiting, then delivers; gives up on a permanent refusal', async () => {
    const human = '+15558880004';
    carrier.failNext({ status: 503 }, { status: 500 }, { status: 429, retryAfter: '0' });
    expect(await say(human, 'hello')).toEqual([WELCOME]);
    const out = (await history(api, dlc, human)).filter((m) => m.direction === 'out');
    expect(out.map((m) => m.status)).toEqual(['sent']);

    carrier.optedOut.add(human);
    await carrier.receive(human, LONG_CODE, 'small');
    const failed = await until(() => history(api, dlc, human), (h) => h.some((m) => m.status === 'failed'));
    expect(failed.find((m) => m.status === 'failed')!.failureReason).toBe('carrier error 21610: Attempt to send to unsubscribed recipient (HTTP 400)');
    carrier.optedOut.delete(human);
  });

  it('honours STOP, HELP and START before the bot runs, leaving the confirmations to the carrier that filters them', async () => {
    const human = '+15558880005';
    await say(human, 'hello');
    // The carrier (as Twilio by default) confirms the keyword itself; Parley changes the subscription and sends nothing more.
    expect(await say(human, 'STOPALL')).toEqual(['You have successfully been unsubscribed. You will not receive any more messages from this number. Reply START to resubscribe.']);
    expect(await say(human, 'info')).toEqual(['Reply STOP to unsubscribe. Msg&Data Rates May Apply.']);
    const restarted = await say(human, 'START', { answers: 2 });
    expect(restarted).toEqual([
      'You have successfully been re-subscribed to messages from this number. Reply HELP for help. Reply STOP to unsubscribe. Msg&Data Rates May Apply.',
      WELCOME,
    ]);
    const out = (await history(api, dlc, human)).filter((m) => m.direction === 'out');
    expect(out.map((m) => m.content.text)).not.toContain(expect.stringMatching(/^You have successfully|Reply STOP/));
    expect(out.filter((m) => m.status === 'failed').map((m) => m.content.text)).toEqual(['You said: STOPALL', 'You said: info']);
    // The consent ledger holds both, with the words that did it (docs/consent.md).
    const { humans } = (await api('GET', '/v1/humans?limit=100')).body as { humans: { id: number; phone: string | null }[] };
    const id = humans.find((h) => h.phone === human)!.id;
    const consent = (await api('GET', `/v1/humans/${id}/consent`)).body;
    expect(consent.events.map((e: { family: string; state: string; source: string; proof: string; channelId: number }) => [e.family, e.state, e.source, e.proof, e.channelId]))
      .toEqual([['sms', 'out', 'keyword', 'STOPALL', dlc], ['sms', 'in', 'keyword', 'START', dlc]]);
    expect(consent.current).toEqual([expect.objectContaining({ family: 'sms', state: 'in' })]);
  });

  it('takes REVOKE and OPTOUT as STOP (the FCC rule of 2025-04-11), and OptOutType as the carrier\'s own confirmation', async () => {
    for (const [human, word] of [['+15558880015', 'REVOKE'], ['+15558880016', 'optout']] as const) {
      await say(human, 'hello');
      expect(await say(human, word)).toEqual(['You have successfully been unsubscribed. You will not receive any more messages from this number. Reply START to resubscribe.']);
      const out = (await history(api, dlc, human)).filter((m) => m.direction === 'out');
      expect(out.at(-1)).toMatchObject({ status: 'failed', failureReason: expect.stringMatching(/unsubscribed from this number \(STOP\)/) });
    }
    // A channel set to confirm keywords itself (keywordReplies=on, for a carrier account that does not filter them)…
    const credentials = `http://${account.sid}:${account.authToken}@${carrier.url.slice('http://'.length)}?keywordReplies=on`;
    expect((await api('PUT', `/v1/channels/${dsc}`, { botId: (await api('GET', `/v1/channels/${dsc}`)).body.botId, name: 'Pizza Club', description: 'SMS', token: credentials })).status).toBe(200);
    const confirmations = async (human: string) => (await history(api, dsc, human)).filter((m) => m.direction === 'out' && /^You have successfully/.test(String(m.content.text)));
    carrier.keywordFiltering = false;
    try {
      const human = '+15558880017';
      await say(human, 'hello', { to: SHORT_CODE });
      await say(human, 'REVOKE', { to: SHORT_CODE });
      expect(await confirmations(human)).toHaveLength(1);
      // …still leaves it to the carrier when the webhook says the carrier took the keyword (Advanced Opt-Out's OptOutType).
      carrier.keywordFiltering = true;
      carrier.advancedOptOut = true;
      const other = '+15558880018';
      await say(other, 'hello', { to: SHORT_CODE });
      expect(await say(other, 'STOP', { to: SHORT_CODE })).toHaveLength(1);
      expect(await confirmations(other)).toEqual([]);
    } finally {
      carrier.keywordFiltering = true;
      carrier.advancedOptOut = false;
    }
  });

  it('sends a text over 1,600 characters as several messages, asking for the status of the last', async () => {
    const human = '+15558880006';
    await say(human, 'hello');
    const parts = await say(human, 'tell me the whole saga', { answers: 2 });
    expect(parts.length).toBe(2);
    expect(parts.join(' ')).toBe(SAGA);
    const [first, last] = carrier.messages.filter((m) => m.to === human).slice(-2);
    expect(first!.statusCallback).toBeNull();
    expect(last!.statusCallback).toBe(`${server.url}/hooks/dlc/${dlc}`);
    await carrier.setStatus(last!.sid, 'delivered');
    expect((await history(api, dlc, human)).filter((m) => m.direction === 'out').at(-1)!.status).toBe('delivered');
  });

  it('checks MMS media against the dlc MIME list and the 5 MB total, and sends what passes as MediaUrl', async () => {
    const human = '+15558880007';
    await say(human, 'hello');
    await say(human, 'send the photo');
    expect(carrier.messages.filter((m) => m.to === human).at(-1)).toMatchObject({ body: 'Here is the photo.', mediaUrls: [`${media.url}/oven.jpg`] });
    expect(media.requests.find((r) => r.path === '/oven.jpg')).toEqual({ path: '/oven.jpg', range: 'bytes=0-0' });
    await say(human, 'send the logo');
    expect(carrier.messages.filter((m) => m.to === human).at(-1)).toMatchObject({ mediaUrls: [`${media.url}/logo.gif`] });

    await carrier.receive(human, LONG_CODE, 'send the video');
    await carrier.receive(human, LONG_CODE, 'send the poster');
    const refused = await until(() => history(api, dlc, human), (h) => h.filter((m) => m.status === 'failed').length === 2);
    expect(refused.filter((m) => m.status === 'failed').map((m) => m.failureReason)).toEqual([
      `the media ${media.url}/clip.avi is video/x-msvideo, which Long Code MMS does not carry (docs/channels/sms.md#mms-media)`,
      expect.stringMatching(/^the message's media and text come to \d+ bytes; MMS carries under 5242880 \(5 MB\)$/),
    ]);

    // The spec's MIME list is the long code's: a short code sends the same video.
    await say(human, 'hello', { to: SHORT_CODE });
    await say(human, 'send the video', { to: SHORT_CODE });
    expect(carrier.messages.filter((m) => m.to === human).at(-1)).toMatchObject({ from: SHORT_CODE, mediaUrls: [`${media.url}/clip.avi`] });
  });
});
