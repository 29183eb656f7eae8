// N = 1, 2 and 3 server processes sharing one PostgreSQL database: web-chat visitors spread over them in turn, then a
// broadcast sent through the first, whose conversations every process takes from the store.
// Run: npm run bench -- scale-out   (BENCH_PROCESSES=1,2,3, BENCH_CLIENTS, BENCH_PER_CLIENT to change the web-chat load,
// BENCH_HUMANS for the broadcast's audience, 0 for none; BENCH_CARRIER_MS for the carrier's round trip, 0 by default)
import { loadConfig } from '../src/config.js';
import { openMigratedStore } from '../src/store/db.js';
import { FakeCarrier } from '../test/fakes/carrier.js';
import { startChildServer, type ChildServer } from '../test/helpers/child-server.js';
import { freshDatabase } from '../test/helpers/server.js';
import { setUpWebBot } from '../test/services/conversations/setup-child-bot.js';
import { seedAudience, sendBroadcast, shortCodeChannel } from './support/broadcast-audience.js';
import { cpuSeconds, postgresCpuSeconds } from './support/process-cpu.js';
import { SERVER_PROGRAM } from './support/server-program.js';
import { drive, ECHO_BOT, type Result } from './support/webchat-drive.js';

const PROCESSES = (process.env.BENCH_PROCESSES ?? '1,2,3').split(',').map(Number);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 30);
// Under the web chat's burst of 60 frames a socket, so no visitor is told to slow down.
const PER_CLIENT = Number(process.env.BENCH_PER_CLIENT ?? 40);
const HUMANS = Number(process.env.BENCH_HUMANS ?? 20_000);
/** How long the fake carrier takes to answer each send; a real one's round trip is tens to hundreds of milliseconds. */
const CARRIER_MS = Number(process.env.BENCH_CARRIER_MS ?? 0);

/** CPU of all the server processes, and of PostgreSQL's, per message: what a second process adds, on any number of cores. */
interface Cost { serverUs: number; databaseUs: number }

interface Measured {
  chat: Result;
  chatCost: Cost;
  /** Messages the carrier took a second, from the broadcast's POST to its last message; null without a broadcast. */
  delivered: number | null;
  broadcastCost: Cost | null;
}

/** Runs `work`, and divides the CPU the servers and PostgreSQL used meanwhile by the messages it reports. */
async function costed<T>(servers: ChildServer[], work: () => Promise<T>, messages: (result: T) => number): Promise<{ result: T; cost: Cost }> {
  const serverCpu = () => servers.reduce((sum, s) => sum + cpuSeconds(s.process.pid!), 0);
  const [server, database] = [serverCpu(), postgresCpuSeconds()];
  const result = await work();
  const n = messages(result);
  return { result, cost: { serverUs: ((serverCpu() - server) * 1e6) / n, databaseUs: ((postgresCpuSeconds() - database) * 1e6) / n } };
}

async function measure(n: number, carrier: FakeCarrier): Promise<Measured> {
  const db = await freshDatabase('postgres');
  // The fake carrier has no sending limit: the bench measures Parley, not a short code's 100 messages a second. Each
  // process has the default pool of ten connections (the tests' databases give four).
  const env = { ...db.env, DATABASE_POOL_MAX: '10', SMS_ALLOW_HOSTS: '127.0.0.1', DELIVERY_RATES: 'dlc=0,tfn=0,dsc=0,fb=0' };
  const servers: ChildServer[] = [];
  try {
    const { channelId } = await setUpWebBot(env, ECHO_BOT);
    const store = await openMigratedStore(loadConfig({ ...env, LOG_LEVEL: 'silent' }).database);
    const broadcast = HUMANS > 0 ? await shortCodeChannel({ ...env, LOG_LEVEL: 'silent' }, store, carrier, `scale-out-${n}@example.com`) : null;
    if (broadcast !== null) await seedAudience(store, broadcast.accountId, broadcast.channelId, HUMANS);
    await store.close();
    // One after another: the first applies the migrations, the others find them applied.
    for (let i = 0; i < n; i++) servers.push(await startChildServer(env, [], SERVER_PROGRAM));
    const urls = servers.map((s) => `${s.url.replace('http', 'ws')}/chat/${channelId}/ws`);
    await drive('warm-up', urls, true, CLIENTS, PER_CLIENT);
    const { result: chat, cost: chatCost } = await costed(servers, () => drive(`N = ${n}`, urls, true, CLIENTS, PER_CLIENT), () => CLIENTS * PER_CLIENT);
    if (broadcast === null) return { chat, chatCost, delivered: null, broadcastCost: null };
    const before = carrier.messages.length;
    const { result: times, cost: broadcastCost } = await costed(servers, () => sendBroadcast(servers[0]!.url, broadcast.token, broadcast.channelId), () => carrier.messages.length - before);
    return { chat, chatCost, delivered: (carrier.messages.length - before) / (times.doneMs / 1000), broadcastCost };
  } finally {
    for (const s of servers) await s.stop();
    await db.cleanup();
  }
}

const carrier = await FakeCarrier.start();
carrier.answerDelayMs = CARRIER_MS;
const rows: Measured[] = [];
try {
  for (const n of PROCESSES) rows.push(await measure(n, carrier));
} finally {
  await carrier.close();
}
const first = rows[0]!;
console.log(`PostgreSQL, N processes: ${CLIENTS} web-chat visitors × ${PER_CLIENT} messages spread over them, each sent when the previous reply came;`
  + (HUMANS > 0 ? ` then a broadcast to ${HUMANS} humans sent through the first process, through the fake carrier (answering each send after ${CARRIER_MS} ms)` : ''));
console.log('CPU µs per message: all the server processes together / PostgreSQL\'s processes');
console.log('processes   chat msg/s   p50 ms   p99 ms   ratio to first   CPU µs/msg    broadcast delivered/s   ratio to first   CPU µs/msg');
const cpu = (c: Cost) => `${c.serverUs.toFixed(0)} / ${c.databaseUs.toFixed(0)}`.padStart(12);
for (const { chat, chatCost, delivered, broadcastCost } of rows) {
  const broadcast = delivered === null || broadcastCost === null ? '-'.padStart(23)
    : `${delivered.toFixed(0).padStart(23)}   ${(delivered / first.delivered!).toFixed(2).padStart(14)}   ${cpu(broadcastCost)}`;
  console.log(`${chat.name.padEnd(9)} ${chat.perSecond.toFixed(0).padStart(12)} ${chat.p50.toFixed(2).padStart(8)} ${chat.p99.toFixed(2).padStart(8)}   ${(chat.perSecond / first.chat.perSecond).toFixed(2).padStart(14)}   ${cpu(chatCost)}    ${broadcast}`);
}
