// The web-chat benches' shared parts: the echo bot, a bare ws echo baseline, a Parley server on a fresh database, and visitors
// that send their messages one after another, each when the previous reply came.
import WebSocket, { WebSocketServer } from 'ws';
import { startChildServer } from '../../test/helpers/child-server.js';
import { SERVER_PROGRAM } from './server-program.js';
import { freshDatabase } from '../../test/helpers/server.js';
import { setUpWebBot } from '../../test/services/conversations/setup-child-bot.js';

export interface Result { name: string; perSecond: number; p50: number; p99: number }

/** BENCH_TAIL=1: each run also prints its slowest 1 % of messages, with when they were sent and which visitor's message they were. */
const TAIL = process.env.BENCH_TAIL === '1';

/** Each client sends its messages one after another, each when the previous one's reply has come. */
export async function drive(name: string, urls: string | string[], hello: boolean, clients: number, perClient: number): Promise<Result> {
  const latencies: number[] = [];
  const timed: { ms: number; at: number; visitor: number; message: number }[] = [];
  const start = performance.now();
  await Promise.all(Array.from({ length: clients }, async (_, c) => {
    // Visitors are spread over the servers in turn, as a load balancer would.
    const list = typeof urls === 'string' ? [urls] : urls;
    const socket = new WebSocket(list[c % list.length]!);
    await new Promise<void>((resolve, reject) => { socket.once('open', () => resolve()); socket.once('error', reject); });
    let waiting: ((text: string) => void) | null = null;
    let refused: ((error: Error) => void) | null = null;
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { type: string; text?: string; description?: string; message?: { direction: string; text: string } };
      // A refused frame (the per-socket frame limit: 60 at once, then 5 a second) would never be answered: stop, and say why.
      if (frame.type === 'error') refused?.(new Error(`${name}: visitor ${c}: ${frame.description ?? 'frame refused'} (keep BENCH_PER_CLIENT under 60)`));
      const text = frame.type === 'message' && frame.message?.direction === 'out' ? frame.message.text : frame.type === 'echo' ? frame.text! : null;
      if (text !== null && waiting !== null) waiting(text);
    });
    if (hello) {
      const welcomed = new Promise<void>((resolve) => socket.once('message', () => resolve()));
      socket.send(JSON.stringify({ type: 'hello', visitor: null }));
      await welcomed;
    }
    for (let m = 0; m < perClient; m++) {
      const text = `c${c}m${m}`;
      const t = performance.now();
      const replied = new Promise<void>((resolve, reject) => { waiting = (reply) => { if (reply.endsWith(text)) resolve(); }; refused = reject; });
      socket.send(JSON.stringify({ type: 'message', id: text, text }));
      await replied;
      latencies.push(performance.now() - t);
      if (TAIL) timed.push({ ms: performance.now() - t, at: t - start, visitor: c, message: m });
    }
    socket.close();
  }));
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!;
  if (TAIL) {
    const slowest = timed.sort((a, b) => b.ms - a.ms).slice(0, Math.max(1, Math.ceil(timed.length / 100)));
    console.log(`${name}: slowest messages (ms, sent at ms, visitor, its message number): ${slowest.map((s) => `${s.ms.toFixed(1)} @${s.at.toFixed(0)} v${s.visitor} #${s.message}`).join('; ')}`);
  }
  return { name, perSecond: latencies.length / seconds, p50: at(0.5), p99: at(0.99) };
}

/** The bot every web-chat bench talks to: it answers each message with its text. */
export const ECHO_BOT = {
  name: 'echo',
  interactions: [{ name: 'echo', intents: ['sys:text'], actions: [{ send: { message: { text: 'You said: {sys:text}' } } }] }],
};

/** The baseline: a bare `ws` server answering each message frame as the echo bot would, with no store and no engine. */
export async function startBareEcho(): Promise<{ url: string; close(): void }> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  server.on('connection', (socket) => socket.on('message', (data) => {
    const frame = JSON.parse(String(data)) as { text: string };
    socket.send(JSON.stringify({ type: 'echo', text: `You said: ${frame.text}` }));
  }));
  const { port } = server.address() as { port: number };
  return { url: `ws://127.0.0.1:${port}`, close: () => server.close() };
}

/** A Parley server on a fresh database with the echo bot on a web channel; `use` gets its chat socket URL and its process id. */
export async function withEchoServer<T>(kind: 'sqlite' | 'postgres', nodeArgs: string[], use: (url: string, pid: number) => Promise<T>): Promise<T> {
  const db = await freshDatabase(kind);
  try {
    const { channelId } = await setUpWebBot(db.env, ECHO_BOT);
    const server = await startChildServer(db.env, nodeArgs, SERVER_PROGRAM);
    try {
      return await use(`${server.url.replace('http', 'ws')}/chat/${channelId}/ws`, server.process.pid!);
    } finally {
      await server.stop();
    }
  } finally {
    await db.cleanup();
  }
}
