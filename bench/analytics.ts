// The analytics endpoints over a year of history holding 1,000,000 messages, on SQLite and PostgreSQL: the upgrade's count
// of that history (migration 0042's countHistory, the month rows included), then p50/p99 of each endpoint over the whole year, beside GET
// /v1/channels/{id} (one row read through the same auth and store) measured in the same run.
// Run: npm run bench -- analytics   (BENCH_MESSAGES, BENCH_CHANNELS, BENCH_INTERACTIONS, BENCH_REQUESTS per endpoint;
// BENCH_DATABASES=sqlite or postgres for one; PostgreSQL at TEST_DATABASE_URL)
import { performance } from 'node:perf_hooks';
import os from 'node:os';
import { sql, type Kysely } from 'kysely';
import { countHistory } from '../src/store/migrations/0042_analytics.js';
import { startTestServer } from '../test/helpers/server.js';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
const CHANNELS = Number(process.env.BENCH_CHANNELS ?? 10);
const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 20_000);
const INTERACTIONS = Number(process.env.BENCH_INTERACTIONS ?? 40);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const DATABASES = (process.env.BENCH_DATABASES?.split(',') ?? ['sqlite', 'postgres']) as ('sqlite' | 'postgres')[];
const DAYS = 365;
const DAY_MS = 86_400_000;
const LAST = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()));
const FIRST = new Date(LAST.getTime() - (DAYS - 1) * DAY_MS);
const day = (d: Date) => d.toISOString().slice(0, 10);

/** `n` rows numbered 0…n-1 as a table `s(i)`, on either database. */
function numbers(kind: 'sqlite' | 'postgres', n: number) {
  return kind === 'postgres'
    ? sql`(SELECT generate_series(0, ${sql.raw(String(n - 1))}) AS i) s`
    : sql`(WITH RECURSIVE r(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM r WHERE i < ${sql.raw(String(n - 1))}) SELECT i FROM r) s`;
}
/** The instant of row i spread evenly over the year, as the store writes instants. */
function instant(kind: 'sqlite' | 'postgres', spread: number) {
  const first = FIRST.getTime() / 1000;
  // Numbers written into the statement: better-sqlite3 binds every JS number as a real, and integer division is meant.
  const [f, span, n] = [first, DAYS * 86_400 - 1, spread].map((x) => sql.raw(String(x)));
  return kind === 'postgres'
    ? sql`to_char(to_timestamp(${f} + (s.i::bigint * ${span} / ${n})) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"')`
    : sql`strftime('%Y-%m-%dT%H:%M:%S.000Z', ${f} + (s.i * ${span} / ${n}), 'unixepoch')`;
}

async function seed(db: Kysely<any>, kind: 'sqlite' | 'postgres', accountId: number, botId: number, channelIds: number[]): Promise<void> {
  const ch = (expr: string) => sql.raw(`CASE ${channelIds.map((id, i) => `WHEN (${expr}) % ${CHANNELS} = ${i} THEN ${id}`).join(' ')} END`);
  await sql`INSERT INTO humans (account_id, first_name, created_at, updated_at)
    SELECT ${accountId}, 'H' || s.i, ${instant(kind, CONVERSATIONS)}, ${instant(kind, CONVERSATIONS)} FROM ${numbers(kind, CONVERSATIONS)}`.execute(db);
  const { rows: [h] } = await sql<{ first: number }>`SELECT min(id) AS first FROM humans WHERE account_id = ${accountId}`.execute(db);
  await sql`INSERT INTO conversations (account_id, bot_id, channel_id, human_id, address, state, bot_enabled, priority, created_at, updated_at)
    SELECT ${accountId}, ${botId}, ${ch('s.i')}, ${sql.raw(String(h!.first))} + s.i, 'v' || s.i, '{"version":1,"started":true}', 1, 'normal',
      ${instant(kind, CONVERSATIONS)}, ${instant(kind, CONVERSATIONS)} FROM ${numbers(kind, CONVERSATIONS)}`.execute(db);
  const { rows: [c] } = await sql<{ first: number }>`SELECT min(id) AS first FROM conversations WHERE account_id = ${accountId}`.execute(db);
  // Messages in batches (SQLite's recursive numbers are cheap; PostgreSQL's generate_series too), a conversation's messages
  // spread over the year with it: half in, half out; of those out, statuses as providers report them.
  const BATCH = 100_000;
  // Message i's conversation (64-bit: i times the conversations passes PostgreSQL's integer).
  const conversationText = `(CAST(s.i AS BIGINT) * ${CONVERSATIONS} / ${MESSAGES})`;
  const conversationOf = sql.raw(conversationText);
  for (let start = 0; start < MESSAGES; start += BATCH) {
    const n = Math.min(BATCH, MESSAGES - start);
    await sql`INSERT INTO messages (account_id, conversation_id, channel_id, human_id, direction, kind, content, status, failure_reason,
        attempts, created_at, updated_at)
      SELECT ${accountId}, ${sql.raw(String(c!.first))} + ${conversationOf}, ${ch(conversationText)},
        ${sql.raw(String(h!.first))} + ${conversationOf},
        CASE WHEN s.i % 2 = 0 THEN 'in' ELSE 'out' END, 'message', '{"text":"hello"}',
        CASE WHEN s.i % 2 = 0 THEN 'received' WHEN s.i % 10 = 1 THEN 'failed' WHEN s.i % 10 = 3 THEN 'read' ELSE 'delivered' END,
        CASE WHEN s.i % 10 = 1 THEN 'carrier refused: ' || (s.i % 7) ELSE NULL END, 1, ${instant(kind, MESSAGES)}, ${instant(kind, MESSAGES)}
      FROM (SELECT i + ${sql.raw(String(start))} AS i FROM ${numbers(kind, n)}) s`.execute(db);
  }
}

