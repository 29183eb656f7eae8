// The page webhook: the hub.challenge handshake, X-Hub-Signature-256 checked before anything is read, one app's webhook serving several pages.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hubSignature256, platformJson } from '../../fakes/messenger-webhook.js';
import { eventually } from '../support/eventually.js';
import { messengerWorld, tokenJson, type MessengerWorld } from './messenger-world.js';

const bot = {
  name: 'echo',
  interactions: [{ name: 'echo', intents: ['sys:text'], actions: [{ send: { message: { text: 'You said: {sys:text} ({sys:firstName})' } } }] }],
};

describe('the messenger webhook', () => {
  let w: MessengerWorld;

  beforeAll(async () => { w = await messengerWorld('sqlite', bot); });
  afterAll(async () => w?.close());

  const humanOf = (channelId: number, psid: string) => w.server.services.runtime.repos.identities.humanOf(channelId, psid);

  it('answers the verification handshake with the challenge only when the verify token is the channel\'s', async () => {
    const ok = await w.hook.handshake(w.verifyToken, '1158201444');
    expect(ok).toMatchObject({ status: 200, text: '1158201444' });
    const wrong = await w.hook.handshake(`${w.verifyToken}x`);
    expect(wrong.status).toBe(403);
    expect(wrong.text).not.toContain(wrong.challenge);
    expect(JSON.parse(wrong.text)).toMatchObject({ code: '403', description: expect.stringMatching(/verify token/) });
    expect((await w.hook.handshake(w.verifyToken, '1', 'unsubscribe')).status).toBe(400);
    expect((await w.hook.handshake(w.verifyToken, '<script>')).status).toBe(400);
    expect((await fetch(`${w.server.url}/hooks/fb/${w.channelId}?hub.mode=subscribe`)).status).toBe(400);
    expect((await fetch(`${w.server.url}/hooks/fb/999999?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1`)).status).toBe(404);
  });

  it('refuses events without a signature (401) or with a wrong one (403), and processes nothing of them', async () => {
    const psid = '31000000000000001';
    w.fake.person(w.page.pageId, psid);
    const event = { sender: { id: psid }, recipient: { id: w.page.pageId }, timestamp: Date.now(), message: { mid: 'm_forged', text: 'let me in' } };
    const missing = await w.hook.events([event], { signature: null });
    expect(missing.status).toBe(401);
    expect((await w.hook.events([event], { secret: 'not-the-app-secret' })).status).toBe(403);
    expect((await w.hook.events([event], { signature: 'sha256=zz' })).status).toBe(403);
    // The right signature of another body.
    const other = platformJson({ object: 'page', entry: [] });
    expect((await w.hook.events([event], { signature: hubSignature256(w.page.appSecret, other) })).status).toBe(403);
    await w.server.services.runtime.settled();
    expect(await humanOf(w.channelId, psid)).toBeUndefined();
    expect(w.fake.sentTo(psid)).toHaveLength(0);
    expect(w.fake.profileCalls.filter((c) => c.psid === psid)).toHaveLength(0);

    // The same event, signed: taken.
    expect((await w.hook.events([event])).status).toBe(200);
    await eventually(() => expect(w.fake.sentTo(psid)).toHaveLength(1));
    expect(w.fake.sentTo(psid)[0]!.message).toMatchObject({ text: expect.stringMatching(/^You said: let me in/) });
  });

  it('refuses a signed event whose text holds a NUL or a lone surrogate with a 400 naming the field, and stores nothing', async () => {
    const psid = '31000000000000009';
    w.fake.person(w.page.pageId, psid);
    const event = (text: string) => ({ sender: { id: psid }, recipient: { id: w.page.pageId }, timestamp: Date.now(), message: { mid: `m_${text.length}`, text } });
    const nul = await w.hook.events([event('a\u0000b')]);
    expect(nul.status).toBe(400);
    expect(JSON.parse(nul.text).description).toMatch(/entry\.0\.messaging\.0\.message\.text .*NUL/);
    const lone = await w.hook.events([event('x\ud800')]);
    expect(lone.status).toBe(400);
    expect(JSON.parse(lone.text).description).toMatch(/surrogate/);
    await w.server.services.runtime.settled();
    expect(await humanOf(w.channelId, psid)).toBeUndefined();
  });

  it('answers the webhook before asking the platform for a newcomer\'s names, and stores them once it answers', async () => {
    const psid = '31000000000000010';
    w.fake.person(w.page.pageId, psid, { firstName: 'Grace', lastName: 'Hopper' });
    let release!: () => void;
    w.fake.profileGate = new Promise<void>((resolve) => { release = resolve; });
    try {
      // The profile lookup is held: the webhook is answered all the same, and the message is stored.
      expect(await w.hook.text(psid, 'first')).toEqual({ status: 200, text: 'EVENT_RECEIVED' });
      const humanId = await eventually(async () => {
        const id = await humanOf(w.channelId, psid);
        expect(id).toBeDefined();
        return id!;
      });
      release();
      await eventually(async () => expect((await w.api('GET', `/v1/humans/${humanId}`)).body).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' }));
      await w.hook.text(psid, 'second');
      await eventually(() => expect(w.fake.sentTo(psid).map((s) => s.message)).toContainEqual({ text: 'You said: second (Grace)' }));
    } finally {
      release();
      w.fake.profileGate = null;
    }
  });

  it('reads a sticker (the only form since 2026-08-30) as an image, and the thumbs-up as 👍', async () => {
    const psid = '31000000000000011';
    w.fake.person(w.page.pageId, psid);
    expect((await w.hook.sticker(psid, 369239263222822)).status).toBe(200);
    await eventually(() => expect(w.fake.sentTo(psid).map((s) => s.message)).toContainEqual({ text: expect.stringMatching(/^You said: 👍/) }));
    expect((await w.hook.sticker(psid, 126361874215276)).status).toBe(200);
    const conversation = await w.conversationOf(psid);
    await eventually(async () => {
      const inbound = (await w.messages(conversation)).filter((m) => m.direction === 'in');
      expect(inbound).toHaveLength(2);
      expect(inbound[1]!.content.media).toEqual([{ url: 'https://scontent.xx.fbcdn.net/v/t39.1997-6/126361874215276_n.png', mimeType: null, name: 'sticker 126361874215276', size: null }]);
    });
  });

  it('answers 400 to a signed body that is not a page event, and acknowledges other objects and unknown events', async () => {
    const notJson = 'hello';
    const answer = await fetch(w.hook.url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': hubSignature256(w.page.appSecret, notJson) }, body: notJson });
    expect(answer.status).toBe(400);
    expect((await w.hook.post({ object: 'page', entry: 'nope' })).status).toBe(400);
    expect(await w.hook.post({ object: 'instagram', entry: [] })).toEqual({ status: 200, text: 'EVENT_RECEIVED' });
    const psid = '31000000000000002';
    const odd = [
      { sender: { id: psid }, recipient: { id: w.page.pageId }, timestamp: Date.now(), reaction: { mid: 'm_x', action: 'react', emoji: '❤' } },
      { sender: { user_ref: 'plugin-user' }, recipient: { id: w.page.pageId }, timestamp: Date.now(), message: { mid: 'm_y', text: 'from the chat plugin' } },
    ];
    expect((await w.hook.events(odd)).status).toBe(200);
    expect(await humanOf(w.channelId, psid)).toBeUndefined();
  });

  it('keeps text with the platform\'s escapes intact, and stores a human without names when the platform has no profile', async () => {
    // Someone the fake's profile endpoint does not know (it answers (#100) … does not exist, as for a missing permission).
    const stranger = '31000000000000004';
    expect((await w.hook.text(stranger, 'Grüße 👋')).status).toBe(200);
    await eventually(async () => expect(await humanOf(w.channelId, stranger)).toBeDefined());
    const human = await w.api('GET', `/v1/humans/${(await humanOf(w.channelId, stranger))!}`);
    expect(human.body).toMatchObject({ firstName: null, lastName: null });
    const conversationId = await w.conversationOf(stranger);
    const history = await w.api('GET', `/v1/conversations/${conversationId}/messages`);
    expect(history.body.messages[0].content.text).toBe('Grüße 👋');
  });

  it('hands an entry for another page to the fb channel of that page whose app secret signs the request, and drops the rest', async () => {
    // Two more pages of the same app, one of them configured with another app secret.
    const sibling = w.fake.page('200000000000001', { appSecret: w.page.appSecret });
    const foreign = w.fake.page('200000000000002');
    const siblingChannel = await w.addChannel(sibling.pageId, tokenJson(sibling));
    const foreignChannel = await w.addChannel(foreign.pageId, tokenJson(foreign));
    const psid = '31000000000000005';
    w.fake.person(sibling.pageId, psid);
    w.fake.person(foreign.pageId, psid);
    const event = (pageId: string, mid: string) => ({ sender: { id: psid }, recipient: { id: pageId }, timestamp: Date.now(), message: { mid, text: `to ${pageId}` } });
    // One request, as the platform sends it to the app's one callback URL: entries of three pages.
    const res = await w.hook.post({
      object: 'page',
      entry: [
        { id: sibling.pageId, time: Date.now(), messaging: [event(sibling.pageId, 'm_sib')] },
        { id: foreign.pageId, time: Date.now(), messaging: [event(foreign.pageId, 'm_for')] },
        { id: '999', time: Date.now(), messaging: [event('999', 'm_none')] },
      ],
    });
    expect(res.status).toBe(200);
    await eventually(() => expect(w.fake.sent.filter((s) => s.pageId === sibling.pageId).map((s) => s.message)).toEqual([{ text: expect.stringMatching(new RegExp(`^You said: to ${sibling.pageId} `)) }]));
    await w.server.services.runtime.settled();
    expect(await humanOf(siblingChannel, psid)).toBeDefined();
    expect(await humanOf(foreignChannel, psid)).toBeUndefined();
    expect(await humanOf(w.channelId, psid)).toBeUndefined();
  });
});

describe('a messenger channel whose token is the page access token alone', () => {
  let w: MessengerWorld;
  let secret: string;
  const verify = 'server-wide-verify-token';

  beforeAll(async () => {
    // The operator's one app: its secret and verify token are server-wide.
    secret = 'e1f0b1b7c39a4fd0a5f09c8ed4b7f1a2';
    w = await messengerWorld('sqlite', bot, {
      env: { MESSENGER_APP_SECRET: secret, MESSENGER_VERIFY_TOKEN: verify, MESSENGER_FETCH_PROFILES: 'false' },
      token: (page) => page.accessToken,
      page: { appSecret: secret, requireProof: true },
    });
  });
  afterAll(async () => w?.close());

  it('checks the handshake and signatures with MESSENGER_VERIFY_TOKEN and MESSENGER_APP_SECRET, and asks no profile', async () => {
    expect((await w.hook.handshake(verify, '42')).text).toBe('42');
    expect((await w.hook.handshake(w.verifyToken)).status).toBe(403);
    const psid = '32000000000000001';
    w.fake.person(w.page.pageId, psid);
    expect((await w.hook.text(psid, 'hello', { secret: 'another-apps-secret' })).status).toBe(403);
    expect((await w.hook.text(psid, 'hello')).status).toBe(200);
    await eventually(() => expect(w.fake.sentTo(psid).map((s) => s.message)).toEqual([{ text: 'You said: hello ()' }]));
    expect(w.fake.profileCalls).toHaveLength(0);
  });
});

describe('a messenger channel with no app secret anywhere', () => {
  it('refuses every event and handshake with a 403 naming what to configure', async () => {
    const w = await messengerWorld('sqlite', bot, { token: (page) => page.accessToken });
    try {
      const res = await w.hook.text('33000000000000001', 'hi');
      expect(res.status).toBe(403);
      expect(JSON.parse(res.text).description).toMatch(/appSecret.*MESSENGER_APP_SECRET/);
      const handshake = await w.hook.handshake('anything');
      expect(handshake.status).toBe(403);
      expect(JSON.parse(handshake.text).description).toMatch(/verifyToken.*MESSENGER_VERIFY_TOKEN/);
    } finally {
      await w.close();
    }
  });
});

describe('the messenger channel\'s secrets in the log', () => {
  it('never writes the verify token, the app secret or the page token, even at debug level', async () => {
    const log = new PassThrough();
    const lines: string[] = [];
    log.on('data', (chunk: Buffer) => lines.push(chunk.toString('utf8')));
    const w = await messengerWorld('sqlite', bot, { env: { LOG_LEVEL: 'debug' }, logStream: log });
    try {
      const psid = '34000000000000001';
      w.fake.person(w.page.pageId, psid);
      expect((await w.hook.handshake(w.verifyToken, '77')).status).toBe(200);
      expect((await w.hook.handshake('wrong-token-value')).status).toBe(403);
      await w.hook.text(psid, 'hello');
      await eventually(() => expect(w.fake.sentTo(psid)).toHaveLength(1));
      await w.server.services.runtime.settled();
      const all = lines.join('');
      expect(all).toContain('hub.verify_token=[redacted]');
      for (const secret of [w.verifyToken, 'wrong-token-value', w.page.appSecret, w.page.accessToken]) expect(all).not.toContain(secret);
    } finally {
      await w.close();
    }
  });
});
