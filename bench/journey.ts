// A journey run for 100,000 tagged humans on SQLite and PostgreSQL, through a server process, on an RCS channel whose
// SMS fallback is a long code: half the humans RCS-capable on the fake RBM (capability check, then an agent message),
// half not (capability check answered 404, then a text through the fake carrier). Time to the answer, to every human
// entered and to every message handed over, the delivery rate, the server's CPU per message and peak RSS; beside bare
// requests for the same messages to the same fakes in the same run (the baseline: what the fakes take from a client
// doing nothing else, with as many in flight as Parley delivers conversations at once).
// Run: npm run bench -- journey   (BENCH_HUMANS to change the audience, BENCH_DATABASES=sqlite or postgres for one of them,
// BENCH_CPU_PROF_DIR=dir for a CPU profile of the server, BENCH_KEEP=1 to keep the database for EXPLAIN afterwards,
// BENCH_SEND=broadcast to send the same interaction as a broadcast instead, BENCH_PROGRESS=1 to print the run's report and the server's RSS every few seconds, BENCH_PROGRAM=source to run src/
// through tsx instead of the compiled dist/)
import crypto from 'node:crypto';
import fs from 'node:fs';
import { importPKCS8, SignJWT } from 'jose';
import { Pool } from 'undici';
import { sql } from 'kysely';
import { loadConfig } from '../src/config.js';
import { createServices } from '../src/services/index.js';
import { openMigratedStore, type Store } from '../src/store/db.js';
import { FakeCarrier, type CarrierAccount } from '../test/fakes/carrier.js';
import { FakeRbm, RBM_SCOPE, type FakeServiceAccount } from '../test/fakes/rbm.js';
import { startChildServer } from '../test/helpers/child-server.js';
import { client } from '../test/helpers/http.js';
import { freshDatabase } from '../test/helpers/server.js';
import { seedAudience } from './support/broadcast-audience.js';
import { cpuSeconds } from './support/process-cpu.js';
import { SERVER_PROGRAM } from './support/server-program.js';

const HUMANS = Number(process.env.BENCH_HUMANS ?? 100_000);
/** BENCH_DATABASES=sqlite (or postgres) runs one of the two. */
const KINDS = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',').map((k) => k.trim()).filter((k): k is 'sqlite' | 'postgres' => k === 'sqlite' || k === 'postgres');
/** Conversations a server process delivers at once (CONVERSATION_CONCURRENCY's default): the baseline keeps as many requests in flight. */
const IN_FLIGHT = 32;
/** BENCH_CPU_PROF_DIR=dir writes a CPU profile of each server process there. */
const PROFILE = process.env.BENCH_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`] : [];
const PROGRESS = process.env.BENCH_PROGRESS === '1';
/** BENCH_SEND=broadcast sends the same interaction as a broadcast instead (POST /v1/messages with its script), for comparison. */
const BROADCAST = process.env.BENCH_SEND === 'broadcast';
/** A run whose report does not move for this long has stalled: the bench fails with the report. */
const STALL_MS = 180_000;
const LONG_CODE = '+14155550100';
const AGENT = 'bench_offers_agent';
const FEATURES = ['RICHCARD_STANDALONE', 'RICHCARD_CAROUSEL', 'ACTION_DIAL', 'ACTION_OPEN_URL'];
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/** Valid numbers of one San Francisco area code (exchanges 200–209…): every human is in America/Los_Angeles. */
function phone(i: number): string {
  return `+1415${String(2_000_000 + i).padStart(7, '0')}`;
}

/** Every other human can receive RCS; the rest are not RCS-reachable (RBM answers 404) and get the SMS fallback. */
const rcsCapable = (i: number): boolean => i % 2 === 0;

interface Setup { accountId: number; token: string; rcsId: number; dlcId: number }

/** An account, its token, a bot whose `offer` sends one text, a long code on the fake carrier, and an RCS channel on the fake RBM falling back to it. */
async function setUp(env: Record<string, string>, store: Store, kind: string, carrierAccount: CarrierAccount, key: FakeServiceAccount, carrier: FakeCarrier): Promise<Setup> {
  const services = createServices(loadConfig(env), store);
  try {
    const account = await services.accounts.create(`bench-journey-${kind}@example.com`, 'correct horse battery');
    const token = (await services.tokens.create(account.id, 'bench')).token;
    const bot = await services.bots.create(account.id, {
      name: 'offers',
      interactions: [
        { name: 'offer', actions: [{ send: { message: { text: 'Offer for {sys:firstName}' } } }] },
        { name: 'other', intents: ['sys:text'], actions: [{ send: { message: { text: 'ok' } } }] },
      ],
    });
    const credentials = `http://${carrierAccount.sid}:${carrierAccount.authToken}@${carrier.url.slice('http://'.length)}`;
    const dlc = await services.channels.create(account.id, {
      channelType: 'dlc', botId: bot.id, name: 'offers by text', description: 'bench', user: LONG_CODE, token: credentials, phoneType: 2, countryCode: 'US',
    });
    const rcs = await services.channels.create(account.id, {
      channelType: 'rcs', botId: bot.id, name: 'offers', description: 'bench', user: AGENT, token: key.keyJson(), data: { smsFallbackChannelId: dlc.id },
    });
    return { accountId: account.id, token, rcsId: rcs.id, dlcId: dlc.id };
  } finally {
    await services.webChat.close();
  }
}