/** What the runs of such a year leave in the rollups that no history holds: interactions and unrecognised texts, per day and channel. */
async function seedRunRollups(db: Kysely<any>, accountId: number, botId: number, channelIds: number[]): Promise<void> {
  const counts: Record<string, unknown>[] = [];
  const texts: Record<string, unknown>[] = [];
  for (let d = 0; d < DAYS; d++) {
    const on = day(new Date(FIRST.getTime() + d * DAY_MS));
    for (const channel of channelIds) {
      for (let i = 0; i < INTERACTIONS; i++) {
        for (const metric of ['entered', 'finished', 'left', 'dropped']) counts.push({ account_id: accountId, day: on, bot_id: botId, channel_id: channel, metric, key: `interaction ${i}`, count: 1 + ((d + i) % 9) });
      }
      for (const metric of ['handoffs', 'unrecognised', 'optouts']) counts.push({ account_id: accountId, day: on, bot_id: botId, channel_id: channel, metric, key: metric === 'optouts' ? 'keyword' : '', count: 3 });
      for (let t = 0; t < 10; t++) texts.push({ account_id: accountId, day: on, bot_id: botId, channel_id: channel, text: `question number ${(d * 7 + t) % 500}`, count: 1 + t, last_at: `${on}T12:00:00.000Z` });
    }
  }
  for (let i = 0; i < counts.length; i += 2000) await db.insertInto('analytics_counts').values(counts.slice(i, i + 2000)).execute();
  for (let i = 0; i < texts.length; i += 2000) await db.insertInto('analytics_unrecognised').values(texts.slice(i, i + 2000)).execute();
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function timed(url: string, token: string): Promise<{ p50: number; p99: number }> {
  const once = async () => {
    const started = performance.now();
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    return performance.now() - started;
  };
  for (let i = 0; i < 10; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) times.push(await once());
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

console.log(`analytics over ${MESSAGES.toLocaleString('en')} messages, ${CONVERSATIONS.toLocaleString('en')} conversations, ${CHANNELS} channels, ${INTERACTIONS} interactions, ${DAYS} days; ${REQUESTS} sequential requests per endpoint; Node ${process.version}, ${os.cpus().length} CPUs`);
for (const kind of DATABASES) {
  const server = await startTestServer(kind);
  try {
    const { accountId, token } = await server.account();
    const bot = await server.services.bots.create(accountId, { name: 'bench', interactions: [{ name: 'hi', intents: ['sys:text'], actions: [{ send: { message: { text: 'hi' } } }] }] });
    const channelIds: number[] = [];
    for (let i = 0; i < CHANNELS; i++) channelIds.push((await server.services.channels.create(accountId, { channelType: 'web', botId: bot.id, name: `site ${i}`, description: '' })).id);
    const db = server.store.db;
    let started = performance.now();
    await seed(db, kind, accountId, bot.id, channelIds);
    const seeded = (performance.now() - started) / 1000;
    await sql`DELETE FROM analytics_counts`.execute(db);
    // The runs' day rows first: the upgrade's count then sums them into months with the history's (as it would the day
    // rows a year of runs left, in a database upgraded from this release).
    await seedRunRollups(db, accountId, bot.id, channelIds);
    if (kind === 'postgres') await sql`ANALYZE`.execute(db);
    started = performance.now();
    await countHistory(db as Kysely<unknown>);
    const counted = (performance.now() - started) / 1000;
    if (kind === 'postgres') await sql`ANALYZE`.execute(db);
    const { rows: [rollups] } = await sql<{ n: number }>`SELECT count(*) AS n FROM analytics_counts`.execute(db);
    console.log(`\n${kind}: seeded in ${seeded.toFixed(1)} s; the upgrade counted the history in ${counted.toFixed(1)} s; ${Number(rollups!.n).toLocaleString('en')} rollup rows`);
    const range = `from=${day(FIRST)}&to=${day(LAST)}`;
    const base = server.url;
    const baseline = await timed(`${base}/v1/channels/${channelIds[0]}`, token);
    console.log(`  ${'GET /v1/channels/{id} (baseline)'.padEnd(46)} p50 ${baseline.p50.toFixed(2)} ms  p99 ${baseline.p99.toFixed(2)} ms`);
    for (const path of ['/v1/analytics', '/v1/analytics/daily', '/v1/analytics/channels', '/v1/analytics/interactions', '/v1/analytics/unrecognised', `/v1/analytics?channel_id=${channelIds[3]}`, '/v1/analytics/export?table=daily']) {
      const t = await timed(`${base}${path}${path.includes('?') ? '&' : '?'}${range}`, token);
      console.log(`  ${`GET ${path.replace(/\d+$/, '{id}')} (a year)`.padEnd(46)} p50 ${t.p50.toFixed(2)} ms  p99 ${t.p99.toFixed(2)} ms  (p50 ${(t.p50 / baseline.p50).toFixed(1)}× the baseline's)`);
    }
  } finally {
    await server.close();
  }
}
