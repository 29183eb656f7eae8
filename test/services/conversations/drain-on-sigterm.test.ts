// SIGTERM under web-chat load: every acknowledged message is kept and answered once, and the stopped process leaves no claim and no row behind.
import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { openMigratedStore, type Store } from '../../../src/store/db.js';
import { ChatClient } from '../../channels/web/chat-client.js';
import { startChildServer, type ChildServer } from '../../helpers/child-server.js';
import { DATABASES, freshDatabase } from '../../helpers/server.js';
import { setUpWebBot } from './setup-child-bot.js';
import { stallingApi } from '../../helpers/stalling-api.js';

const CLIENTS = 6;
const PER_CLIENT = 30;

/** An API that answers after a pause, so runs are in flight when the signal comes. */
async function slowApi(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((_req, res) => {
    setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'), 150);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/slow`,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

function bot(apiUrl: string) {
  return {
    name: 'drain',
    interactions: [
      { name: 'echo', intents: ['sys:text'], actions: [
        { send: { request: { url: apiUrl, method: 'GET', response: 'answer' } } },
        { send: { message: { text: 'echo: {sys:text}' } } },
      ] },
    ],
  };
}

/** Sends its messages a few milliseconds apart until the socket closes; the texts the server acknowledged. */
async function chatter(url: string, channelId: number, n: number): Promise<{ acked: string[]; done: Promise<void> }> {
  const { client } = await ChatClient.open(url, channelId);
  const acked: string[] = [];
  const texts = new Map<string, string>();
  const done = (async () => {
    for (let i = 0; i < PER_CLIENT; i++) {
      const id = `m${i}`;
      const text = `c${n}-m${i}`;
      texts.set(id, text);
      try { client.say(text, id); } catch { return; }
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
  })();
  const socket = (client as unknown as { socket: { on(e: string, l: (d: unknown) => void): void } }).socket;
  socket.on('message', (data) => {
    const frame = JSON.parse(String(data)) as { type: string; id?: string };
    if (frame.type === 'ack' && frame.id !== undefined) acked.push(texts.get(frame.id)!);
  });
  return { acked, done };
}

async function claimsAndProcesses(store: Store): Promise<{ leased: number; processes: number }> {
  const leased = await store.db.selectFrom('conversations').select((eb) => eb.fn.countAll<number>().as('n')).where('lease_owner', 'is not', null).executeTakeFirstOrThrow();
  const processes = await store.db.selectFrom('serving_processes').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { leased: Number(leased.n), processes: Number(processes.n) };
}

async function texts(store: Store, direction: 'in' | 'out'): Promise<string[]> {
  const rows = await store.db.selectFrom('messages').select('content').where('direction', '=', direction).execute();
  return rows.map((r) => (JSON.parse(r.content) as { text?: string | null }).text ?? '');
}

describe.each(DATABASES)('SIGTERM under web-chat load on %s', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => { for (const c of cleanups.reverse()) await c(); });

  it('keeps and answers every acknowledged message once, and leaves no claim and no process row', async () => {
    const api = await slowApi();
    cleanups.push(api.close);
    const db = await freshDatabase(kind);
    cleanups.push(db.cleanup);
    const env = { ...db.env, OUTBOUND_ALLOW_HOSTS: '127.0.0.1', CONVERSATION_LEASE_SECONDS: '120' };
    const { channelId } = await setUpWebBot(env, bot(api.url));
    let server: ChildServer = await startChildServer(env);
    cleanups.push(() => server.stop());

    const chats = await Promise.all(Array.from({ length: CLIENTS }, (_, n) => chatter(server.url, channelId, n)));
    // The signal comes mid-stream: some messages acknowledged, runs in flight, more on their way.
    while (chats.reduce((sum, c) => sum + c.acked.length, 0) < CLIENTS * 5) await new Promise((resolve) => setTimeout(resolve, 10));
    await server.stop();
    await Promise.all(chats.map((c) => c.done));
    const acked = chats.flatMap((c) => c.acked);
    expect(acked.length).toBeGreaterThanOrEqual(CLIENTS * 5);

    const store = await openMigratedStore(loadConfig({ ...env, LOG_LEVEL: 'silent' }).database);
    cleanups.push(() => store.close());
    expect(await claimsAndProcesses(store)).toEqual({ leased: 0, processes: 0 });
    const stored = new Set(await texts(store, 'in'));
    expect(acked.filter((t) => !stored.has(t))).toEqual([]);

    // What was stored but not yet run is run by the next process, once.
    server = await startChildServer(env);
    const expected = new Set(acked.map((t) => `echo: ${t}`));
    let answers = await texts(store, 'out');
    while (![...expected].every((t) => answers.includes(t))) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      answers = await texts(store, 'out');
    }
    const twice = answers.filter((t, i) => answers.indexOf(t) !== i);
    expect(twice).toEqual([]);
  }, 120_000);
});

describe('SIGTERM with a run that outlives SHUTDOWN_DRAIN_MS', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => { for (const c of cleanups.reverse()) await c(); });

  it('exits after the drain, gives the claim back at once, and the next process runs the message once', async () => {
    const api = await stallingApi();
    cleanups.push(api.close);
    const db = await freshDatabase('sqlite');
    cleanups.push(db.cleanup);
    // A claim that would last two minutes: only the release on leaving can free it before then.
    const env = { ...db.env, OUTBOUND_ALLOW_HOSTS: '127.0.0.1', CONVERSATION_LEASE_SECONDS: '120', SHUTDOWN_DRAIN_MS: '300' };
    const { channelId } = await setUpWebBot(env, {
      name: 'stall',
      interactions: [{ name: 'call', intents: ['sys:text'], actions: [
        { send: { request: { url: api.url, method: 'GET', response: 'answer' } } },
        { send: { message: { text: 'called' } } },
      ] }],
    });
    let server: ChildServer = await startChildServer(env);
    cleanups.push(() => server.stop());
    const chat = await ChatClient.open(server.url, channelId);
    chat.client.say('go');
    await api.stalled;
    await server.stop();
    chat.client.close();

    const store = await openMigratedStore(loadConfig({ ...env, LOG_LEVEL: 'silent' }).database);
    cleanups.push(() => store.close());
    expect(await claimsAndProcesses(store)).toEqual({ leased: 0, processes: 0 });

    server = await startChildServer(env);
    let answers = await texts(store, 'out');
    while (!answers.includes('called')) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answers = await texts(store, 'out');
    }
    expect(answers.filter((t) => t === 'called')).toHaveLength(1);
  }, 60_000);
});
