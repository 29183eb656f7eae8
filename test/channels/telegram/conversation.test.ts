// A Telegram bot end to end against the fake Bot API: the channel registered (getMe, setWebhook) and unregistered, /start with its
// deep-link payload, button taps answered, the secret token required, 429 honoured, updates deduplicated, files at Parley's URLs.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeUser } from '../../fakes/telegram-webhook.js';
import { DATABASES } from '../../helpers/server.js';
import { outs, PhonePage } from '../sandbox/phone-client.js';
import { eventually, nth } from '../support/eventually.js';
import { telegramWorld, type TelegramWorld } from './telegram-world.js';

/** A postback value past Telegram's 64 bytes of callback_data: the tap comes back as the button's title. */
const LONG_PAYLOAD = 'FAMILY_SIZE_WITH_EXTRA_TOPPINGS_AND_A_POSTBACK_VALUE_LONGER_THAN_TELEGRAM_TAKES_0123456789';

/** The bot; `orders` is an API that takes its time (the typing signal shows while the bot waits for it). */
const bot = (orders: string) => ({
  name: 'telegram shop',
  interactions: [
    {
      name: 'welcome', intents: ['sys:start'],
      actions: [{ send: { message: { text: 'Welcome {sys:firstName}! You came from {startPayload}.', quickReplies: [
        { type: 'postback', title: 'Menu', payload: 'MENU', execute: 'menu' },
        { type: 'postback', title: 'Family size', payload: LONG_PAYLOAD, execute: 'family' },
        { type: 'postback', title: 'My order', payload: 'ORDER', execute: 'order' },
      ] } } }],
    },
    { name: 'menu', actions: [{ send: { message: { title: 'Menu', text: 'Margherita or Diavola?', buttons: [{ type: 'weburl', title: 'Website', payload: 'https://pizza.example/' }] } } }] },
    { name: 'family', actions: [{ send: { message: { text: 'Family size: {sys:payload}' } } }] },
    { name: 'order', actions: [{ send: { request: { url: orders, method: 'GET', response: 'order' } } }, { send: { message: { text: 'Your order is {order}.' } } }] },
    { name: 'other', intents: ['sys:text'], actions: [{ send: { message: { text: 'You said: {sys:text}' } } }] },
  ],
});

/** The welcome's keyboard: short titles side by side. */
const WELCOME_KEYBOARD = { inline_keyboard: [[
  { text: 'Menu', callback_data: 'MENU' }, { text: 'Family size', callback_data: 'Family size' }, { text: 'My order', callback_data: 'ORDER' },
]] };

interface Row { direction: string; content: { text?: string | null; media?: { url: string; mimeType: string | null }[] } }

