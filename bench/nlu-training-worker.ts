// How long training the CLINC150 bot blocks the event loop, inline versus on a worker thread: in process, and end to end through a server's first message.
// Run: npm run bench -- nlu-training-worker   (BENCH_SERVER=0 skips the end-to-end part; CLINC150_DIR points at the data set)
//
// In process: trains the 15,000-expression bot inline, then through a TrainingWorkerPool, with
// monitorEventLoopDelay running; prints wall and CPU time of training, the worker's training time,
// the main thread's restore time, the size of the transferred arrays and the event loop's longest stall.
// End to end: a Parley server in a child process (`node dist/main.js` after compiling, as `npm start`)
// training on its event loop (NLU_TRAINING_WORKERS=0), then on a worker (the default), then restarted
// on the same database (the model restored from the store); a web-chat visitor sends the first
// message to the CLINC150 bot while this process asks GET /health every 20 ms; prints the time to
// the reply and the /health latencies meanwhile (the server answers nothing while its loop is blocked).
import { spawn } from 'node:child_process';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import WebSocket from 'ws';
import { loadConfig } from '../src/config.js';
import { nluDefinitionFrom, recognizerTransferList, restoreRecognizer, serializeRecognizer, trainRecognizer } from '../src/engine/nlu/index.js';
import { decodeRecognizer, encodeRecognizer } from '../src/engine/nlu/serialize-bytes.js';
import { createServices } from '../src/services/index.js';
import { TrainingWorkerPool } from '../src/services/conversations/training-worker-pool.js';
import { openMigratedStore } from '../src/store/db.js';
import { compiledOnce } from '../test/helpers/child-server.js';
import { SERVER_PROGRAM } from './support/server-program.js';

const DATA = process.env.CLINC150_DIR ?? path.join(import.meta.dirname, '../../shared/datasets/clinc150');
const ROOT = path.join(import.meta.dirname, '..');
const raw = JSON.parse(readFileSync(path.join(DATA, 'bot.json'), 'utf8')) as { name: string; interactions: { name: string; intents: unknown[] }[] };
const definition = nluDefinitionFrom(raw);

const ms = (n: number) => `${n.toFixed(0)} ms`;

/** Runs `work` with the event loop's delay monitored (10 ms resolution); the longest stall is what a request arriving then waits. */
async function watched<T>(work: () => Promise<T> | T): Promise<{ result: T; wallMs: number; cpuMs: number; maxStallMs: number }> {
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  // Let the histogram take a first sample, so a stall at the very start is seen.
  await new Promise((r) => setTimeout(r, 30));
  const start = performance.now();
  const cpu = process.cpuUsage();
  const result = await work();
  const used = process.cpuUsage(cpu);
  const wallMs = performance.now() - start;
  await new Promise((r) => setTimeout(r, 30));
  h.disable();
  return { result, wallMs, cpuMs: (used.user + used.system) / 1000, maxStallMs: h.max / 1e6 };
}

async function inProcess(): Promise<void> {
  console.log('in process, CLINC150 (151 interactions, 15,000+ expressions)');
  // What a busy machine alone does to the measure: the process waiting for a CPU shows up as a stall too.
  const idle = await watched(() => new Promise((r) => setTimeout(r, 3000)));
  console.log(`  idle baseline (3 s of nothing): longest event-loop stall ${ms(idle.maxStallMs)}`);
  const inline = await watched(() => trainRecognizer(definition));
  console.log(`  inline:  wall ${ms(inline.wallMs)}, CPU of this thread ${ms(inline.cpuMs)}, longest event-loop stall ${ms(inline.maxStallMs)}`);
  const data = serializeRecognizer(inline.result);
  const bytes = recognizerTransferList(data).reduce((n, b) => n + b.byteLength, 0);
  console.log(`  serialized: ${(bytes / 1e6).toFixed(1)} MB of typed arrays (transferred, not copied), ${data.exact.keys.length} exact and ${data.normalized.keys.length} normalized keys`);
  // What a restart does with a stored model (NLU_STORE_MODELS): the bytes read from the store, decoded and restored.
  const encoded = encodeRecognizer(data);
  const stored = await watched(() => restoreRecognizer(decodeRecognizer(encoded), definition));
  console.log(`  stored model: ${(encoded.byteLength / 1e6).toFixed(1)} MB; decode and restore ${ms(stored.wallMs)} (CPU ${ms(stored.cpuMs)}), longest event-loop stall ${ms(stored.maxStallMs)}`);
  const pool = new TrainingWorkerPool({ size: 1 });
  try {
    for (const label of ['worker (cold: thread start)', 'worker (warm)']) {
      const w = await watched(() => pool.train(definition));
      const t = w.result;
      console.log(
        `  ${label}: wall ${ms(w.wallMs)} (training in the worker ${ms(t.trainMs)}, restore on this thread ${ms(t.restoreMs)}), ` +
          `CPU of the process (both threads) ${ms(w.cpuMs)}, longest event-loop stall ${ms(w.maxStallMs)}`,
      );
    }
  } finally {
    await pool.close();
  }
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The CLINC150 bot with a reply per interaction, so a message's answer shows that it was recognized. */
function replyingBot(): unknown {
  return { ...raw, interactions: raw.interactions.map((i) => ({ ...i, actions: [{ send: { message: { text: i.name } } }] })) };
}

/** A fresh SQLite database holding the CLINC150 bot and a web-chat channel to it. */
async function prepare(): Promise<{ dataDir: string; channelId: number }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const store = await openMigratedStore(config.database);
  const services = createServices(config, store);
  const account = await services.accounts.create('bench@example.com', 'correct horse battery');
  const bot = await services.bots.create(account.id, replyingBot());
  const channel = await services.channels.create(account.id, { channelType: 'web', botId: bot.id, name: 'site', description: 'chat' });
  await services.webChat.close();
  await store.close();
  return { dataDir, channelId: channel.id };
}

