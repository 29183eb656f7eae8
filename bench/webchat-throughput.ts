// Inbound web-chat messages per second through HTTP/WebSocket, store and engine (echo bot), on SQLite and PostgreSQL,
// with send→reply latency p50/p99, beside a bare WebSocket echo server measured in the same run.
// Run: npm run bench -- webchat-throughput   (BENCH_CLIENTS, BENCH_PER_CLIENT to change the load; BENCH_DATABASES=sqlite or
// postgres for one; BENCH_CPU_PROF_DIR=dir writes a CPU profile of each server process there)
import { WebSocketServer } from 'ws';
import { drive, type Result } from './support/webchat-drive.js';
import { startChildServer } from '../test/helpers/child-server.js';
import { freshDatabase } from '../test/helpers/server.js';
import { setUpWebBot } from '../test/services/conversations/setup-child-bot.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const PER_CLIENT = Number(process.env.BENCH_PER_CLIENT ?? 50);
const DATABASES = (process.env.BENCH_DATABASES?.split(',') ?? ['sqlite', 'postgres']) as ('sqlite' | 'postgres')[];
const PROFILE = process.env.BENCH_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`] : [];

const echo = { name: 'echo', interactions: [{ name: 'echo', intents: ['sys:text'], actions: [{ send: { message: { text: 'You said: {sys:text}' } } }] }] };

async function bare(): Promise<Result> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  server.on('connection', (socket) => socket.on('message', (data) => {
    const frame = JSON.parse(String(data)) as { text: string };
    socket.send(JSON.stringify({ type: 'echo', text: `You said: ${frame.text}` }));
  }));
  const { port } = server.address() as { port: number };
  const result = await drive('bare ws echo', `ws://127.0.0.1:${port}`, false, CLIENTS, PER_CLIENT);
  server.close();
  return result;
}

async function parley(kind: 'sqlite' | 'postgres'): Promise<Result> {
  const db = await freshDatabase(kind);
  try {
    const { channelId } = await setUpWebBot(db.env, echo);
    const server = await startChildServer(db.env, PROFILE);
    try {
      // A first pass warms the program cache and the JIT; the second is measured.
      await drive('warm-up', `${server.url.replace('http', 'ws')}/chat/${channelId}/ws`, true, CLIENTS, PER_CLIENT);
      return await drive(`parley ${kind}`, `${server.url.replace('http', 'ws')}/chat/${channelId}/ws`, true, CLIENTS, PER_CLIENT);
    } finally {
      await server.stop();
    }
  } finally {
    await db.cleanup();
  }
}

const rows = [await bare()];
for (const kind of DATABASES) rows.push(await parley(kind));
console.log(`${CLIENTS} visitors × ${PER_CLIENT} messages, each sent when the previous reply came`);
console.log('target           msg/s   p50 ms   p99 ms   ratio to bare ws echo');
for (const r of rows) {
  console.log(`${r.name.padEnd(15)} ${r.perSecond.toFixed(0).padStart(6)} ${r.p50.toFixed(2).padStart(8)} ${r.p99.toFixed(2).padStart(8)}   ${(r.perSecond / rows[0]!.perSecond).toFixed(3)}`);
}
