// Two server processes on one PostgreSQL serve one web-chat conversation, alternately and at once: no reordering, no double
// replies, and each socket shows what was typed on the other; a server that just started shows what one that had been
// alone (and so notified nobody) answered meanwhile.
import { afterAll, describe, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from '../../helpers/child-server.js';
import { freshDatabase } from '../../helpers/server.js';
import { ChatClient } from '../../channels/web/chat-client.js';
import { setUpWebBot } from './setup-child-bot.js';

// Numbers its replies: a skipped, repeated or reordered message shows at once.
const counter = {
  name: 'counter',
  interactions: [{ name: 'count', intents: ['sys:text'], actions: [
    { conditions: [{ attribute: 'n', exists: false }], assignAttributes: { attributes: [{ attributePath: 'n', value: '0' }] } },
    { assignAttributes: { attributes: [{ attributePath: 'n', value: '{sys:function:evaluate(n + 1)}' }] } },
    { send: { message: { text: '{n}: {sys:text}' } } },
  ] }],
};

describe('two servers on one PostgreSQL', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => { for (const c of cleanups.reverse()) await c(); });

  it('serve one conversation alternately and at the same time, in order, once', async () => {
    const db = await freshDatabase('postgres');
    cleanups.push(db.cleanup);
    const env = { ...db.env, JOBS_POLL_MS: '50', CONVERSATION_SWEEP_MS: '500' };
    const { channelId: channel } = await setUpWebBot(env, counter);
    const servers: ChildServer[] = [await startChildServer(env), await startChildServer(env)];
    for (const s of servers) cleanups.push(() => s.stop());

    // Alternately: each message through the other server, one connection at a time.
    let visitor: string | null = null;
    for (let i = 1; i <= 6; i++) {
      const { client, welcome } = await ChatClient.open(servers[i % 2]!.url, channel, visitor);
      visitor = welcome.visitor as string;
      const before = (welcome.history as unknown[]).length;
      client.say(`alt${i}`);
      await client.next((f) => f.type === 'message' && (f.message as { text: string }).text === `${i}: alt${i}`);
      expect(before).toBe(2 * (i - 1));
      client.close();
    }

    // At once: the same visitor on both servers, messages sent alternately without waiting.
    const a = (await ChatClient.open(servers[0]!.url, channel, visitor)).client;
    const b = (await ChatClient.open(servers[1]!.url, channel, visitor)).client;
    for (let i = 1; i <= 20; i++) (i % 2 === 0 ? a : b).say(`fast${i}`, `fast-${i}`);
    const total = 6 + 20;
    const replies = (c: ChatClient) => c.botMessages().map((m) => m.text!).filter((t) => /^\d+: fast/.test(t));
    for (const c of [a, b]) await c.next(() => replies(c).length >= 20, 60_000);
    for (const c of [a, b]) {
      const texts = replies(c);
      // Consecutive numbers, each once, in order on both sockets.
      expect(texts.map((t) => Number(t.split(':')[0]))).toEqual(Array.from({ length: 20 }, (_, k) => 7 + k));
      expect(new Set(texts.map((t) => t.split(': ')[1])).size).toBe(20);
    }
    expect(replies(a)).toEqual(replies(b));
    // Each socket shows what the visitor typed on the other server too (its process's NOTIFY), once each.
    const typed = (c: ChatClient) => c.frames.filter((f) => f.type === 'message' && (f.message as { direction: string }).direction === 'in')
      .map((f) => (f.message as { text: string }).text).filter((t) => t.startsWith('fast'));
    for (const c of [a, b]) await c.next(() => typed(c).length >= 20);
    for (const c of [a, b]) expect([...typed(c)].sort()).toEqual(Array.from({ length: 20 }, (_, k) => `fast${k + 1}`).sort());
    expect(total).toBe(26);
    a.close();
    b.close();
  }, 180_000);

  it('show on a server that just started what a server that still believed itself alone answered', async () => {
    const db = await freshDatabase('postgres');
    cleanups.push(db.cleanup);
    // A slow heartbeat: the first server reads the serving processes every 4 s, so the second one's start falls inside
    // the stretch where the first still believes itself alone and sends no NOTIFY.
    const env = { ...db.env, JOBS_POLL_MS: '50', PROCESS_HEARTBEAT_MS: '4000', PROCESS_DEAD_AFTER_MS: '12000' };
    const { channelId: channel } = await setUpWebBot(env, counter);
    const first = await startChildServer(env);
    cleanups.push(() => first.stop());
    const { client: one, welcome } = await ChatClient.open(first.url, channel);
    one.say('before');
    await one.next((f) => f.type === 'message' && (f.message as { text: string }).text === '1: before');

    const second = await startChildServer(env);
    cleanups.push(() => second.stop());
    const { client: two } = await ChatClient.open(second.url, channel, welcome.visitor as string);
    one.say('after');
    await one.next((f) => f.type === 'message' && (f.message as { text: string }).text === '2: after');
    // Shown on the second server too, and once: by the first server's NOTIFY, or by the catch-up its welcome asks for.
    await two.next((f) => f.type === 'message' && (f.message as { text: string }).text === '2: after', 10_000);
    const shown = two.frames.filter((f) => f.type === 'message').map((f) => (f.message as { text: string }).text);
    expect(shown.filter((t) => t === 'after' || t === '2: after')).toEqual(['after', '2: after']);
    one.close();
    two.close();
  }, 60_000);
});
