// A WhatsApp number end to end against the fake Cloud API: handshake and signatures, a bot with buttons, lists and a photo,
// statuses on the messages, duplicates, identities (BSUID and phone), the 24-hour window for agents and broadcasts, rate limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../helpers/server.js';
import { fakeUser, type FakeUser } from '../../fakes/whatsapp-webhook.js';
import { eventually, nth } from '../support/eventually.js';
import { whatsappWorld, type WhatsAppWorld } from './whatsapp-world.js';

const MENU = ['Pizza', 'Pasta', 'Salad', 'Soup', 'Cake'];

const bot = {
  name: 'whatsapp desk',
  interactions: [
    {
      name: 'welcome', intents: ['sys:start'],
      actions: [{ send: { message: { text: 'Hi {sys:firstName}! How can we help?', quickReplies: [
        { type: 'postback', title: 'See the menu', payload: 'MENU', execute: 'menu' },
        { type: 'postback', title: 'Send a photo', payload: 'PHOTO', execute: 'photo' },
        { type: 'text', title: 'Talk to a person' },
      ] } } }],
    },
    { name: 'menu', actions: [{ send: { message: { text: 'Our menu', quickReplies: MENU.map((t) => ({ type: 'postback', title: t, payload: t.toUpperCase(), execute: 'picked' })) } } }] },
    { name: 'picked', actions: [{ send: { message: { text: 'You picked {sys:payload}' } } }] },
    {
      name: 'photo',
      actions: [
        { send: { message: { text: 'Send it over' } } },
        { waitFor: { data: ['file'], content: 'door' } },
        { send: { message: { text: 'Got {door.url}' } } },
      ],
    },
    { name: 'other', intents: ['sys:text'], actions: [{ send: { message: { text: 'You said: {sys:text}' } } }] },
  ],
};

