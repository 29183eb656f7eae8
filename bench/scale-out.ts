// Web-chat throughput of N = 1, 2 and 3 server processes sharing one PostgreSQL database, visitors spread over them in turn.
// Run: npm run bench -- scale-out   (BENCH_PROCESSES=1,2,3, BENCH_CLIENTS, BENCH_PER_CLIENT to change the load)
import { startChildServer, type ChildServer } from '../test/helpers/child-server.js';
import { freshDatabase } from '../test/helpers/server.js';
import { setUpWebBot } from '../test/services/conversations/setup-child-bot.js';
import { SERVER_PROGRAM } from './support/server-program.js';
import { drive, ECHO_BOT, type Result } from './support/webchat-drive.js';

const PROCESSES = (process.env.BENCH_PROCESSES ?? '1,2,3').split(',').map(Number);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 30);
// Under the web chat's burst of 60 frames a socket, so no visitor is told to slow down.
const PER_CLIENT = Number(process.env.BENCH_PER_CLIENT ?? 40);

async function measure(n: number): Promise<Result> {
  const db = await freshDatabase('postgres');
  const servers: ChildServer[] = [];
  try {
    const { channelId } = await setUpWebBot(db.env, ECHO_BOT);
    // One after another: the first applies the migrations, the others find them applied.
    for (let i = 0; i < n; i++) servers.push(await startChildServer(db.env, [], SERVER_PROGRAM));
    const urls = servers.map((s) => `${s.url.replace('http', 'ws')}/chat/${channelId}/ws`);
    await drive('warm-up', urls, true, CLIENTS, PER_CLIENT);
    return await drive(`N = ${n}`, urls, true, CLIENTS, PER_CLIENT);
  } finally {
    for (const s of servers) await s.stop();
    await db.cleanup();
  }
}

const rows: Result[] = [];
for (const n of PROCESSES) rows.push(await measure(n));
console.log(`PostgreSQL, ${CLIENTS} visitors × ${PER_CLIENT} messages spread over N processes, each sent when the previous reply came`);
console.log('processes   msg/s   p50 ms   p99 ms   ratio to N = first');
for (const r of rows) {
  console.log(`${r.name.padEnd(9)} ${r.perSecond.toFixed(0).padStart(7)} ${r.p50.toFixed(2).padStart(8)} ${r.p99.toFixed(2).padStart(8)}   ${(r.perSecond / rows[0]!.perSecond).toFixed(2)}`);
}