/** Starts a server on the database, sends the first message, measures, stops the server. */
async function firstMessage(label: string, dataDir: string, channelId: number, settings: Record<string, string>): Promise<void> {
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...settings };
  const channel = { id: channelId };
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const program = SERVER_PROGRAM === 'compiled' ? ['dist/main.js'] : ['--import', 'tsx', 'src/main.ts'];
  if (SERVER_PROGRAM === 'compiled') await compiledOnce();
  const child = spawn(process.execPath, program, { cwd: ROOT, env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: 'inherit' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    for (let i = 0; ; i++) {
      if (i > 600) throw new Error('the server did not start in 60 s');
      if (await fetch(`${url}/health`).then((r) => r.ok, () => false)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const socket = new WebSocket(`ws://127.0.0.1:${port}/chat/${channel.id}/ws`);
    await new Promise<void>((resolve, reject) => { socket.once('open', () => resolve()); socket.once('error', reject); });
    const replied = new Promise<string>((resolve) => {
      socket.on('message', (frame) => {
        const f = JSON.parse(String(frame)) as { type: string; message?: { direction: string; content?: { text?: string }; text?: string } };
        if (f.type === 'message' && f.message?.direction === 'out') resolve(JSON.stringify(f.message));
      });
    });
    const latencies: number[] = [];
    let probing = true;
    const prober = (async () => {
      while (probing) {
        const t = performance.now();
        await fetch(`${url}/health`).then((r) => r.text());
        latencies.push(performance.now() - t);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    await new Promise((r) => setTimeout(r, 200));
    const sent = performance.now();
    socket.send(JSON.stringify({ type: 'hello', visitor: null }));
    socket.send(JSON.stringify({ type: 'message', id: 'first', text: 'what is my credit score' }));
    const reply = await replied;
    const replyMs = performance.now() - sent;
    await new Promise((r) => setTimeout(r, 200));
    probing = false;
    await prober;
    socket.terminate();
    latencies.sort((a, b) => a - b);
    const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
    console.log(
      `  ${label}: first reply after ${ms(replyMs)} (${/credit_score/.test(reply) ? 'credit_score' : reply.slice(0, 60)}); ` +
        `GET /health meanwhile: ${latencies.length} answered, p50 ${p(0.5).toFixed(1)} ms, p99 ${p(0.99).toFixed(1)} ms, max ${ms(latencies[latencies.length - 1]!)}`,
    );
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

await inProcess();
if (process.env.BENCH_SERVER !== '0') {
  console.log('end to end: first web-chat message to the CLINC150 bot after a start, GET /health every 20 ms meanwhile');
  const before = await prepare();
  await firstMessage('trained on the event loop (NLU_TRAINING_WORKERS=0, NLU_STORE_MODELS=false)', before.dataDir, before.channelId, { NLU_TRAINING_WORKERS: '0', NLU_STORE_MODELS: 'false' });
  const after = await prepare();
  await firstMessage('trained on a worker (default) and stored', after.dataDir, after.channelId, {});
  await firstMessage('after a restart: restored from the store', after.dataDir, after.channelId, {});
  for (const dir of [before.dataDir, after.dataDir]) rmSync(dir, { recursive: true, force: true });
}