describe.each(DATABASES)('a WhatsApp number on %s', (kind) => {
  let w: WhatsAppWorld;
  const grace = fakeUser('Grace Hopper');

  beforeAll(async () => {
    w = await whatsappWorld(kind, bot);
  });
  afterAll(async () => w?.close());

  const sentTo = (user: FakeUser) => w.fake.acceptedFor(user.waId, user.userId);
  const nextTo = (user: FakeUser, count: number) => nth(() => sentTo(user), count);
  const humanOf = async (address: string) => eventually(async () => {
    const id = await w.server.services.runtime.repos.identities.humanOf(w.channelId, address);
    expect(id).toBeDefined();
    return id!;
  });

  it('answers Meta\'s handshake with the challenge, and refuses a wrong verify token', async () => {
    const ok = await w.hook.handshake(w.verifyToken);
    expect(ok).toMatchObject({ status: 200, text: ok.challenge });
    expect((await w.hook.handshake('not-ours')).status).toBe(403);
  });

  it('refuses an unsigned or forged event and stores nothing of it', async () => {
    const stranger = fakeUser('Eve');
    expect((await w.hook.text(stranger, 'hi', { signature: null })).status).toBe(401);
    expect((await w.hook.text(stranger, 'hi', { secret: 'not-the-app-secret' })).status).toBe(403);
    expect(await w.server.services.runtime.repos.identities.humanOf(w.channelId, stranger.userId)).toBeUndefined();
    expect(sentTo(stranger)).toEqual([]);
  });

  it('runs the bot: a greeting with reply buttons, a menu as a list, a row chosen from it', async () => {
    const first = await w.hook.text(grace, 'hello');
    expect(first.status).toBe(200);
    const greeting = await nextTo(grace, 1);
    // Answered by the business-scoped id it wrote from: the id that stays when a username hides the number.
    expect(greeting).toMatchObject({ to: null, recipient: grace.userId, phoneNumberId: w.number.phoneNumberId, type: 'interactive' });
    expect(greeting.body.interactive).toEqual({
      type: 'button', body: { text: 'Hi Grace! How can we help?' },
      action: { buttons: [
        { type: 'reply', reply: { id: 'MENU', title: 'See the menu' } },
        { type: 'reply', reply: { id: 'PHOTO', title: 'Send a photo' } },
        { type: 'reply', reply: { id: 'Talk to a person', title: 'Talk to a person' } },
      ] },
    });
    // The contact is keyed by the business-scoped id, and carries the number WhatsApp shared and the profile name.
    const humanId = await humanOf(grace.userId);
    expect((await w.api('GET', `/v1/humans/${humanId}`)).body).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', phone: `+${grace.waId}` });
    await eventually(() => expect(w.fake.read).toContain(first.id));

    await w.hook.buttonReply(grace, 'MENU', 'See the menu');
    const menu = await nextTo(grace, 2);
    expect(menu.body.interactive).toMatchObject({
      type: 'list', body: { text: 'Our menu' },
      action: { button: 'Choose', sections: [{ rows: MENU.map((t) => ({ id: t.toUpperCase(), title: t })) }] },
    });
    await w.hook.listReply(grace, 'PASTA', 'Pasta');
    expect((await nextTo(grace, 3)).body).toEqual({ type: 'text', text: { body: 'You picked PASTA', preview_url: false } });
  });

  it('reads a photo through the media endpoint into a URL the bot sees, and serves it', async () => {
    await w.hook.buttonReply(grace, 'PHOTO', 'Send a photo');
    await nextTo(grace, 4);
    const bytes = Buffer.from('a jpeg of the front door');
    await w.hook.image(grace, w.fake.file(bytes, 'image/jpeg'), 'the door');
    const answer = await nextTo(grace, 5);
    const url = /^Got (\S+)$/.exec((answer.body.text as { body: string }).body)?.[1];
    expect(url).toMatch(/\/media\/\d+\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]{22}$/);
    const served = await fetch(`${w.server.url}${new URL(url!).pathname}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(bytes);
    // A URL Parley did not sign reads nothing.
    expect((await fetch(`${w.server.url}${new URL(url!).pathname.replace(/[A-Za-z0-9_-]{22}$/, 'A'.repeat(22))}`)).status).toBe(404);
  });

  it('forgets a person\'s photos with them when they are erased: the signed URL reads nothing after', async () => {
    const ada = fakeUser('Ada Lovelace');
    await w.hook.text(ada, 'hello');
    await nextTo(ada, 1);
    await w.hook.buttonReply(ada, 'PHOTO', 'Send a photo');
    await nextTo(ada, 2);
    await w.hook.image(ada, w.fake.file(Buffer.from('a png of a ticket'), 'image/png'), 'my ticket');
    const answer = await nextTo(ada, 3);
    const path = new URL(/^Got (\S+)$/.exec((answer.body.text as { body: string }).body)![1]!).pathname;
    expect((await fetch(`${w.server.url}${path}`)).status).toBe(200);
    const erased = await w.api('POST', `/v1/humans/${await humanOf(ada.userId)}/erase`);
    expect(erased.status).toBe(200);
    expect(erased.body.erased.media).toBe(1);
    expect((await fetch(`${w.server.url}${path}`)).status).toBe(404);
  });

  it('keeps WhatsApp\'s statuses on the messages: delivered, read, and failed with Meta\'s code and title', async () => {
    const conversationId = await w.conversationAt(w.channelId, grace.userId);
    const [greeting, menu] = sentTo(grace);
    await w.hook.status(grace, greeting!.id, 'delivered');
    await w.hook.status(grace, greeting!.id, 'read');
    await w.hook.status(grace, menu!.id, 'failed', { code: 131026, title: 'Message undeliverable', details: 'Receiver is incapable of receiving this message' });
    await eventually(async () => {
      const out = await w.outbound(conversationId);
      expect(out[0]).toMatchObject({ status: 'read' });
      expect(out[1]).toMatchObject({ status: 'failed', failureReason: 'WhatsApp error 131026: Message undeliverable: Receiver is incapable of receiving this message' });
    });
  });

  it('processes a webhook Meta sends twice once', async () => {
    const ada = fakeUser('Ada Lovelace');
    const { id } = await w.hook.text(ada, 'twice');
    expect((await w.hook.text(ada, 'twice', { id })).status).toBe(200);
    await nextTo(ada, 1);
    const conversationId = await w.conversationAt(w.channelId, ada.userId);
    await w.server.services.runtime.settled();
    expect((await w.messages(conversationId)).filter((m) => m.direction === 'in')).toHaveLength(1);
    expect(sentTo(ada)).toHaveLength(1);
  });

  it('takes STOP as an opt-out, as on SMS: an agent may not write to them until START', async () => {
    const opt = fakeUser('Otto');
    await w.hook.text(opt, 'hello');
    await nextTo(opt, 1);
    const conversationId = await w.conversationAt(w.channelId, opt.userId);
    const humanId = await humanOf(opt.userId);
    await w.hook.text(opt, 'STOP');
    const subscribed = async () => ((await w.api('GET', `/v1/humans/${humanId}/subscriptions`)).body as { channelId: number; subscribed: boolean }[])
      .find((s) => s.channelId === w.channelId)?.subscribed;
    await eventually(async () => expect(await subscribed()).toBe(false));
    const refused = await w.api('POST', `/v1/conversations/${conversationId}/messages`, { text: 'still there?' });
    expect(refused.status).toBe(409);
    expect(refused.body.description).toContain('opted out');
    await w.hook.text(opt, 'START');
    await eventually(async () => expect(await subscribed()).toBe(true));
  });

  it('knows a person by their business-scoped id alone (a username hides the number), and answers them by it', async () => {
    const hidden = fakeUser('Kay', null);
    await w.hook.text(hidden, 'hello');
    const greeting = await nextTo(hidden, 1);
    expect(greeting).toMatchObject({ to: null, recipient: hidden.userId });
    const humanId = await humanOf(hidden.userId);
    expect((await w.api('GET', `/v1/humans/${humanId}`)).body).toMatchObject({ firstName: 'Kay', phone: null });
  });

  it('takes a human known by phone on another channel as the same human when they write on WhatsApp', async () => {
    const linus = fakeUser('Linus Torvalds');
    const created = await w.api('POST', '/v1/humans', { firstName: 'Linus', phone: `+${linus.waId}` });
    expect(created.status).toBe(200);
    await w.hook.text(linus, 'hello');
    expect(await humanOf(linus.userId)).toBe(created.body.id);
  });

  it('refuses an agent\'s text outside the 24-hour window with 409 (saying when it closed), and sends a template', async () => {
    w.fake.template(w.number, { name: 'order_update', body: 'Hello {{1}}, your order is ready' });
    const conversationId = await w.conversationAt(w.channelId, grace.userId);
    await w.server.services.runtime.settled();
    const reply = (body: object) => w.api('POST', `/v1/conversations/${conversationId}/messages`, body);
    expect((await reply({ text: 'inside the window' })).status).toBe(200);
    await eventually(() => expect(sentTo(grace).at(-1)!.body).toMatchObject({ type: 'text', text: { body: 'inside the window' } }));

    const old = new Date(Date.now() - 25 * 3_600_000).toISOString();
    await w.server.store.db.updateTable('messages').set({ created_at: old }).where('conversation_id', '=', conversationId).where('direction', '=', 'in').execute();
    w.fake.clockOffsetMs = 25 * 3_600_000;
    try {
      const refused = await reply({ text: 'too late' });
      expect(refused.status).toBe(409);
      const closedAt = new Date(Date.parse(old) + 24 * 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
      expect(refused.body.description).toContain(`window closed at ${closedAt}`);
      expect((await reply({ template: { name: 'no_such_template', language: 'en_US' } })).status).toBe(422);
      const sent = await reply({ template: { name: 'order_update', language: 'en_US', variables: ['Grace'] } });
      expect(sent.status).toBe(200);
      await eventually(() => expect(sentTo(grace).at(-1)!.body).toEqual({
        type: 'template', template: { name: 'order_update', language: { code: 'en_US' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'Grace' }] }] },
      }));
      expect((await w.api('GET', `/v1/channels/${w.channelId}/templates`)).body).toContainEqual({
        name: 'order_update', language: 'en_US', status: 'APPROVED', category: 'UTILITY', body: 'Hello {{1}}, your order is ready', parameters: 1, source: 'businessAccount',
      });
    } finally {
      w.fake.clockOffsetMs = 0;
    }
  });

  it('sends a broadcast only as a template, its variables rendered for each human', async () => {
    w.fake.template(w.number, { name: 'weekly_offer', body: 'Hi {{1}}, this week: {{2}}' });
    const alan = { first: 'Alan', phone: `+1415${Math.floor(1_000_000 + Math.random() * 8_999_999)}` };
    const human = await w.api('POST', '/v1/humans', { firstName: alan.first, phone: alan.phone, tags: ['offers'] });
    await w.api('POST', `/v1/channels/${w.channelId}/subscribe`, { humanIds: [human.body.id] });
    const targets = [{ targetType: 'humans', tags: 'offers' }];
    const noTemplate = await w.api('POST', '/v1/messages', { channelId: w.channelId, text: 'Hi', targets });
    expect(noTemplate.status).toBe(422);
    expect(noTemplate.body.description).toContain('template');
    const sent = await w.api('POST', '/v1/messages', {
      channelId: w.channelId, targets, template: { name: 'weekly_offer', language: 'en_US', variables: ['{sys:firstName}', 'pasta'] },
    });
    expect(sent.status).toBe(200);
    const message = await eventually(() => {
      const found = w.fake.acceptedFor(alan.phone);
      expect(found).toHaveLength(1);
      return found[0]!;
    });
    expect(message.body).toEqual({ type: 'template', template: { name: 'weekly_offer', language: { code: 'en_US' }, components: [
      { type: 'body', parameters: [{ type: 'text', text: 'Alan' }, { type: 'text', text: 'pasta' }] },
    ] } });
    // A bot's text to someone who never wrote fails before it leaves, naming the window.
    const conversationId = await w.conversationAt(w.channelId, alan.phone);
    const agent = await w.api('POST', `/v1/conversations/${conversationId}/messages`, { text: 'hello?' });
    expect(agent.status).toBe(409);
    expect(agent.body.description).toContain('has not written');
  });

  it('tries again after WhatsApp\'s throughput limit (130429), and fails a message WhatsApp refuses for good with its meaning', async () => {
    const turing = fakeUser('Alan Turing');
    w.fake.outage = { remaining: 1, status: 400, code: 130429, title: 'Rate limit hit' };
    await w.hook.text(turing, 'hi');
    await nextTo(turing, 1);
    expect(w.fake.calls.some((c) => c.code === 130429)).toBe(true);

    w.fake.outage = { remaining: 1, status: 400, code: 131026, title: 'Message undeliverable' };
    await w.hook.text(turing, 'again');
    const conversationId = await w.conversationAt(w.channelId, turing.userId);
    const failed = await eventually(async () => {
      const out = await w.outbound(conversationId);
      expect(out).toHaveLength(2);
      expect(out[1]).toMatchObject({ status: 'failed' });
      return out[1]!;
    });
    expect(failed.failureReason).toContain('the message could not be delivered');
    expect(failed.failureReason).toContain('code 131026');
  });
});
