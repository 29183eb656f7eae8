// GET /v1/channels/{id} through Parley (auth + store) on SQLite and PostgreSQL, beside bare Fastify serving the same JSON from memory.
// Run: npm run bench -- channels-get   (BENCH_DURATION seconds per target, BENCH_CONNECTIONS for autocannon; PostgreSQL at TEST_DATABASE_URL)
import { fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { TargetReady } from './support/target.js';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

async function measure(mode: string): Promise<{ mode: string; rps: number; p50: number; p99: number }> {
  const child = fork(path.join(import.meta.dirname, 'support/target.ts'), [mode], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const target = await new Promise<TargetReady>((resolve, reject) => {
    child.once('message', (m) => resolve(m as TargetReady));
    child.once('exit', (code) => reject(new Error(`${mode} target exited with ${code}`)));
  });
  // Warm up JIT and connection pools, then measure.
  await autocannon({ url: target.url + target.path, headers: target.headers, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({ url: target.url + target.path, headers: target.headers, connections: CONNECTIONS, duration: DURATION_S });
  child.disconnect();
  // The next target starts only once this one is gone (a PostgreSQL target drops its schema on the way out).
  await new Promise((resolve) => child.once('exit', resolve));
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${mode}: ${result.non2xx} non-2xx and ${result.errors} errors`);
  return { mode, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const baseline = await measure('fastify');
const rows = [baseline];
for (const kind of ['sqlite', 'postgres']) rows.push(await measure(`floor-${kind}`), await measure(kind));
console.log(`GET /v1/channels/{id}, ${CONNECTIONS} connections, ${DURATION_S} s each, Node ${process.version}, ${os.cpus().length} CPUs`);
console.log('fastify: bare Fastify, the JSON from memory; floor-*: bare Fastify reading the token row and the channel row');
console.log('straight through the driver; sqlite/postgres: Parley (rate limit, token auth with revocation, store, schema)');
console.log('target            req/s   p50 ms  p99 ms  ratio to bare Fastify');
for (const r of rows) {
  console.log(`${r.mode.padEnd(15)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(7)}  ${(r.rps / baseline.rps).toFixed(3)}`);
}
