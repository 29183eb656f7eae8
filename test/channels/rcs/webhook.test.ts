// RBM's webhook: the console's verification handshake, and signature checks that refuse (401/403) before anything is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorObject } from '../../helpers/http.js';
import { DATABASES } from '../../helpers/server.js';
import { eventually } from '../support/eventually.js';
import { rcsWorld, type RcsWorld } from './rcs-world.js';

const bot = { name: 'echo', interactions: [{ name: 'other', intents: ['sys:text'], actions: [{ send: { message: { text: 'You said: {sys:text}' } } }] }] };

describe.each(DATABASES)('the RCS webhook on %s', (kind) => {
  let w: RcsWorld;
  const phone = '+12025550188';

  beforeAll(async () => {
    w = await rcsWorld(kind, bot);
    w.fake.setNumber(phone, { kind: 'enabled', features: ['RICHCARD_STANDALONE'] });
  });
  afterAll(async () => w?.close());

  async function nothingStored() {
    await w.server.services.runtime.settled();
    const humans = await w.api('GET', `/v1/humans?phone=${encodeURIComponent(phone)}`);
    expect(humans.body.humans).toEqual([]);
    expect((await w.api('GET', `/v1/conversations?channel_id=${w.channelId}`)).body.conversations).toEqual([]);
    expect(w.fake.sent).toEqual([]);
    expect(w.fake.capabilityCalls).toEqual([]);
  }

  it('answers the console\'s verification with the secret as plain text, and only for its client token', async () => {
    const ok = await w.hook.verify();
    expect(ok.status).toBe(200);
    expect(ok.text).toBe(ok.secret);
    const wrong = await w.hook.verify('SOMEONEELSESTOKEN');
    expect(wrong.status).toBe(403);
    expect(isErrorObject(JSON.parse(wrong.text), 403)).toBe(true);
  });

  it('refuses a push signed with another client token (403) or not signed (401), storing nothing', async () => {
    const forged = await w.hook.text(phone, 'let me in', { signWith: 'NOTTHECLIENTTOKEN' });
    expect(forged.status).toBe(403);
    expect(JSON.parse(forged.text).description).toMatch(/X-Goog-Signature does not match/);
    const unsigned = await w.hook.text(phone, 'let me in', { unsigned: true });
    expect(unsigned.status).toBe(401);
    expect(isErrorObject(JSON.parse(unsigned.text), 401)).toBe(true);
    await nothingStored();
  });

  it('refuses a body whose data was changed after signing', async () => {
    const data = Buffer.from(JSON.stringify({ senderPhoneNumber: phone, messageId: 'MxTampered', text: 'pay 1 dollar', agentId: w.agentId }));
    const signature = (await import('node:crypto')).createHmac('sha512', w.clientToken).update(data).digest('base64');
    const tampered = Buffer.from(JSON.stringify({ senderPhoneNumber: phone, messageId: 'MxTampered', text: 'pay 9 dollars', agentId: w.agentId }));
    const res = await fetch(w.hook.url, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-goog-signature': signature },
      body: JSON.stringify({ message: { data: tampered.toString('base64'), messageId: '1' }, subscription: 's' }),
    });
    expect(res.status).toBe(403);
    await nothingStored();
  });

  it('refuses everything on a channel whose token has no webhook client token, and says what to add', async () => {
    const res = await w.api('POST', '/v1/channels', { channelType: 'rcs', botId: w.botId, name: 'no token', description: 'x', user: w.agentId, token: w.account.keyJson() });
    const hook = w.fake.webhook(w.agentId, `${w.server.url}/hooks/rcs/${res.body.id}`, w.clientToken);
    const pushed = await hook.text(phone, 'hello');
    expect(pushed.status).toBe(403);
    expect(JSON.parse(pushed.text).description).toMatch(/webhook_client_token/);
    expect((await hook.verify()).status).toBe(403);
    await nothingStored();
  });

  it('answers 400 to what is not an RBM request, and 404 for a channel that is not RCS', async () => {
    const notJson = await fetch(w.hook.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'not json' });
    expect(notJson.status).toBe(400);
    const other = await fetch(w.hook.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ hello: 'world' }) });
    expect(other.status).toBe(400);
    expect((await fetch(`${w.server.url}/hooks/rcs/999999`, { method: 'POST', body: '{}' })).status).toBe(404);
    await nothingStored();
  });

  it('acknowledges events it has nothing to do with (typing, another agent\'s messages) without storing them', async () => {
    expect((await w.hook.event(phone, 'IS_TYPING')).status).toBe(200);
    const stranger = w.fake.webhook('someone_elses_agent', w.hook.url, w.clientToken);
    expect((await stranger.text(phone, 'wrong door')).status).toBe(200);
    await nothingStored();
  });

  it('takes a correctly signed message', async () => {
    expect((await w.hook.text(phone, 'finally')).status).toBe(200);
    const conversationId = await w.conversationOf(phone);
    await w.server.services.runtime.settled();
    expect(w.fake.sent.map((s) => s.contentMessage.text)).toContain('You said: finally');
    expect(conversationId).toBeGreaterThan(0);
  });

  it('reads the agent as RBM names it in webhooks (<agentId>@rbm.goog) and answers a message', async () => {
    const other = '+12025550189';
    w.fake.setNumber(other, { kind: 'enabled', features: [] });
    expect((await w.hook.text(other, 'suffixed')).status).toBe(200);
    await eventually(() => expect(w.fake.sent.filter((s) => s.phoneNumber === other).map((s) => s.contentMessage.text)).toEqual(['You said: suffixed']));
  });

  it('opts the human out on UNSUBSCRIBE (and the STOP text RBM sends with it) and back in on SUBSCRIBE, confirming nothing itself', async () => {
    const human = '+12025550190';
    w.fake.setNumber(human, { kind: 'enabled', features: [] });
    await w.hook.text(human, 'hi');
    await eventually(() => expect(w.fake.sent.filter((s) => s.phoneNumber === human)).toHaveLength(1));
    const humanId = (await w.server.services.runtime.repos.identities.humanOf(w.channelId, human))!;
    const subscribed = () => w.server.services.runtime.repos.humanRecords.isSubscribed(w.channelId, humanId);
    expect(await subscribed()).toBe(true);

    // The event alone opts out (RBM's keyword text may be late or in another language).
    expect((await w.hook.push({ senderPhoneNumber: human, eventType: 'UNSUBSCRIBE', eventId: 'Ex-unsub-1', sendTime: new Date().toISOString() })).status).toBe(200);
    expect(await subscribed()).toBe(false);
    expect((await w.hook.push({ senderPhoneNumber: human, eventType: 'SUBSCRIBE', eventId: 'Ex-sub-1', sendTime: new Date().toISOString() })).status).toBe(200);
    expect(await subscribed()).toBe(true);
    // The keyword texts alone do the same, the localized ones included.
    await w.hook.text(human, 'BAJA');
    await eventually(async () => expect(await subscribed()).toBe(false));
    await w.hook.text(human, 'alta');
    await eventually(async () => expect(await subscribed()).toBe(true));
    // Both, as Google Messages sends them.
    const [event, text] = await w.hook.subscription(human, false);
    expect([event.status, text.status]).toEqual([200, 200]);
    await w.server.services.runtime.settled();
    expect(await subscribed()).toBe(false);
    // Google Messages confirms an opt-out itself: nothing is sent to a human who just unsubscribed.
    expect(w.fake.sent.filter((s) => s.phoneNumber === human).map((s) => s.contentMessage.text)).not.toContain(expect.stringMatching(/unsubscribed/));
  });

  it('answers the webhook before asking RBM for the sender\'s capabilities', async () => {
    const slow = '+12025550191';
    // RBM's capability lookup never answers for this number; the push must not wait for it.
    w.fake.setNumber(slow, { kind: 'hang' });
    expect((await w.hook.text(slow, 'quick')).status).toBe(200);
    const humanId = await eventually(async () => {
      const id = await w.server.services.runtime.repos.identities.humanOf(w.channelId, slow);
      expect(id).toBeDefined();
      return id!;
    });
    expect(await w.server.services.runtime.repos.humanRecords.find(humanId)).toMatchObject({ rcsEnabled: true });
  });
});