describe.each(DATABASES)('a Telegram bot on %s', (kind) => {
  let w: TelegramWorld;
  let ada: FakeUser;
  let conversationId: number;
  let orders: http.Server;

  beforeAll(async () => {
    orders = http.createServer((_req, res) => setTimeout(() => res.end('baking'), 2000));
    await new Promise<void>((resolve) => orders.listen(0, '127.0.0.1', resolve));
    const api = `http://127.0.0.1:${(orders.address() as AddressInfo).port}/orders/1`;
    w = await telegramWorld(kind, bot(api), { SANDBOX_ENABLED: 'true', OUTBOUND_ALLOW_HOSTS: '127.0.0.1' });
    ada = w.hook.user('Ada', 'Lovelace');
  });
  afterAll(async () => {
    await w?.close();
    orders?.closeAllConnections();
    await new Promise((resolve) => orders?.close(resolve));
  });

  const sent = (count: number) => nth(() => w.fake.sentTo(ada.id), count);
  const inbound = async () => ((await w.api('GET', `/v1/conversations/${conversationId}/messages?limit=500`)).body.messages as Row[]).filter((m) => m.direction === 'in');

  it('creating the channel checks the token (getMe) and registers the webhook with a secret token; a bad token is refused and nothing kept', async () => {
    expect(w.fake.callsOf('getMe', w.bot).map((c) => c.status)).toEqual([200]);
    const [set] = w.fake.callsOf('setWebhook', w.bot);
    expect(set).toMatchObject({ status: 200, params: { url: `${w.server.config.publicUrl}/hooks/tlg/${w.channelId}` } });
    expect(set!.params.secret_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(set!.params.allowed_updates).toEqual(['message', 'edited_message', 'callback_query', 'my_chat_member']);
    const shown = await w.api('GET', `/v1/channels/${w.channelId}`);
    expect(shown.body).toMatchObject({ channelType: 'tlg', name: 'Telegram shop' });
    expect(JSON.stringify(shown.body)).not.toContain(w.bot.token);

    const before = (await w.api('GET', '/v1/channels')).body.length;
    const revoked = `${w.bot.id + 1}:AAzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz`;
    const refused = await w.create(revoked);
    expect(refused.status).toBe(422);
    expect(refused.body.description).toContain('Telegram refused the bot token');
    expect(JSON.stringify(refused.body)).not.toContain(revoked);
    expect(w.fake.calls.filter((c) => c.status === 401 && c.method === 'getMe')).toHaveLength(1);
    const malformed = await w.create('not a bot token');
    expect(malformed.status).toBe(422);
    expect(malformed.body.description).toContain('@BotFather');
    // A bot's updates go to one webhook: a second channel of the same bot would take them silently.
    const twice = await w.create(w.bot.token, 'again');
    expect(twice.status).toBe(409);
    expect((await w.api('GET', '/v1/channels')).body).toHaveLength(before);
    expect(w.fake.callsOf('setWebhook')).toHaveLength(1);
  });

  it('greets a first /start with its deep-link payload, which the bot reads as {startPayload}', async () => {
    expect(await w.hook.start(ada, 'promo42')).toMatchObject({ status: 200 });
    const welcome = await sent(1);
    expect(welcome).toMatchObject({ method: 'sendMessage', params: {
      text: 'Welcome Ada! You came from promo42.', reply_markup: WELCOME_KEYBOARD,
    } });
    conversationId = await w.conversationAt(w.channelId, String(ada.id));
    expect((await w.api('GET', `/v1/conversations/${conversationId}/attributes`)).body).toMatchObject({ startPayload: 'promo42' });
    const human = (await w.server.services.runtime.repos.identities.humanOf(w.channelId, String(ada.id)))!;
    expect((await w.api('GET', `/v1/humans/${human}`)).body).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
  });

  it('answers a button tap (answerCallbackQuery) and runs its target; a payload past 64 bytes comes back by its title', async () => {
    const welcome = await sent(1);
    expect(await w.hook.tap(ada, welcome, 'Family size')).toMatchObject({ status: 200 });
    expect((await sent(2)).params).toEqual({ text: `Family size: ${LONG_PAYLOAD}` });
    await eventually(() => expect(w.fake.answered).toHaveLength(1));
    // The keyboard of an earlier message still answers: its callback data is the choice's payload.
    await w.hook.tap(ada, welcome, 'Menu');
    expect((await sent(3)).params).toEqual({
      text: 'Menu\nMargherita or Diavola?', entities: [{ type: 'bold', offset: 0, length: 4 }],
      reply_markup: { inline_keyboard: [[{ text: 'Website', url: 'https://pizza.example/' }]] },
    });
    await eventually(() => expect(w.fake.answered).toHaveLength(2));
    expect((await inbound()).slice(-2).map((m) => m.content.text)).toEqual(['Family size', 'Menu']);
  });

  it('shows "typing…" (sendChatAction) while the bot waits on a slow request, before its answer', async () => {
    const typing = () => w.fake.callsOf('sendChatAction', w.bot);
    await w.hook.tap(ada, await sent(1), 'My order');
    expect((await sent(4)).params.text).toBe('Your order is baking.');
    expect(typing().map((c) => c.params)).toContainEqual({ chat_id: ada.id, action: 'typing' });
    const answer = w.fake.calls.findIndex((c) => c.method === 'sendMessage' && c.params.text === 'Your order is baking.');
    expect(w.fake.calls.indexOf(typing()[0]!)).toBeLessThan(answer);
  });

  it('refuses an update without the secret token (401) or with another (403), storing nothing', async () => {
    expect(await w.hook.text(ada, 'unsigned', { secret: null })).toMatchObject({ status: 401 });
    expect(await w.hook.text(ada, 'forged', { secret: 'not-the-secret-token' })).toMatchObject({ status: 403 });
    await w.hook.text(ada, 'genuine');
    expect((await sent(5)).params.text).toBe('You said: genuine');
    expect((await inbound()).map((m) => m.content.text)).not.toContain('forged');
    expect((await inbound()).map((m) => m.content.text)).not.toContain('unsigned');
  });

  it('waits as long as a 429\'s retry_after asks, then sends', async () => {
    w.fake.outage = { remaining: 1, status: 429, description: 'Too Many Requests: retry after 1', retryAfter: 1 };
    await w.hook.text(ada, 'slow down');
    expect((await sent(6)).params.text).toBe('You said: slow down');
    const [limited, accepted] = w.fake.callsOf('sendMessage').filter((c) => c.params.text === 'You said: slow down');
    expect(limited!.status).toBe(429);
    expect(accepted!.status).toBe(200);
    // A lower bound holds however loaded the machine: the retry came no sooner than Telegram asked.
    expect(accepted!.at - limited!.at).toBeGreaterThanOrEqual(950);
  });

  it('processes an update Telegram sends twice (same update_id) once', async () => {
    await w.hook.text(ada, 'once only');
    await w.hook.text(ada, 'once only', { updateId: w.hook.lastUpdateId });
    expect((await sent(7)).params.text).toBe('You said: once only');
    await w.server.services.runtime.settled();
    expect((await inbound()).filter((m) => m.content.text === 'once only')).toHaveLength(1);
    expect(w.fake.sentTo(ada.id).filter((s) => s.params.text === 'You said: once only')).toHaveLength(1);
  });

  it('serves a photo the person sent at its Parley URL, read from Telegram with getFile', async () => {
    const bytes = Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 251));
    const file = w.fake.file(bytes, 'photos/file_7.jpg');
    await w.hook.photo(ada, file.fileId, bytes.length, 'my door');
    expect((await sent(8)).params.text).toBe('You said: my door');
    const photo = (await inbound()).at(-1)!.content.media![0]!;
    expect(photo.mimeType).toBe('image/jpeg');
    expect(photo.url).toMatch(new RegExp(`^${w.server.config.publicUrl}/media/${w.channelId}/`));
    const res = await fetch(photo.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    expect(w.fake.callsOf('getFile', w.bot).every((c) => c.status === 200)).toBe(true);
  });

  it('reads an edited message again; blocking the bot unsubscribes the person and an agent reply is then refused', async () => {
    await w.hook.edit(ada, 1, 'edited words');
    expect((await sent(9)).params.text).toBe('You said: edited words');
    expect((await w.api('GET', `/v1/channels/${w.channelId}/subscription`)).body.subscribedHumansCount).toBe(1);
    await w.hook.membership(ada, 'kicked');
    await eventually(async () => expect((await w.api('GET', `/v1/channels/${w.channelId}/subscription`)).body.subscribedHumansCount).toBe(0));
    const refused = await w.api('POST', `/v1/conversations/${conversationId}/messages`, { text: 'Are you there?' });
    expect(refused.status).toBe(409);
    await w.hook.membership(ada, 'member');
    await eventually(async () => expect((await w.api('GET', `/v1/channels/${w.channelId}/subscription`)).body.subscribedHumansCount).toBe(1));
    expect((await w.api('POST', `/v1/conversations/${conversationId}/messages`, { text: 'x'.repeat(4097) })).status).toBe(422);
    const reply = await w.api('POST', `/v1/conversations/${conversationId}/messages`, { text: 'Welcome back!' });
    expect(reply.status).toBe(200);
    expect((await sent(10)).params.text).toBe('Welcome back!');
  });

  it('a sandbox channel (token "sandbox") tells Telegram nothing; its phone shows the calls, and a tap answers as Telegram reports it', async () => {
    // What a sandbox channel would have made Telegram do, were it told anything: register, send.
    const told = () => w.fake.calls.filter((c) => /^(getMe|setWebhook|deleteWebhook|send.*)$/.test(c.method)).length;
    const calls = told();
    const created = await w.create('sandbox', 'Telegram trial');
    expect(created.status).toBe(200);
    const human = await w.api('POST', '/v1/humans', { firstName: 'Grace', phone: '+12025550188' });
    const token = (await w.api('POST', '/v1/tokens', { name: 'sandbox' })).body.token as string;
    const { page: p, first } = await PhonePage.open(w.server.url, token);
    expect(first.type).toBe('ready');
    const opened = await p.phone(created.body.id as number, human.body.id as number);
    const trial = (opened.phone as { conversationId: number }).conversationId;
    let thread = await p.until(trial, (m) => outs(m).length >= 1);
    expect(outs(thread)[0]!.view).toEqual({ kind: 'telegram', calls: [{ method: 'sendMessage', params: {
      text: 'Welcome Grace! You came from .', reply_markup: WELCOME_KEYBOARD,
    } }] });
    p.tap(trial, 'postback', 'Family size', 'Family size');
    thread = await p.until(trial, (m) => outs(m).length >= 2);
    expect(outs(thread)[1]!.view).toEqual({ kind: 'telegram', calls: [{ method: 'sendMessage', params: { text: `Family size: ${LONG_PAYLOAD}` } }] });
    p.close();
    expect(told()).toBe(calls);
  });

  it('a new token registers the webhook for the new bot and removes the old one\'s; a refused token changes nothing; deleting deletes the webhook', async () => {
    const put = (token: string) => w.api('PUT', `/v1/channels/${w.channelId}`, { botId: w.botId, name: 'Telegram shop', description: 'our bot', token });
    const other = w.fake.bot();
    expect((await put(`${other.id}:AAnotthetokenofthisbotatall0000`)).status).toBe(422);
    expect(w.bot.webhook).not.toBeNull();
    expect((await put(other.token)).status).toBe(200);
    expect(other.webhook).toMatchObject({ url: `${w.server.config.publicUrl}/hooks/tlg/${w.channelId}` });
    expect(w.fake.callsOf('deleteWebhook', w.bot).map((c) => c.status)).toEqual([200]);
    expect(w.bot.webhook).toBeNull();
    expect((await w.api('DELETE', `/v1/channels/${w.channelId}`)).status).toBe(200);
    expect(w.fake.callsOf('deleteWebhook', other).map((c) => c.status)).toEqual([200]);
    expect(other.webhook).toBeNull();
  });
});
