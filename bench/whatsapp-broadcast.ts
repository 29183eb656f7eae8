// A WhatsApp template broadcast to 10,000 tagged humans through a server process and the fake Cloud API, on SQLite and
// PostgreSQL, against bare POSTs of the same 10,000 template messages to the same fake in the same run (the baseline: what
// the fake takes from a client doing nothing else, with as many requests in flight as Parley delivers conversations at once).
// Run: npm run bench -- whatsapp-broadcast   (BENCH_HUMANS to change the audience, BENCH_DATABASES=sqlite or postgres for one,
// BENCH_CPU_PROF_DIR=dir for a CPU profile of the server, BENCH_PROVIDER_MS for the Cloud API's round trip, 0 by default)
import { Pool } from 'undici';
import { loadConfig } from '../src/config.js';
import { createServices } from '../src/services/index.js';
import { openMigratedStore } from '../src/store/db.js';
import { FakeWhatsApp, type FakeNumber } from '../test/fakes/whatsapp.js';
import { startChildServer } from '../test/helpers/child-server.js';
import { freshDatabase } from '../test/helpers/server.js';
import { seedAudience, sendBroadcast } from './support/broadcast-audience.js';
import { cpuSeconds } from './support/process-cpu.js';
import { SERVER_PROGRAM } from './support/server-program.js';

const HUMANS = Number(process.env.BENCH_HUMANS ?? 10_000);
const KINDS = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',').map((k) => k.trim()).filter((k): k is 'sqlite' | 'postgres' => k === 'sqlite' || k === 'postgres');
/** Conversations a server process delivers at once (CONVERSATION_CONCURRENCY's default): the baseline keeps as many POSTs in flight. */
const IN_FLIGHT = 32;
/** The fake's answer time for a send, as Meta's round trip would be (both the baseline and Parley wait it). */
const PROVIDER_MS = Number(process.env.BENCH_PROVIDER_MS ?? 0);
/** BENCH_CPU_PROF_DIR=dir writes a CPU profile of each server process there. */
const PROFILE = process.env.BENCH_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`] : [];
const TEMPLATE = { name: 'weekly_offer', language: 'en_US', variables: ['{sys:firstName}'] };

function templateBody(i: number): string {
  return JSON.stringify({
    messaging_product: 'whatsapp', recipient_type: 'individual', to: `1415${String(1_000_000 + i).padStart(7, '0')}`, type: 'template',
    template: { name: TEMPLATE.name, language: { code: TEMPLATE.language }, components: [{ type: 'body', parameters: [{ type: 'text', text: `H${i}` }] }] },
  });
}

/** The baseline: HUMANS template messages POSTed straight to the fake, IN_FLIGHT at a time. */
async function barePosts(fake: FakeWhatsApp, number: FakeNumber): Promise<number> {
  const pool = new Pool(fake.url, { connections: IN_FLIGHT });
  const path = `/${fake.version}/${number.phoneNumberId}/messages`;
  let next = 0;
  const t = performance.now();
  await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
    for (let i = next++; i < HUMANS; i = next++) {
      const res = await pool.request({ method: 'POST', path, body: templateBody(i), headers: { 'content-type': 'application/json', authorization: `Bearer ${number.accessToken}` } });
      await res.body.text();
      if (res.statusCode !== 200) throw new Error(`the fake answered ${res.statusCode}`);
    }
  }));
  const perSecond = HUMANS / ((performance.now() - t) / 1000);
  await pool.close();
  return perSecond;
}

async function run(kind: 'sqlite' | 'postgres', fake: FakeWhatsApp, number: FakeNumber) {
  const db = await freshDatabase(kind);
  // The fake has no throughput limit: the bench measures Parley, not Meta's 80 messages a second.
  const env = { ...db.env, DATABASE_POOL_MAX: '10', LOG_LEVEL: 'silent', DELIVERY_RATES: 'wha=0', WHATSAPP_API_URL: fake.url, WHATSAPP_API_VERSION: fake.version };
  const store = await openMigratedStore(loadConfig(env).database);
  const services = createServices(loadConfig(env), store);
  let setup: { accountId: number; token: string; channelId: number };
  try {
    const account = await services.accounts.create(`bench-wha-${kind}@example.com`, 'correct horse battery');
    const token = (await services.tokens.create(account.id, 'bench')).token;
    const bot = await services.bots.create(account.id, { name: 'offers', interactions: [{ name: 'other', intents: ['sys:text'], actions: [{ send: { message: { text: 'ok' } } }] }] });
    const channel = await services.channels.create(account.id, {
      channelType: 'wha', botId: bot.id, name: 'offers', description: 'bench', user: number.phoneNumberId,
      token: JSON.stringify({ accessToken: number.accessToken, appSecret: number.appSecret, businessAccountId: number.businessAccountId, markAsRead: false }),
    });
    setup = { accountId: account.id, token, channelId: channel.id };
  } finally {
    await services.webChat.close();
  }
  await seedAudience(store, setup.accountId, setup.channelId, HUMANS);
  const baseline = await barePosts(fake, number);
  const server = await startChildServer(env, PROFILE, SERVER_PROGRAM);
  try {
    const before = fake.accepted.length;
    const cpuBefore = cpuSeconds(server.process.pid!);
    const times = await sendBroadcast(server.url, setup.token, setup.channelId, undefined, { template: TEMPLATE });
    const delivered = fake.accepted.length - before;
    if (delivered !== HUMANS) throw new Error(`the fake accepted ${delivered} of ${HUMANS}`);
    const cpuUsPerMessage = ((cpuSeconds(server.process.pid!) - cpuBefore) * 1e6) / delivered;
    return { kind, ...times, delivered, cpuUsPerMessage, baseline };
  } finally {
    await server.stop();
    await store.close();
    await db.cleanup();
  }
}

const fake = await FakeWhatsApp.start();
fake.answerDelayMs = PROVIDER_MS;
const number = fake.number();
fake.template(number, { name: TEMPLATE.name, body: 'Hi {{1}}, this week only: pasta.' });
try {
  const rows = [];
  for (const kind of KINDS) rows.push(await run(kind, fake, number));
  console.log(`a WhatsApp template to ${HUMANS} tagged, subscribed humans, through the fake Cloud API answering in ${PROVIDER_MS} ms; baseline: bare POSTs of as many templates, ${IN_FLIGHT} in flight, same fake, same run`);
  console.log('db        all queued s  all sent s  delivered/s  bare posts/s  delivered÷bare  server CPU µs/msg');
  for (const r of rows) {
    const perSecond = r.delivered / (r.doneMs / 1000);
    console.log(`${r.kind.padEnd(9)} ${(r.queuedMs / 1000).toFixed(1).padStart(12)} ${(r.doneMs / 1000).toFixed(1).padStart(11)} ${perSecond.toFixed(0).padStart(12)} ${r.baseline.toFixed(0).padStart(13)} ${(perSecond / r.baseline).toFixed(3).padStart(15)} ${r.cpuUsPerMessage.toFixed(0).padStart(18)}`);
  }
} finally {
  await fake.close();
}
