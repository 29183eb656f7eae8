// A broadcast to 100,000 tagged humans on SQLite and PostgreSQL, through a server process and the fake Twilio-style carrier:
// time to queue, peak RSS of the server, delivery rate; beside the raw insert rate of the same rows (one row per human) in the same run.
// Run: npm run bench -- broadcast   (BENCH_HUMANS to change the audience, BENCH_DATABASES=sqlite or postgres for one of them,
// BENCH_CPU_PROF_DIR=dir for a CPU profile of the server, BENCH_KEEP=1 to keep the database for EXPLAIN afterwards,
// BENCH_MEMORY=1 to print the server's RSS and heap at every progress read, BENCH_NODE_ARGS='--flag …' for Node's and V8's
// flags on the server, BENCH_PROGRAM=source to run src/ through tsx instead of the compiled dist/)
import fs from 'node:fs';
import { sql } from 'kysely';
import { loadConfig } from '../src/config.js';
import { openMigratedStore, type Store } from '../src/store/db.js';
import { FakeCarrier } from '../test/fakes/carrier.js';
import { startChildServer } from '../test/helpers/child-server.js';
import { freshDatabase } from '../test/helpers/server.js';
import { seedAudience, sendBroadcast, shortCodeChannel } from './support/broadcast-audience.js';
import { cpuSeconds } from './support/process-cpu.js';
import { SERVER_PROGRAM } from './support/server-program.js';

const HUMANS = Number(process.env.BENCH_HUMANS ?? 100_000);
/** BENCH_DATABASES=sqlite (or postgres) runs one of the two. */
const KINDS = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',').map((k) => k.trim()).filter((k): k is 'sqlite' | 'postgres' => k === 'sqlite' || k === 'postgres');
const BATCH = 1000;

/** The audience, and the raw insert rate of message-shaped rows (one per human) as the baseline. */
async function seed(store: Store, accountId: number, channelId: number): Promise<{ rawRowsPerSecond: number }> {
  await seedAudience(store, accountId, channelId, HUMANS);
  const now = new Date().toISOString();
  // The baseline: the same number of outbound message rows written straight into the table, a thousand per statement.
  await sql`CREATE TABLE bench_raw_messages (id integer primary key, human_id integer not null, content text not null, status text not null, created_at text not null)`.execute(store.db);
  const t = performance.now();
  for (let start = 0; start < HUMANS; start += BATCH) {
    const count = Math.min(BATCH, HUMANS - start);
    const values = Array.from({ length: count }, (_, k) => sql`(${start + k + 1}, ${start + k + 1}, ${JSON.stringify({ kind: 'message', text: `Sale today, H${start + k}` })}, 'queued', ${now})`);
    await sql`INSERT INTO bench_raw_messages (id, human_id, content, status, created_at) VALUES ${sql.join(values)}`.execute(store.db);
  }
  const rawRowsPerSecond = HUMANS / ((performance.now() - t) / 1000);
  await sql`DROP TABLE bench_raw_messages`.execute(store.db);
  return { rawRowsPerSecond };
}

const MEMORY = process.env.BENCH_MEMORY === '1';
const METRICS_TOKEN = 'bench-metrics-token-0123456789';

/** Fields of the server's /proc status (VmHWM, VmRSS, RssAnon…), in MB. */
function statusMb(pid: number | undefined, ...fields: string[]): number[] {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return fields.map((field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
}

/** The server's resident memory (/proc) and V8 heap (its /metrics), in MB: where a peak RSS comes from. */
async function memory(server: { url: string; process: { pid?: number | undefined } }): Promise<string> {
  const [rss, anonymous, files] = statusMb(server.process.pid, 'VmRSS', 'RssAnon', 'RssFile').map(Math.round);
  const metrics = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const mb = (name: string) => Math.round(Number(new RegExp(`^parley_nodejs_${name} (\\S+)`, 'm').exec(metrics)?.[1] ?? 0) / 1048576);
  return `RSS ${rss} MB (anonymous ${anonymous}, files ${files}), heap used ${mb('heap_size_used_bytes')} of ${mb('heap_size_total_bytes')}, external ${mb('external_memory_bytes')}`;
}

async function run(kind: 'sqlite' | 'postgres', carrier: FakeCarrier) {
  const db = await freshDatabase(kind);
  // The fake carrier has no sending limit: the bench measures Parley, not a long code's one segment a second.
  const env = { ...db.env, ...(MEMORY ? { METRICS_TOKEN } : {}), SMS_ALLOW_HOSTS: '127.0.0.1', DATABASE_POOL_MAX: '10', LOG_LEVEL: 'silent', DELIVERY_RATES: 'dlc=0,tfn=0,dsc=0,fb=0' };
  const store = await openMigratedStore(loadConfig(env).database);
  const { accountId, token, channelId } = await shortCodeChannel(env, store, carrier, `bench-${kind}@example.com`);
  const { rawRowsPerSecond } = await seed(store, accountId, channelId);

  const nodeArgs = [
    ...(process.env.BENCH_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`] : []),
    ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter((arg) => arg !== ''),
  ];
  const server = await startChildServer(env, nodeArgs, SERVER_PROGRAM);
  try {
    const before = carrier.messages.length;
    const cpuBefore = cpuSeconds(server.process.pid!);
    const times = await sendBroadcast(server.url, token, channelId, MEMORY
      ? async (elapsedMs, sent) => console.log(`${(elapsedMs / 1000).toFixed(1).padStart(6)} s  ${sent} sent  ${await memory(server)}`)
      : undefined);
    const delivered = carrier.messages.length - before;
    const cpuUsPerMessage = ((cpuSeconds(server.process.pid!) - cpuBefore) * 1e6) / delivered;
    return { kind, ...times, delivered, cpuUsPerMessage, peakRss: statusMb(server.process.pid, 'VmHWM')[0]!, rawRowsPerSecond };
  } finally {
    await server.stop();
    await store.close();
    if (!process.env.BENCH_KEEP) await db.cleanup();
  }
}

const carrier = await FakeCarrier.start();
try {
  const rows = [];
  for (const kind of KINDS) rows.push(await run(kind, carrier));
  console.log(`broadcast of one text to ${HUMANS} tagged, subscribed humans on a short code, through the fake carrier API`);
  console.log('db        answer ms  all queued s  all sent s  queued/s  delivered/s  server CPU µs/msg  raw inserts/s  queued÷raw  peak RSS MB');
  for (const r of rows) {
    const queuedPerSecond = r.humans / (r.queuedMs / 1000);
    console.log(`${r.kind.padEnd(9)} ${r.answeredMs.toFixed(0).padStart(9)} ${(r.queuedMs / 1000).toFixed(1).padStart(13)} ${(r.doneMs / 1000).toFixed(1).padStart(11)} ${queuedPerSecond.toFixed(0).padStart(9)} ${(r.delivered / (r.doneMs / 1000)).toFixed(0).padStart(12)} ${r.cpuUsPerMessage.toFixed(0).padStart(17)} ${r.rawRowsPerSecond.toFixed(0).padStart(14)} ${(queuedPerSecond / r.rawRowsPerSecond).toFixed(3).padStart(11)} ${r.peakRss.toFixed(0).padStart(12)}`);
  }
} finally {
  await carrier.close();
}
