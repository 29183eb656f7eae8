// Delivery outcomes against the fake platform: outages and rate limits retried, permanent errors failed with the platform's words, the 24-hour window and message tags.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { eventually } from '../support/eventually.js';
import { messengerWorld, tokenJson, type MessengerWorld } from './messenger-world.js';

const bot = {
  name: 'replies',
  interactions: [
    { name: 'menu', intents: ['sys:text'], actions: [{ send: { message: { text: 'Menu for {sys:text}', media: 'https://cdn.example/menu.png' } } }] },
  ],
};

describe('messenger delivery', () => {
  let w: MessengerWorld;

  beforeAll(async () => {
    // The app requires appsecret_proof: every call must carry it.
    w = await messengerWorld('sqlite', bot, { env: { MESSENGER_TIMEOUT_MS: '300', DELIVERY_MAX_ATTEMPTS: '5' }, page: { requireProof: true } });
  });
  afterAll(async () => w?.close());

  let n = 0;
  async function newPerson(options: { unavailable?: boolean } = {}): Promise<string> {
    n += 1;
    const psid = `4100000000000000${n}`;
    w.fake.person(w.page.pageId, psid, options);
    return psid;
  }

  const outcome = async (psid: string) => w.lastSettled(await w.conversationOf(psid));

  it('retries through an outage (5xx, temporary send failure) and then delivers, without sending a part twice', async () => {
    const psid = await newPerson();
    // The picture goes through, then the platform fails twice on the text.
    w.fake.outage = { after: 1, remaining: 2, status: 500, code: 1200, message: 'Temporary send message failure. Please try again later' };
    await w.hook.text(psid, 'lunch');
    const row = await outcome(psid);
    expect(row.status).toBe('sent');
    expect(w.fake.sentTo(psid).map((s) => s.message)).toEqual([
      { attachment: { type: 'image', payload: { url: 'https://cdn.example/menu.png' } } },
      { text: 'Menu for lunch' },
    ]);
    expect(w.fake.sendCalls.filter((c) => c.code === 1200)).toHaveLength(2);
  });

  it('retries rate limits (code 613, code 4) and a platform that does not answer in time', async () => {
    const psid = await newPerson();
    w.fake.outage = { remaining: 1, status: 400, code: 613, message: '(#613) Calls to this API have exceeded the rate limit.' };
    await w.hook.text(psid, 'dinner');
    expect((await outcome(psid)).status).toBe('sent');
    const busy = await newPerson();
    w.fake.outage = { remaining: 2, status: 400, code: 4, message: '(#4) Application request limit reached' };
    await w.hook.text(busy, 'supper');
    expect((await outcome(busy)).status).toBe('sent');
    expect(w.fake.sendCalls.filter((c) => c.code === 4)).toHaveLength(2);

    const slow = await newPerson();
    w.fake.outage = { remaining: 1, hang: true };
    await w.hook.text(slow, 'breakfast');
    expect((await outcome(slow)).status).toBe('sent');
    expect(w.fake.sentTo(slow)).toHaveLength(2);
  });

  it('fails a message for someone unavailable (551) with the platform\'s message, without retrying', async () => {
    const psid = await newPerson({ unavailable: true });
    const before = w.fake.sendCalls.length;
    await w.hook.text(psid, 'tea');
    const row = await outcome(psid);
    expect(row.status).toBe('failed');
    expect(row.failureReason).toMatch(/^the messenger platform answered 400: \(#551\) This person isn't available right now\. \(code 551, subcode 1545041, fbtrace_id \S+\)$/);
    expect(w.fake.sendCalls.length - before).toBe(1);
  });

  it('fails every message of a channel whose page token the platform refuses (190), never showing the token', async () => {
    const token = 'EAAGrevokedtoken0000000000';
    const channelId = await w.addChannel(w.page.pageId, JSON.stringify({ pageAccessToken: token, appSecret: w.page.appSecret }));
    const hook = w.fake.webhook(`${w.server.url}/hooks/fb/${channelId}`, w.page);
    const psid = await newPerson();
    await hook.text(psid, 'coffee');
    const row = await outcome2(channelId, psid);
    expect(row.status).toBe('failed');
    expect(row.failureReason).toMatch(/Invalid OAuth access token.*code 190/);
    expect(row.failureReason).not.toContain(token);
  });

  const outcome2 = async (channelId: number, psid: string) => w.lastSettled(await w.conversationOf(psid, channelId));

  it('sends proactive messages as UPDATE in the 24-hour window, and after it only with the channel\'s message tag', async () => {
    const psid = await newPerson();
    await w.hook.text(psid, 'hello');
    await outcome(psid);
    const humanId = (await w.server.services.runtime.repos.identities.humanOf(w.channelId, psid))!;
    const send = async (channelId: number, text: string) => {
      const res = await w.api('POST', '/v1/messages', { channelId, text, targets: [{ targetType: 'humans', ids: [humanId] }] });
      expect(res.status).toBe(200);
    };
    await send(w.channelId, 'News inside the window');
    await eventually(() => expect(w.fake.sentTo(psid).at(-1)).toMatchObject({ messagingType: 'UPDATE', tag: null, message: { text: 'News inside the window' } }));

    // A day and an hour later, on the platform's clock and in our store.
    w.fake.clockOffsetMs = 25 * 3_600_000;
    const conversationId = await w.conversationOf(psid);
    await sql`update messages set created_at = ${new Date(Date.now() - 25 * 3_600_000).toISOString()} where conversation_id = ${conversationId} and direction = 'in'`.execute(w.server.store.db);
    try {
      await send(w.channelId, 'News after the window');
      await eventually(async () => expect((await w.outbound(conversationId)).at(-1)).toMatchObject({
        status: 'failed', failureReason: expect.stringMatching(/outside of allowed window.*code 10, subcode 2018278/),
      }));

      // The same person through a channel of the page that names a tag for such messages.
      const tagged = await w.addChannel(w.page.pageId, tokenJson(w.page, { messageTag: 'ACCOUNT_UPDATE' }));
      const hook = w.fake.webhook(`${w.server.url}/hooks/fb/${tagged}`, w.page);
      const other = await newPerson();
      await hook.text(other, 'hi');
      await outcome2(tagged, other);
      const otherConversation = await w.conversationOf(other, tagged);
      await sql`update messages set created_at = ${new Date(Date.now() - 25 * 3_600_000).toISOString()} where conversation_id = ${otherConversation} and direction = 'in'`.execute(w.server.store.db);
      const otherHuman = (await w.server.services.runtime.repos.identities.humanOf(tagged, other))!;
      expect((await w.api('POST', '/v1/messages', { channelId: tagged, text: 'Your invoice', targets: [{ targetType: 'humans', ids: [otherHuman] }] })).status).toBe(200);
      await eventually(() => expect(w.fake.sentTo(other).at(-1)).toMatchObject({ messagingType: 'MESSAGE_TAG', tag: 'ACCOUNT_UPDATE', message: { text: 'Your invoice' } }));
    } finally {
      w.fake.clockOffsetMs = 0;
    }
  });

  it('fails a message of a channel whose settings are wrong, naming the setting', async () => {
    const channelId = await w.addChannel('not-a-page-id', tokenJson(w.page));
    const hook = w.fake.webhook(`${w.server.url}/hooks/fb/${channelId}`, { ...w.page, pageId: 'not-a-page-id' });
    const psid = await newPerson();
    expect((await hook.text(psid, 'x')).status).toBe(200);
    const row = await outcome2(channelId, psid);
    expect(row).toMatchObject({ status: 'failed', failureReason: expect.stringMatching(/user must be the numeric page id/) });
  });
});
