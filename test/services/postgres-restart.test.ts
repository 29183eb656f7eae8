// PostgreSQL restarted under web-chat traffic (through a TCP proxy the test cuts and restores, and, where asked, the server
// itself): no acknowledged message is lost, none is stored twice, and the service answers again by itself once the database is back.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../helpers/http.js';
import { startTestServer, TEST_DATABASE_URL, type TestServer } from '../helpers/server.js';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.js';
import { freshDatabase } from '../helpers/server.js';

interface Frame { type: string; id?: string; description?: string; visitor?: string; message?: { direction: string; text: string | null } }

/** A widget that sends one message at a time and sends it again (same id) until it is acknowledged, reconnecting when dropped. */
class PatientVisitor {
  readonly frames: Frame[] = [];
  private socket: WebSocket | null = null;
  private visitor: string | null = null;

  constructor(private readonly url: string) {}

  async connect(): Promise<void> {
    for (;;) {
      try {
        const socket = new WebSocket(this.url);
        await new Promise<void>((resolve, reject) => { socket.once('open', () => resolve()); socket.once('error', reject); });
        const welcome = new Promise<Frame>((resolve) => socket.on('message', (data) => {
          const frame = JSON.parse(String(data)) as Frame;
          this.frames.push(frame);
          if (frame.type === 'welcome') resolve(frame);
        }));
        socket.on('close', () => { if (this.socket === socket) this.socket = null; });
        socket.send(JSON.stringify({ type: 'hello', visitor: this.visitor }));
        const got = await Promise.race([welcome, new Promise<null>((resolve) => setTimeout(() => resolve(null), 3000))]);
        if (got === null) { socket.terminate(); continue; }
        this.visitor = got.visitor ?? this.visitor;
        this.socket = socket;
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  }

  /** Resolves once the message is acknowledged; tries again (same id) after every refusal or drop. */
  async say(id: string, text: string): Promise<number> {
    for (let tries = 1; ; tries++) {
      if (this.socket === null) await this.connect();
      const seen = this.frames.length;
      this.socket!.send(JSON.stringify({ type: 'message', id, text }));
      const outcome = await this.waitFor(seen, (f) => (f.type === 'ack' && f.id === id ? 'ack' : f.type === 'error' ? 'error' : null), 5000);
      if (outcome === 'ack') return tries;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }

  botTexts(): string[] {
    return this.frames.filter((f) => f.type === 'message' && f.message?.direction === 'out').map((f) => f.message!.text ?? '');
  }

  close(): void {
    this.socket?.close();
  }

  private async waitFor(from: number, test: (f: Frame) => string | null, timeoutMs: number): Promise<string | null> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      for (const f of this.frames.slice(from)) {
        const r = test(f);
        if (r !== null) return r;
      }
      if (this.socket === null) return 'closed';
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return null;
  }
}

describe('PostgreSQL restarted under web-chat traffic', () => {
  let proxy: TcpProxy;
  let server: TestServer;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let channelId: number;

  beforeAll(async () => {
    const real = new URL(TEST_DATABASE_URL);
    proxy = await startTcpProxy(real.hostname, Number(real.port || 5432));
    db = await freshDatabase('postgres');
    const url = new URL(db.env.DATABASE_URL!);
    url.host = `127.0.0.1:${proxy.port}`;
    server = await startTestServer('postgres', { DATABASE_URL: url.toString(), JOBS_POLL_MS: '50' });
    const api = client(server.url, (await server.account()).token);
    const bot = await api('POST', '/v1/bots', { name: 'echo', interactions: [{ name: 'echo', intents: ['sys:text'], actions: [{ send: { message: { text: 'You said: {sys:text}' } } }] }] });
    channelId = (await api('POST', '/v1/channels', { channelType: 'web', botId: bot.body.id, name: 'chat', description: 'd' })).body.id as number;
  });
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
    await db?.cleanup();
  });

  it('keeps every acknowledged message, answers each once, and recovers by itself', async () => {
    const visitor = new PatientVisitor(`${server.url.replace('http', 'ws')}/chat/${channelId}/ws`);
    await visitor.connect();
    expect(await visitor.say('m1', 'before')).toBe(1);

    // The database "restarts": every connection reset, new ones refused for a while; the visitor keeps typing.
    await proxy.cut();
    const during = [visitor.say('m2', 'during one'), (async () => {
      // Longer than one reconnect try of the listeners: they must keep trying, not give up after one.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await proxy.restore();
    })()];
    await Promise.all(during);
    expect(await visitor.say('m3', 'during two')).toBeGreaterThanOrEqual(1);
    expect(await visitor.say('m4', 'after')).toBeGreaterThanOrEqual(1);

    // Every acknowledged message is answered once, in order, without anyone restarting the service.
    const deadline = Date.now() + 30_000;
    while (visitor.botTexts().filter((t) => t.startsWith('You said:')).length < 4 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(visitor.botTexts().filter((t) => t.startsWith('You said:'))).toEqual(['You said: before', 'You said: during one', 'You said: during two', 'You said: after']);
    const stored = await server.store.db.selectFrom('messages').select(['direction', 'content']).where('direction', '=', 'in').execute();
    const texts = stored.map((m) => (JSON.parse(m.content) as { text?: string }).text).filter((t) => t !== undefined);
    expect(texts.sort()).toEqual(['after', 'before', 'during one', 'during two']);
    expect(proxy.connections).toBeGreaterThan(1);
    visitor.close();

    // The listeners for other processes' changes and chat signals are back too (LISTEN sessions through the proxy).
    const url = server.config.database.kind === 'postgres' ? server.config.database.url : '';
    const channels = ['parley_chat_', 'parley_changes_'].map((prefix) => `${prefix}${crypto.createHash('sha256').update(url).digest('hex').slice(0, 16)}`);
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      const listening = async () => (await admin.query<{ query: string }>('SELECT query FROM pg_stat_activity WHERE query = ANY($1)', [channels.map((c) => `LISTEN ${c}`)])).rows.map((r) => r.query).sort();
      const until = Date.now() + 10_000;
      while ((await listening()).length < 2 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await listening()).toEqual(channels.map((c) => `LISTEN ${c}`).sort());
    } finally {
      await admin.end();
    }
  }, 90_000);
});

