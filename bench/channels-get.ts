// GET /v1/channels/{id} through Parley (auth + store) on SQLite and PostgreSQL, beside bare Fastify serving the same JSON from memory.
// Run: npm run bench -- channels-get   (BENCH_ROUNDS, BENCH_DURATION seconds per target and round, BENCH_CONNECTIONS; PostgreSQL at TEST_DATABASE_URL;
// the server compiled into dist/ as `npm start` runs it, BENCH_PROGRAM=source for src/ through tsx)
import { fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { compiledOnce } from '../test/helpers/child-server.js';
import { SERVER_PROGRAM } from './support/server-program.js';
import type { TargetReady } from './support/target.js';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Each round measures every target once, in turn: on a shared machine, load that comes and goes then hits all of them alike. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const MODES = ['fastify', 'floor-sqlite', 'sqlite', 'floor-postgres', 'postgres'];

interface Target { mode: string; ready: TargetReady; stop(): Promise<void> }
interface Sample { rps: number; p50: number; p99: number }

async function start(mode: string): Promise<Target> {
  const child = fork(path.join(import.meta.dirname, 'support/target.ts'), [mode], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const ready = await new Promise<TargetReady>((resolve, reject) => {
    child.once('message', (m) => resolve(m as TargetReady));
    child.once('exit', (code) => reject(new Error(`${mode} target exited with ${code}`)));
  });
  return {
    mode, ready,
    // A PostgreSQL target drops its schema on the way out; wait for it.
    stop: async () => { child.disconnect(); await new Promise((resolve) => child.once('exit', resolve)); },
  };
}

async function load(target: Target, seconds: number): Promise<Sample> {
  const { url, path: route, headers } = target.ready;
  const result = await autocannon({ url: url + route, headers, connections: CONNECTIONS, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${target.mode}: ${result.non2xx} non-2xx and ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] as number : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

const targets: Target[] = [];
if (SERVER_PROGRAM === 'compiled') await compiledOnce();
try {
  for (const mode of MODES) targets.push(await start(mode));
  for (const t of targets) await load(t, 2); // warm-up: JIT, statement caches, connection pools
  const samples = new Map<string, Sample[]>(MODES.map((m) => [m, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const t of targets) samples.get(t.mode)?.push(await load(t, DURATION_S));
  }
  const bare = samples.get('fastify') ?? [];
  console.log(`GET /v1/channels/{id}, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_S} s per target, Node ${process.version}, ${os.cpus().length} CPUs`);
  console.log('fastify: bare Fastify, the JSON from memory; floor-*: bare Fastify reading the token row and the channel row');
  console.log('straight through the driver; sqlite/postgres: Parley (rate limit, token auth with revocation, store, schema)');
  console.log('ratio: median over rounds of (target req/s / bare Fastify req/s in the same round)');
  console.log('target          median req/s  p50 ms  p99 ms   ratio   req/s per round  (p50/p99: medians over rounds)');
  for (const mode of MODES) {
    const runs = samples.get(mode) ?? [];
    const ratio = median(runs.map((r, i) => r.rps / (bare[i]?.rps ?? Number.NaN)));
    const [rps, p50, p99] = [median(runs.map((r) => r.rps)), median(runs.map((r) => r.p50)), median(runs.map((r) => r.p99))];
    console.log(`${mode.padEnd(15)} ${rps.toFixed(0).padStart(12)} ${String(p50).padStart(7)} ${String(p99).padStart(7)}  ${ratio.toFixed(3).padStart(6)}   ${runs.map((r) => r.rps.toFixed(0)).join(' ')}`);
  }
} finally {
  for (const t of targets) await t.stop();
}
