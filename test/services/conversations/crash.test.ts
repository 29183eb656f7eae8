// kill -9 with 1,000 web-chat messages in flight: after a restart every message has exactly one reply and every timer fired once.
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../../../src/config.js';
import { openMigratedStore } from '../../../src/store/db.js';
import { startChildServer, type ChildServer } from '../../helpers/child-server.js';
import { DATABASES, freshDatabase } from '../../helpers/server.js';
import { setUpWebBot } from './setup-child-bot.js';

const VISITORS = Number(process.env.CRASH_VISITORS ?? 100);
const PER_VISITOR = 10;

// Each message gets "A …" at once and "B …" after a pause: a durable timer per message.
const echo = {
  name: 'echo',
  interactions: [{ name: 'echo', intents: ['sys:text'], actions: [
    { send: { message: { text: 'A {sys:text}' } } }, { pause: { milliseconds: 200 } }, { send: { message: { text: 'B {sys:text}' } } },
  ] }],
};

/** One visitor: keeps its visitor id and its messages, and sends again whatever the server never acknowledged. */
class Visitor {
  token: string | null = null;
  readonly acked = new Set<string>();
  replies = 0;
  private socket: WebSocket | null = null;
  constructor(readonly messages: string[]) {}

  async connect(url: string, channelId: number): Promise<void> {
    const socket = new WebSocket(`${url.replace('http', 'ws')}/chat/${channelId}/ws`);
    this.socket = socket;
    await new Promise<void>((resolve, reject) => { socket.once('open', () => resolve()); socket.once('error', reject); });
    const welcomed = new Promise<void>((resolve) => {
      socket.on('message', (data) => {
        const frame = JSON.parse(String(data)) as { type: string; visitor?: string; id?: string; message?: { direction: string } };
        if (frame.type === 'welcome') { this.token = frame.visitor!; resolve(); }
        if (frame.type === 'ack') this.acked.add(frame.id!);
        if (frame.type === 'message' && frame.message?.direction === 'out') this.replies += 1;
      });
    });
    socket.on('error', () => undefined);
    socket.send(JSON.stringify({ type: 'hello', visitor: this.token }));
    await welcomed;
    for (const text of this.messages) if (!this.acked.has(text)) socket.send(JSON.stringify({ type: 'message', id: text, text }));
  }

  close(): void {
    this.socket?.terminate();
  }
}

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(DATABASES)('a crash on %s', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => { for (const c of cleanups.reverse()) await c(); });

  it('loses nothing and sends nothing twice', async () => {
    const db = await freshDatabase(kind);
    cleanups.push(db.cleanup);
    const env = { ...db.env, JOBS_POLL_MS: '50', CONVERSATION_SWEEP_MS: '300', CONVERSATION_LEASE_SECONDS: '5', JOBS_LEASE_SECONDS: '5' };
    const { channelId } = await setUpWebBot(env, echo);
    const visitors = Array.from({ length: VISITORS }, (_, v) => new Visitor(Array.from({ length: PER_VISITOR }, (_, m) => `v${v}m${m}`)));

    const t0 = Date.now();
    const mark = (what: string) => { if (process.env.CRASH_DEBUG) console.log(`${what} at ${Date.now() - t0} ms`); };
    let server: ChildServer = await startChildServer(env);
    mark('started');
    cleanups.push(() => server.stop());
    await Promise.all(visitors.map((v) => v.connect(server.url, channelId)));
    // Kill it hard while replies are still being produced.
    await waitFor(() => visitors.reduce((n, v) => n + v.replies, 0) >= Math.min(200, VISITORS * PER_VISITOR / 3), 60_000);
    const acknowledged = visitors.reduce((n, v) => n + v.acked.size, 0);
    mark(`killing with ${visitors.reduce((n, v) => n + v.replies, 0)} replies`);
    await server.kill();
    for (const v of visitors) v.close();
    expect(visitors.reduce((n, v) => n + v.replies, 0)).toBeLessThan(2 * VISITORS * PER_VISITOR);

    server = await startChildServer(env);
    mark('restarted');
    await Promise.all(visitors.map((v) => v.connect(server.url, channelId)));
    mark('reconnected');

    const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
    const store = await openMigratedStore(config.database);
    cleanups.push(() => store.close());
    const outTexts = async () => (await store.db.selectFrom('messages').select(['content', 'status']).where('direction', '=', 'out').execute())
      .map((r) => ({ text: (JSON.parse(r.content) as { text: string }).text, status: r.status }));
    await waitFor(async () => (await outTexts()).length >= 2 * VISITORS * PER_VISITOR, 120_000);
    mark('all replies');
    await new Promise((r) => setTimeout(r, 1000));

    const out = await outTexts();
    const inbound = await store.db.selectFrom('messages').select('content').where('direction', '=', 'in').execute();
    expect(acknowledged).toBeGreaterThan(0);
    expect(inbound).toHaveLength(VISITORS * PER_VISITOR);
    const counts = new Map<string, number>();
    for (const o of out) counts.set(o.text, (counts.get(o.text) ?? 0) + 1);
    if (process.env.CRASH_DEBUG) console.log([...counts].filter(([, n]) => n !== 1), out.filter((o) => !counts.has(o.text) || o.status !== 'sent').slice(0, 5), out.length);
    for (const v of visitors) for (const text of v.messages) {
      expect(counts.get(`A ${text}`), `A ${text}`).toBe(1);
      expect(counts.get(`B ${text}`), `B ${text}`).toBe(1);
    }
    expect(out.every((o) => o.status === 'sent')).toBe(true);
    // One timer event per pause, none twice.
    const timers = await store.db.selectFrom('conversation_events').select('dedup_key').where('kind', '=', 'timer').execute();
    expect(timers).toHaveLength(VISITORS * PER_VISITOR);
    for (const v of visitors) v.close();
  }, 300_000);
});
