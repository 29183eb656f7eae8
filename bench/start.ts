// Time from `node dist/main.js` to serving, against bare Fastify's `node` to listening, measured in turn in one run.
// A restart after a crash answers nobody until the process serves: this is that time, on SQLite and PostgreSQL.
// Run: npm run bench -- start   (BENCH_RUNS=9 starts of each; BENCH_DATABASES=sqlite to skip PostgreSQL)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compileIfStale } from '../scripts/compile.mjs';
import { freshDatabase } from '../test/helpers/server.js';

const ROOT = path.join(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',') as ('sqlite' | 'postgres')[];

/** The baseline: Node loading Fastify and listening, nothing else. */
const BARE = `import('fastify').then(async ({ default: Fastify }) => {
  const app = Fastify({ logger: false });
  app.get('/', async () => 'ok');
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.log('serving');
})`;

/** Milliseconds from spawning `args` until a line of its output matches `ready`; the process is then killed. */
function timeToReady(args: string[], env: Record<string, string>, ready: RegExp): Promise<{ ms: number; rssMb: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  return new Promise((resolve, reject) => {
    const seen = (chunk: Buffer) => {
      out += chunk.toString();
      if (!ready.test(out)) return;
      const ms = performance.now() - started;
      const rssMb = rssOf(child.pid!);
      child.removeAllListeners('exit');
      child.once('exit', () => resolve({ ms, rssMb }));
      child.kill('SIGKILL');
    };
    child.stdout.on('data', seen);
    child.stderr.on('data', seen);
    child.once('exit', (code) => reject(new Error(`exited with ${code} before it served:\n${out}`)));
  });
}

function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const compiled = await compileIfStale();
console.log(`dist/ ${compiled ? 'compiled' : 'up to date'}; ${RUNS} starts of each, in turn; ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)}`);
for (const kind of DATABASES) {
  const db = await freshDatabase(kind);
  const env = { ...db.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...(kind === 'sqlite' ? { DATABASE_URL: '' } : {}) };
  // The first start migrates the database; the runs measure restarts on it.
  await timeToReady(['dist/main.js'], env, /Parley is serving/);
  const bare: number[] = [];
  const parley: number[] = [];
  const rss: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    bare.push((await timeToReady(['--input-type=module', '-e', BARE], {}, /serving/)).ms);
    const run = await timeToReady(['dist/main.js'], env, /Parley is serving/);
    parley.push(run.ms);
    rss.push(run.rssMb);
  }
  await db.cleanup();
  const p = median(parley);
  const b = median(bare);
  console.log(`${kind}: Parley serves after ${p.toFixed(0)} ms (min ${Math.min(...parley).toFixed(0)}, max ${Math.max(...parley).toFixed(0)}), `
    + `bare Fastify listens after ${b.toFixed(0)} ms: ratio ${(p / b).toFixed(2)}; Parley's resident memory then ${median(rss).toFixed(0)} MB`);
}
