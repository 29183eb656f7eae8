// What the SMS end-to-end tests share: a bot, a server configured for fakes on loopback, channels, and the history the API shows.
import net from 'node:net';
import { expect } from 'vitest';
import type { Call } from '../../helpers/http.js';
import { startTestServer, type DatabaseKind, type TestServer } from '../../helpers/server.js';
import { WAIT_BOUND_MS } from '../../helpers/wait-bound.js';
import type { Clock } from '../../../src/time.js';

export const STORY = `Once upon a time, in a small town by the sea, a baker made the best pizza in the world. People came from far away to taste it, and paid 12€ a slice [gladly]. ${'The oven never cooled. '.repeat(12)}The end.`;

/** Longer than the 1,600 characters one carrier API message takes. */
export const SAGA = Array.from({ length: 30 }, (_, i) => `Chapter ${i + 1}: the dough rose, the oven roared, and everyone had a slice.`).join(' ');

export function smsBot(media: Record<string, string> = {}) {
  const say = (text: string) => [{ send: { message: { text } } }];
  const intent = (name: string, ...expressions: string[]) => ({ name, expressions });
  return {
    name: 'pizza place',
    interactions: [
      {
        name: 'welcome', intents: ['sys:start'], actions: [{
          send: { message: {
            text: 'Hi! Which size?',
            buttons: [{ type: 'postback', title: 'Talk to us', payload: 'CONTACT', execute: 'contact' }, { type: 'weburl', title: 'Menu', payload: 'https://example.com/menu' }],
            quickReplies: [{ type: 'text', title: 'Small', execute: 'small' }, { type: 'text', title: 'Large', execute: 'large' }],
          } },
        }],
      },
      { name: 'contact', actions: say('We will call you.') },
      { name: 'small', actions: say('Small it is.') },
      { name: 'large', actions: say('Large it is.') },
      {
        name: 'pizzas', intents: [intent('pizzas', 'show me the pizzas', 'which pizzas do you have', 'list the pizzas')], actions: [{
          send: { message: { text: 'Our pizzas:', carousel: [
            { title: 'Margherita', description: 'Tomato, mozzarella', buttons: [{ type: 'postback', title: 'Order Margherita', payload: 'M', execute: 'margherita' }, { type: 'weburl', title: 'Details', payload: 'https://example.com/m' }] },
            { title: 'Diavola', description: 'Spicy salami', buttons: [{ type: 'postback', title: 'Order Diavola', payload: 'D', execute: 'diavola' }] },
          ] } },
        }],
      },
      { name: 'margherita', actions: say('One Margherita coming.') },
      { name: 'diavola', actions: say('One Diavola coming.') },
      { name: 'story', intents: [intent('story', 'tell me a story', 'a story please', 'story time')], actions: say(STORY) },
      { name: 'saga', intents: [intent('saga', 'tell me the whole saga', 'the long saga please', 'saga time')], actions: say(SAGA) },
      {
        name: 'remind', intents: [intent('remind', 'remind me later', 'send me a reminder', 'reminder please')],
        actions: [...say('I will remind you.'), { pause: { milliseconds: 300 } }, ...say('Reminder: your pizza is ready.')],
      },
      ...Object.entries(media).map(([name, url]) => ({
        name: `media-${name}`, intents: [intent(`media${name}`, `send the ${name}`, `show me the ${name}`, `i want the ${name}`)],
        actions: [{ send: { message: { text: `Here is the ${name}.`, media: url, mediaType: 'image' } } }],
      })),
      { name: 'other', intents: ['sys:text'], actions: say('You said: {sys:text}') },
    ],
  };
}

export const WELCOME = 'Hi! Which size?\n\n1. Talk to us\nMenu: https://example.com/menu\n2. Small\n3. Large';
export const PIZZAS = 'Our pizzas:\n\nMargherita\nTomato, mozzarella\n1. Order Margherita\nDetails: https://example.com/m\n\nDiavola\nSpicy salami\n2. Order Diavola';

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A server whose SMS transports may reach fakes on loopback, retrying quickly. */
export async function startSmsServer(kind: DatabaseKind, env: Record<string, string> = {}, clock?: Clock): Promise<TestServer> {
  const port = await freePort();
  return startTestServer(kind, {
    PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`,
    SMS_ALLOW_HOSTS: '127.0.0.1', OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
    DELIVERY_RETRY_MS: '50', JOBS_POLL_MS: '20', CONVERSATION_SWEEP_MS: '200',
    SMPP_RECONNECT_MIN_MS: '50', SMPP_RECONNECT_MAX_MS: '200', SMPP_RECONCILE_MS: '100', SMPP_RESPONSE_TIMEOUT_MS: '500',
    SMPP_THROTTLE_RETRY_MS: '50', SMPP_ENQUIRE_LINK_MS: '200', SMS_REASSEMBLY_TIMEOUT_MS: '2000',
    ...env,
  }, undefined, clock);
}

export async function createSmsChannel(api: Call, botId: number, fields: { channelType: 'dlc' | 'dsc'; user: string; token: string; name?: string }): Promise<number> {
  const body = {
    channelType: fields.channelType, botId, name: fields.name ?? 'Pizza Place', description: 'texts', user: fields.user, token: fields.token,
    ...(fields.channelType === 'dlc' ? { phoneType: 2, countryCode: 'US' } : {}),
  };
  const created = await api('POST', '/v1/channels', body);
  expect(created.status).toBe(200);
  return created.body.id as number;
}

export async function until<T>(read: () => Promise<T> | T, ok: (value: T) => boolean, timeoutMs = WAIT_BOUND_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export interface HistoryMessage {
  id: number;
  direction: string;
  status: string;
  failureReason: string | null;
  content: { text?: string | null; media?: unknown };
}

/** The history of the human's conversation on the channel, as the API shows it. */
export async function history(api: Call, channelId: number, humanPhone: string): Promise<HistoryMessage[]> {
  const humans = await api('GET', `/v1/humans?phone=${encodeURIComponent(humanPhone)}`);
  const humanId = (humans.body.humans as { id: number }[] | undefined)?.[0]?.id;
  if (humanId === undefined) return [];
  const list = await api('GET', `/v1/conversations?channel_id=${channelId}&human_id=${humanId}`);
  const conversation = list.body.conversations[0] as { id: number } | undefined;
  if (conversation === undefined) return [];
  const page = await api('GET', `/v1/conversations/${conversation.id}/messages?limit=500`);
  return page.body.messages as HistoryMessage[];
}

export function outText(messages: HistoryMessage[]): (string | null | undefined)[] {
  return messages.filter((m) => m.direction === 'out').map((m) => m.content.text);
}
