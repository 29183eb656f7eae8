// Counts the database statements one inbound web-chat message costs (echo bot), by statement, on SQLite and PostgreSQL,
// with the idle background work of the same time span measured apart; and the time spent waiting for a pool connection.
// Run: npm run bench -- message-path-statements   (BENCH_CLIENTS, BENCH_PER_CLIENT, BENCH_DATABASES=sqlite|postgres)
import SQLite from 'better-sqlite3';
import pg from 'pg';
import WebSocket from 'ws';
import { freshDatabase, type DatabaseKind } from '../test/helpers/server.js';
import { setUpWebBot } from '../test/services/conversations/setup-child-bot.js';
import { loadConfig } from '../src/config.js';
import { startServer } from '../src/server.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10);
const PER_CLIENT = Number(process.env.BENCH_PER_CLIENT ?? 20);
const DATABASES = (process.env.BENCH_DATABASES?.split(',') ?? ['sqlite', 'postgres']) as DatabaseKind[];

const echo = { name: 'echo', interactions: [{ name: 'echo', intents: ['sys:text'], actions: [{ send: { message: { text: 'You said: {sys:text}' } } }] }] };

/** Statement texts seen, with how many times each ran; numbers and strings folded so one shape is one line. */
const counts = new Map<string, number>();
/** SQLite only (its statements run synchronously): microseconds spent inside each shape. */
const micros = new Map<string, number>();
let counting = false;

function shape(sql: string): string {
  return sql.replace(/\s+/g, ' ').replace(/\$\d+/g, '?').replace(/'[^']*'/g, "'…'").replace(/\b\d+\b/g, 'N').slice(0, 160).trim();
}

function note(sql: string): void {
  if (!counting) return;
  const key = shape(sql);
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

// PostgreSQL: every statement of every pooled client (Kysely, pg-boss, the fan-out) goes through Client#query.
const pgQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const first = args[0];
  note(typeof first === 'string' ? first : (first as { text?: string } | undefined)?.text ?? '?');
  return pgQuery.apply(this, args);
} as typeof pg.Client.prototype.query;

// SQLite: statements run through a prepared statement's run/all/get/iterate; the text is on the statement.
const probe = new SQLite(':memory:');
const statementProto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, (...a: unknown[]) => unknown>;
probe.close();
for (const method of ['run', 'all', 'get', 'iterate']) {
  const original = statementProto[method]!;
  statementProto[method] = function (this: { source: string }, ...a: unknown[]) {
    note(this.source);
    if (!counting) return original.apply(this, a);
    const started = process.hrtime.bigint();
    try {
      return original.apply(this, a);
    } finally {
      const key = shape(this.source);
      micros.set(key, (micros.get(key) ?? 0) + Number(process.hrtime.bigint() - started) / 1000);
    }
  };
}

async function drive(url: string): Promise<number> {
  let sent = 0;
  await Promise.all(Array.from({ length: CLIENTS }, async (_, c) => {
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => { socket.once('open', () => resolve()); socket.once('error', reject); });
    let waiting: ((text: string) => void) | null = null;
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { type: string; message?: { direction: string; text: string } };
      if (frame.type === 'message' && frame.message?.direction === 'out' && waiting !== null) waiting(frame.message.text);
    });
    const welcomed = new Promise<void>((resolve) => socket.once('message', () => resolve()));
    socket.send(JSON.stringify({ type: 'hello', visitor: null }));
    await welcomed;
    for (let m = 0; m < PER_CLIENT; m++) {
      const text = `c${c}m${m}`;
      const replied = new Promise<void>((resolve) => { waiting = (reply) => { if (reply.endsWith(text)) resolve(); }; });
      socket.send(JSON.stringify({ type: 'message', id: text, text }));
      await replied;
      sent += 1;
    }
    socket.close();
  }));
  return sent;
}

function report(title: string, messages: number, idle: Map<string, number>): void {
  const rows = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((n, [, c]) => n + c, 0);
  const idleTotal = [...idle.values()].reduce((n, c) => n + c, 0);
  console.log(`\n${title}: ${messages} messages, ${total} statements (${(total / messages).toFixed(1)} per message); idle for as long: ${idleTotal}`);
  const timed = micros.size > 0;
  if (timed) console.log(`inside SQLite: ${([...micros.values()].reduce((a, b) => a + b, 0) / messages).toFixed(0)} µs per message (columns: per message, µs per message)`);
  for (const [sql, n] of rows) {
    const us = timed ? `${((micros.get(sql) ?? 0) / messages).toFixed(1).padStart(7)}  ` : '';
    console.log(`${(n / messages).toFixed(2).padStart(7)}  ${us}${sql}`);
  }
}

for (const kind of DATABASES) {
  const db = await freshDatabase(kind);
  const { channelId } = await setUpWebBot(db.env, echo);
  const config = loadConfig({ ...db.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '1000000' });
  const server = await startServer(config, { logger: false });
  const ws = `${server.url.replace('http', 'ws')}/chat/${channelId}/ws`;
  try {
    await drive(ws); // warm-up: program cache, JIT, first conversations
    counts.clear();
    micros.clear();
    counting = true;
    const start = performance.now();
    const messages = await drive(ws);
    const ms = performance.now() - start;
    counting = false;
    const busy = new Map(counts);
    const busyMicros = new Map(micros);
    // The same span with no traffic: what the pollers and timers cost on their own.
    counts.clear();
    counting = true;
    await new Promise((resolve) => setTimeout(resolve, ms));
    counting = false;
    const idle = new Map(counts);
    counts.clear();
    for (const [k, v] of busy) counts.set(k, v);
    micros.clear();
    for (const [k, v] of busyMicros) micros.set(k, v);
    report(`${kind} (${(messages / (ms / 1000)).toFixed(0)} msg/s while counting)`, messages, idle);
  } finally {
    await server.close();
    await db.cleanup();
  }
}
