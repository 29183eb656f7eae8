// Web chat, open loop: visitors send at a fixed offered rate whatever the replies do (as real visitors would), and the
// latency of each reply is measured from its send; bare ws echo, Parley on SQLite and on PostgreSQL in the same run.
// Run: npm run bench -- webchat-open-loop   (BENCH_RATE msg/s offered, BENCH_VISITORS, BENCH_SECONDS, BENCH_DATABASES)
import WebSocket from 'ws';
import { startBareEcho, withEchoServer } from './support/webchat-drive.js';

const RATE = Number(process.env.BENCH_RATE ?? 1000);
const VISITORS = Number(process.env.BENCH_VISITORS ?? 300);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const DATABASES = (process.env.BENCH_DATABASES?.split(',') ?? ['sqlite', 'postgres']) as ('sqlite' | 'postgres')[];
/** Replies still missing this long after the last send count as lost for the report. */
const GRACE_MS = 5000;

interface Result { name: string; offered: number; answered: number; missing: number; perSecond: number; p50: number; p99: number; max: number }

async function openSocket(url: string, hello: boolean, onReply: (text: string) => void): Promise<WebSocket> {
  const socket = new WebSocket(url);
  await new Promise<void>((resolve, reject) => { socket.once('open', () => resolve()); socket.once('error', reject); });
  socket.on('message', (data) => {
    const frame = JSON.parse(String(data)) as { type: string; text?: string; message?: { direction: string; text: string } };
    if (frame.type === 'message' && frame.message?.direction === 'out') onReply(frame.message.text);
    else if (frame.type === 'echo') onReply(frame.text!);
  });
  if (hello) {
    const welcomed = new Promise<void>((resolve) => socket.once('message', () => resolve()));
    socket.send(JSON.stringify({ type: 'hello', visitor: null }));
    await welcomed;
  }
  return socket;
}

async function offer(name: string, url: string, hello: boolean): Promise<Result> {
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const onReply = (text: string) => {
    const id = text.slice(text.lastIndexOf(' ') + 1);
    const t = sentAt.get(id);
    if (t === undefined) return;
    sentAt.delete(id);
    latencies.push(performance.now() - t);
  };
  const sockets = [];
  for (let v = 0; v < VISITORS; v++) sockets.push(await openSocket(url, hello, onReply));
  // One message answered before the clock starts: the server trains the bot's recognizer on the first message after it
  // starts (about a second here), which would otherwise be the p99 of every run (docs/performance.md).
  sentAt.set('warmup', performance.now());
  sockets[0]!.send(JSON.stringify({ type: 'message', id: 'warmup', text: 'warmup' }));
  while (sentAt.has('warmup')) await new Promise((resolve) => setTimeout(resolve, 10));
  latencies.length = 0;
  // Each visitor sends every VISITORS/RATE seconds, the visitors staggered evenly: RATE messages a second in all.
  const total = RATE * SECONDS;
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const id = `v${i % VISITORS}m${Math.floor(i / VISITORS)}`;
    sentAt.set(id, performance.now());
    sockets[i % VISITORS]!.send(JSON.stringify({ type: 'message', id, text: id }));
  }
  const sendSeconds = (performance.now() - start) / 1000;
  const deadline = performance.now() + GRACE_MS;
  while (sentAt.size > 0 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  const seconds = (performance.now() - start) / 1000;
  for (const s of sockets) s.close();
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? NaN;
  return {
    name, offered: total / sendSeconds, answered: latencies.length, missing: sentAt.size,
    perSecond: latencies.length / seconds, p50: at(0.5), p99: at(0.99), max: latencies.at(-1) ?? NaN,
  };
}

async function bare(): Promise<Result> {
  const echo = await startBareEcho();
  try {
    return await offer('bare ws echo', echo.url, false);
  } finally {
    echo.close();
  }
}

async function parley(kind: 'sqlite' | 'postgres'): Promise<Result> {
  return withEchoServer(kind, [], (url) => offer(`parley ${kind}`, url, true));
}

const rows = [await bare()];
for (const kind of DATABASES) rows.push(await parley(kind));
console.log(`${VISITORS} visitors offering ${RATE} msg/s for ${SECONDS} s in all, each reply timed from its message's send`);
console.log('target           offered  answered  missing   msg/s   p50 ms   p99 ms   max ms');
for (const r of rows) {
  console.log(`${r.name.padEnd(15)} ${r.offered.toFixed(0).padStart(8)} ${String(r.answered).padStart(9)} ${String(r.missing).padStart(8)} ${r.perSecond.toFixed(0).padStart(7)} ${r.p50.toFixed(2).padStart(8)} ${r.p99.toFixed(2).padStart(8)} ${r.max.toFixed(0).padStart(8)}`);
}
