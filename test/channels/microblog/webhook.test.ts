// The Account Activity webhook: the CRC challenge, x-twitter-webhooks-signature checked before anything is read, one app's webhook serving several accounts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MicroblogWebhook, networkJson, webhookSignature } from '../../fakes/microblog-webhook.js';
import { eventually } from '../support/eventually.js';
import { microblogWorld, tokenJson, type MicroblogWorld } from './microblog-world.js';

const bot = {
  name: 'echo',
  interactions: [{ name: 'echo', intents: ['sys:text'], actions: [{ send: { message: { text: 'You said: {sys:text}' } } }] }],
};

describe('the microblog webhook', () => {
  let w: MicroblogWorld;

  beforeAll(async () => { w = await microblogWorld('sqlite', bot); });
  afterAll(async () => w?.close());

  it('answers the CRC with the HMAC-SHA256 of the crc_token keyed with the consumer secret', async () => {
    const crc = await w.hook.crc('f1b7a2c2-crc-token');
    expect(crc.status).toBe(200);
    expect(crc.body).toEqual({ response_token: crc.expected });
    // The network's own check of the answer, for a token of its choosing.
    const another = await w.hook.crc();
    expect(another.body).toEqual({ response_token: another.expected });
    expect((await fetch(w.hook.url)).status).toBe(400);
    // The answer is the signature a body equal to the token would carry: a JSON document is never signed this way.
    const forged = networkJson({ for_user_id: w.account.userId, direct_message_events: [MicroblogWebhook.messageCreate('1400000000000000009', w.account.userId, 'forged')] });
    const oracle = await w.hook.crc(forged);
    expect(oracle.status).toBe(400);
    expect(JSON.stringify(oracle.body)).not.toContain(oracle.expected);
    expect((await w.hook.crc('x'.repeat(256))).status).toBe(400);
    expect((await fetch(`${w.server.url}/hooks/twr/999999?crc_token=x`)).status).toBe(404);
  });

  it('refuses the CRC (403) for a channel that has no consumer secret to answer with', async () => {
    const bare = await w.addChannel('1500000000000000001', JSON.stringify({ accessToken: '1500000000000000001-x', accessTokenSecret: 'y' }));
    const res = await fetch(`${w.server.url}/hooks/twr/${bare}?crc_token=abc`);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { description: string }).description).toMatch(/consumerSecret/);
  });

  it('refuses activity without the right signature (403) and processes nothing of it', async () => {
    const person = '1400000000000000001';
    w.fake.person(person);
    const event = MicroblogWebhook.messageCreate(person, w.account.userId, 'let me in');
    const missing = await w.hook.dmEvents([event], { signature: null });
    expect(missing.status).toBe(403);
    expect(JSON.parse(missing.text)).toMatchObject({ code: '403', description: expect.stringMatching(/x-twitter-webhooks-signature/) });
    expect((await w.hook.dmEvents([event], { secret: 'not-the-consumer-secret' })).status).toBe(403);
    expect((await w.hook.dmEvents([event], { signature: 'sha256=AAAA' })).status).toBe(403);
    // The right signature of another body.
    const other = webhookSignature(w.account.app.consumerSecret, networkJson({ for_user_id: w.account.userId }));
    expect((await w.hook.dmEvents([event], { signature: other })).status).toBe(403);
    await w.server.services.runtime.settled();
    expect(await w.humanOf(person)).toBeUndefined();
    expect(w.fake.sentTo(person)).toHaveLength(0);

    // The same event, signed: taken.
    expect((await w.hook.dmEvents([event])).status).toBe(200);
    await eventually(() => expect(w.fake.sentTo(person).map((s) => s.messageData)).toEqual([{ text: 'You said: let me in' }]));
  });

  it('answers 400 to a signed body that is not Account Activity, and acknowledges activity it has nothing to do with', async () => {
    const notJson = 'hello';
    const res = await fetch(w.hook.url, { method: 'POST', headers: { 'x-twitter-webhooks-signature': webhookSignature(w.account.app.consumerSecret, notJson) }, body: notJson });
    expect(res.status).toBe(400);
    expect((await w.hook.post({ direct_message_events: [] })).status).toBe(400);
    expect((await w.hook.post({ for_user_id: w.account.userId, favorite_events: [{ id: '1' }] })).status).toBe(200);
    // A DM the account itself sent (from the network's apps): not the person writing.
    const person = '1400000000000000002';
    const own = MicroblogWebhook.messageCreate(w.account.userId, person, 'sent from the phone app');
    expect((await w.hook.dmEvents([own])).status).toBe(200);
    await w.server.services.runtime.settled();
    expect(await w.humanOf(person)).toBeUndefined();
    expect(await w.humanOf(w.account.userId)).toBeUndefined();
  });

  it('hands activity of another account to the twr channel of that account whose consumer secret signs the request, and drops the rest', async () => {
    // Two more accounts: one of the same app, one of another app.
    const sibling = w.fake.account(w.account.app);
    const foreign = w.fake.account(w.fake.app());
    const siblingChannel = await w.addChannel(sibling.userId, tokenJson(sibling));
    const foreignChannel = await w.addChannel(foreign.userId, tokenJson(foreign));
    const person = '1400000000000000003';
    w.fake.person(person);
    // The app's one webhook URL (the first channel's) receives every subscribed account's activity.
    for (const account of [sibling, foreign]) {
      const res = await w.hook.dmEvents([MicroblogWebhook.messageCreate(person, account.userId, `to ${account.userId}`)], { forUserId: account.userId });
      expect(res.status).toBe(200);
    }
    await eventually(() => expect(w.fake.sent.filter((s) => s.senderId === sibling.userId).map((s) => s.messageData)).toEqual([{ text: `You said: to ${sibling.userId}` }]));
    await w.server.services.runtime.settled();
    expect(await w.humanOf(person, siblingChannel)).toBeDefined();
    expect(await w.humanOf(person, foreignChannel)).toBeUndefined();
    expect(await w.humanOf(person)).toBeUndefined();
    expect(w.fake.sent.filter((s) => s.senderId === foreign.userId)).toHaveLength(0);
  });
});