/** An access token from the fake's token endpoint, asked as Parley asks it (a JWT-bearer grant signed with the key). */
async function accessToken(rbm: FakeRbm, key: FakeServiceAccount): Promise<string> {
  const json = JSON.parse(key.keyJson()) as { private_key: string; private_key_id: string; client_email: string; token_uri: string };
  const now = Math.floor(Date.now() / 1000);
  const assertion = await new SignJWT({ scope: RBM_SCOPE }).setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: json.private_key_id })
    .setIssuer(json.client_email).setAudience(json.token_uri).setIssuedAt(now).setExpirationTime(now + 3600)
    .sign(await importPKCS8(json.private_key, 'RS256'));
  const res = await fetch(rbm.tokenUri, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ grant_type: JWT_BEARER, assertion }).toString() });
  if (res.status !== 200) throw new Error(`the fake's token endpoint answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/**
 * The baseline: HUMANS messages sent straight to the fakes, IN_FLIGHT at a time, each as Parley sends it: the capability
 * GET for the number, then an agent message to an RCS-capable number or a carrier text to the others.
 */
async function barePosts(rbm: FakeRbm, key: FakeServiceAccount, carrier: FakeCarrier, carrierAccount: CarrierAccount): Promise<number> {
  const bearer = `Bearer ${await accessToken(rbm, key)}`;
  const basic = `Basic ${Buffer.from(`${carrierAccount.sid}:${carrierAccount.authToken}`).toString('base64')}`;
  const rbmPool = new Pool(rbm.url, { connections: IN_FLIGHT });
  const carrierPool = new Pool(carrier.url, { connections: IN_FLIGHT });
  const textPath = `/2010-04-01/Accounts/${carrierAccount.sid}/Messages.json`;
  const rbmBefore = rbm.sent.length;
  const carrierBefore = carrier.messages.length;
  let next = 0;
  const t = performance.now();
  await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
    for (let i = next++; i < HUMANS; i = next++) {
      const e164 = phone(i);
      const asked = await rbmPool.request({ method: 'GET', path: `/v1/phones/${e164}/capabilities?requestId=${crypto.randomUUID()}&agentId=${AGENT}`, headers: { authorization: bearer } });
      await asked.body.text();
      if (asked.statusCode !== (rcsCapable(i) ? 200 : 404)) throw new Error(`the fake RBM answered ${asked.statusCode} for ${e164}'s capabilities`);
      const res = rcsCapable(i)
        ? await rbmPool.request({
          method: 'POST', path: `/v1/phones/${e164}/agentMessages?messageId=${crypto.randomUUID()}&agentId=${AGENT}`,
          headers: { authorization: bearer, 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify({ contentMessage: { text: `Offer for H${i}` } }),
        })
        : await carrierPool.request({
          method: 'POST', path: textPath, headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ To: e164, From: LONG_CODE, Body: `Offer for H${i}` }).toString(),
        });
      await res.body.text();
      if (res.statusCode !== (rcsCapable(i) ? 200 : 201)) throw new Error(`the fake ${rcsCapable(i) ? 'RBM' : 'carrier'} answered ${res.statusCode} for ${e164}`);
    }
  }));
  const perSecond = HUMANS / ((performance.now() - t) / 1000);
  await Promise.all([rbmPool.close(), carrierPool.close()]);
  const received = rbm.sent.length - rbmBefore + carrier.messages.length - carrierBefore;
  if (received !== HUMANS) throw new Error(`the fakes received ${received} of the baseline's ${HUMANS} messages`);
  return perSecond;
}