/**
 * The real thing: the PostgreSQL server stopped (fast: every connection closed) and started again while a visitor types.
 * It takes the database away from every test running on the machine, so it runs only where asked, alone, after the
 * suite: `PARLEY_TEST_PG_RESTART=1 npx vitest run --no-file-parallelism test/http/operations.test.ts
 * test/services/postgres-restart.test.ts` (.ci/run).
 */
describe.runIf(process.env.PARLEY_TEST_PG_RESTART === '1')('PostgreSQL itself restarted under web-chat traffic', () => {
  let server: TestServer;
  let channelId: number;
  // The cluster as .ci/run finds it: the first version under /etc/postgresql, cluster "main".
  const cluster = (process.env.PARLEY_TEST_PG_CLUSTER ?? `${fs.readdirSync('/etc/postgresql').sort()[0]} main`).split(' ');
  const pgctl = (action: string, ...extra: string[]) => execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', ...cluster, action, ...extra]);

  beforeAll(async () => {
    server = await startTestServer('postgres', { JOBS_POLL_MS: '50' });
    const api = client(server.url, (await server.account()).token);
    const bot = await api('POST', '/v1/bots', { name: 'echo', interactions: [{ name: 'echo', intents: ['sys:text'], actions: [{ send: { message: { text: 'You said: {sys:text}' } } }] }] });
    channelId = (await api('POST', '/v1/channels', { channelType: 'web', botId: bot.body.id, name: 'chat', description: 'd' })).body.id as number;
  });
  afterAll(async () => { await server?.close(); });

  it('keeps every acknowledged message, answers each once, in order, and recovers by itself', async () => {
    const visitor = new PatientVisitor(`${server.url.replace('http', 'ws')}/chat/${channelId}/ws`);
    await visitor.connect();
    expect(await visitor.say('r1', 'before')).toBe(1);
    pgctl('stop', '--mode', 'fast');
    let started = false;
    try {
      const during = visitor.say('r2', 'while stopped');
      await new Promise((resolve) => setTimeout(resolve, 2500));
      pgctl('start');
      started = true;
      await during;
    } finally {
      if (!started) pgctl('start');
    }
    await visitor.say('r3', 'after');

    const expected = ['You said: before', 'You said: while stopped', 'You said: after'];
    const deadline = Date.now() + 30_000;
    while (visitor.botTexts().filter((t) => t.startsWith('You said:')).length < expected.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(visitor.botTexts().filter((t) => t.startsWith('You said:'))).toEqual(expected);
    const stored = await server.store.db.selectFrom('messages').select(['content']).where('direction', '=', 'in').execute();
    expect(stored.map((m) => (JSON.parse(m.content) as { text?: string }).text).filter((t) => t !== undefined).sort()).toEqual(['after', 'before', 'while stopped']);
    visitor.close();
  }, 120_000);
});