/** Fields of a process's /proc status (VmHWM, VmRSS…), in MB. */
function statusMb(pid: number | undefined, ...fields: string[]): number[] {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return fields.map((field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
}

/** Calls `onPush` whenever something is added to the array: when a fake received its last message. */
function watch<T>(array: T[], onPush: () => void): void {
  const push = array.push.bind(array);
  array.push = (...items: T[]) => {
    onPush();
    return push(...items);
  };
}

interface RunReport {
  status: string;
  targeted: number;
  started: number;
  waiting: number;
  skipped: Record<string, number>;
  messages: { queued: number; sent: number; delivered: number; read: number; failed: number };
}

let lastReceivedAt = 0;

async function run(kind: 'sqlite' | 'postgres', rbm: FakeRbm, carrier: FakeCarrier) {
  const db = await freshDatabase(kind);
  // The fakes have no sending limit: the bench measures Parley, not a long code's one segment a second.
  const env = {
    ...db.env, SMS_ALLOW_HOSTS: '127.0.0.1', DATABASE_POOL_MAX: '10', LOG_LEVEL: 'silent', DELIVERY_RATES: 'dlc=0,tfn=0,dsc=0,rcs=0',
    RBM_API_URL: rbm.url, RBM_TOKEN_HOSTS: rbm.host,
  };
  const store = await openMigratedStore(loadConfig(env).database);
  const carrierAccount = carrier.account([LONG_CODE]);
  const key = rbm.serviceAccount(`bench-${kind}`);
  rbm.agent(AGENT, key);
  const setup = await setUp(env, store, kind, carrierAccount, key, carrier);
  await seedAudience(store, setup.accountId, setup.rcsId, HUMANS, phone);
  // What autovacuum does soon after a bulk load on a server that runs it (this machine's PostgreSQL does not): without
  // statistics the planner took the 100,000 fresh rows for a few dozen, and read the whole audience left for each page.
  if (kind === 'postgres') await sql`ANALYZE`.execute(store.db);
  const baseline = await barePosts(rbm, key, carrier, carrierAccount);

  const server = await startChildServer(env, PROFILE, SERVER_PROGRAM);
  try {
    const api = client(server.url, setup.token);
    const journey = await api('POST', '/v1/journeys', { name: 'Offer', channelId: setup.rcsId, script: 'offer', schedule: { timeZone: 'America/Los_Angeles', window: null } });
    if (journey.status !== 200) throw new Error(`POST /v1/journeys answered ${journey.status}: ${JSON.stringify(journey.body)}`);
    const journeyId = journey.body.id as number;
    const before = { rbm: rbm.sent.length, carrier: carrier.messages.length, capabilities: rbm.capabilityCalls.length };
    const cpuBefore = cpuSeconds(server.process.pid!);

    const t0 = performance.now();
    if (BROADCAST) {
      // The same interaction as a broadcast (POST /v1/messages with its script): what the journey's machinery adds.
      const sent = await api('POST', '/v1/messages', { channelId: setup.rcsId, script: 'offer', targets: [{ targetType: 'humans', tags: 'bench' }] });
      if (sent.status !== 200) throw new Error(`POST /v1/messages answered ${sent.status}: ${JSON.stringify(sent.body)}`);
      const answeredMs = performance.now() - t0;
      let enteredMs = 0;
      for (;;) {
        const progress = (await api('GET', `/v1/messages/batches/${sent.body.batchId}`)).body as { status: string; messages: { failed: number } };
        if (enteredMs === 0 && progress.status !== 'expanding') enteredMs = performance.now() - t0;
        if (progress.messages.failed > 0) throw new Error(`${progress.messages.failed} messages failed`);
        if (progress.status === 'done') break;
        await new Promise((r) => setTimeout(r, 500));
      }
      return measured(answeredMs, enteredMs, performance.now() - t0);
    }
    const posted = await api('POST', `/v1/journeys/${journeyId}/runs`, { audience: { tags: 'bench' } });
    if (posted.status !== 201) throw new Error(`POST /v1/journeys/${journeyId}/runs answered ${posted.status}: ${JSON.stringify(posted.body)}`);
    const answeredMs = performance.now() - t0;
    const runId = posted.body.id as number;
    let enteredMs = 0;
    let report: RunReport;
    let lastChange = performance.now();
    let lastShape = '';
    let lastPrint = 0;
    for (;;) {
      const got = await api('GET', `/v1/journeys/${journeyId}/runs/${runId}`);
      if (got.status !== 200) throw new Error(`GET the run answered ${got.status}: ${JSON.stringify(got.body)}`);
      report = got.body as RunReport;
      const now = performance.now();
      if (enteredMs === 0 && report.status !== 'entering') enteredMs = now - t0;
      const m = report.messages;
      if (m.failed > 0) throw new Error(`${m.failed} messages failed: ${JSON.stringify(report)}`);
      if (PROGRESS && now - lastPrint > 5000) {
        lastPrint = now;
        const [rss, hwm] = statusMb(server.process.pid, 'VmRSS', 'VmHWM').map(Math.round);
        console.log(`${((now - t0) / 1000).toFixed(1).padStart(7)} s  ${report.status}  targeted ${report.targeted}  waiting ${report.waiting}  started ${report.started}  queued ${m.queued}  sent ${m.sent}  `
          + `received ${rbm.sent.length - before.rbm}+${carrier.messages.length - before.carrier}  RSS ${rss} MB (peak ${hwm})`);
      }
      if (report.status === 'cancelled') throw new Error(`the run was cancelled: ${JSON.stringify(report)}`);
      if (report.status === 'done' && m.queued === 0 && m.sent + m.delivered + m.read + m.failed === report.started) break;
      const shape = JSON.stringify(report);
      if (shape !== lastShape) {
        lastShape = shape;
        lastChange = now;
      } else if (now - lastChange > STALL_MS) {
        throw new Error(`the run has not moved for ${STALL_MS / 1000} s: ${shape}`);
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    if (report.started !== HUMANS) throw new Error(`${report.started} of ${HUMANS} humans started: ${JSON.stringify(report)}`);
    return measured(answeredMs, enteredMs, performance.now() - t0);

    /** What the fakes received and the server spent, once every message left. */
    function measured(answeredMs: number, enteredMs: number, doneMs: number) {
      const byRcs = rbm.sent.length - before.rbm;
      const bySms = carrier.messages.length - before.carrier;
      const capabilityChecks = rbm.capabilityCalls.length - before.capabilities;
      const delivered = byRcs + bySms;
      if (delivered !== HUMANS) throw new Error(`the fakes received ${delivered} of ${HUMANS} messages (${byRcs} by RCS, ${bySms} by SMS)`);
      const cpuUsPerMessage = ((cpuSeconds(server.process.pid!) - cpuBefore) * 1e6) / delivered;
      const lastMs = lastReceivedAt - t0;
      return {
        kind, answeredMs, enteredMs, doneMs, lastMs, delivered, byRcs, bySms, capabilityChecks, cpuUsPerMessage, baseline,
        peakRss: statusMb(server.process.pid, 'VmHWM')[0]!,
      };
    }
  } finally {
    await server.stop();
    await store.close();
    if (!process.env.BENCH_KEEP) await db.cleanup();
    else console.log(`kept the ${kind} database: ${JSON.stringify(db.env)}`);
  }
}

const rbm = await FakeRbm.start();
const carrier = await FakeCarrier.start();
watch(rbm.sent, () => { lastReceivedAt = performance.now(); });
watch(carrier.messages, () => { lastReceivedAt = performance.now(); });
for (let i = 0; i < HUMANS; i += 1) if (rcsCapable(i)) rbm.setNumber(phone(i), { kind: 'enabled', features: FEATURES });
try {
  const rows = [];
  for (const kind of KINDS) rows.push(await run(kind, rbm, carrier));
  console.log(`${BROADCAST ? 'a broadcast of the journey\'s interaction' : 'a journey (one text)'} to ${HUMANS} tagged humans subscribed to an RCS channel, half RCS-capable on the fake RBM, half by its SMS fallback through the fake carrier, `
    + `no sending window; baseline: bare capability GETs and sends of as many messages, ${IN_FLIGHT} in flight, same fakes, same run`);
  console.log('db        answer ms  entered s  all sent s  delivered/s  bare posts/s  delivered÷bare  server CPU µs/msg  peak RSS MB  by RCS / by SMS  capability checks');
  for (const r of rows) {
    const perSecond = r.delivered / (r.lastMs / 1000);
    console.log(`${r.kind.padEnd(9)} ${r.answeredMs.toFixed(0).padStart(9)} ${(r.enteredMs / 1000).toFixed(1).padStart(10)} ${(r.doneMs / 1000).toFixed(1).padStart(11)} ${perSecond.toFixed(0).padStart(12)} `
      + `${r.baseline.toFixed(0).padStart(13)} ${(perSecond / r.baseline).toFixed(3).padStart(15)} ${r.cpuUsPerMessage.toFixed(0).padStart(18)} ${r.peakRss.toFixed(0).padStart(12)} `
      + `${`${r.byRcs} / ${r.bySms}`.padStart(16)} ${String(r.capabilityChecks).padStart(18)}`);
  }
} finally {
  await carrier.close();
  await rbm.close();
}
