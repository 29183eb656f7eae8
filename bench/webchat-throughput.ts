// Inbound web-chat messages per second through HTTP/WebSocket, store and engine (echo bot), on SQLite and PostgreSQL,
// with send→reply latency p50/p99, beside a bare WebSocket echo server measured in the same run.
// Run: npm run bench -- webchat-throughput   (BENCH_CLIENTS, BENCH_PER_CLIENT to change the load; BENCH_DATABASES=sqlite or
// postgres for one; BENCH_CPU_PROF_DIR=dir writes a CPU profile of each server process there)
import { drive, type Result, startBareEcho, withEchoServer } from './support/webchat-drive.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const PER_CLIENT = Number(process.env.BENCH_PER_CLIENT ?? 50);
const DATABASES = (process.env.BENCH_DATABASES?.split(',') ?? ['sqlite', 'postgres']) as ('sqlite' | 'postgres')[];
const PROFILE = process.env.BENCH_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`] : [];

async function bare(): Promise<Result> {
  const echo = await startBareEcho();
  try {
    return await drive('bare ws echo', echo.url, false, CLIENTS, PER_CLIENT);
  } finally {
    echo.close();
  }
}

async function parley(kind: 'sqlite' | 'postgres'): Promise<Result> {
  return withEchoServer(kind, PROFILE, async (url) => {
    // A first pass warms the program cache and the JIT; the second is measured.
    await drive('warm-up', url, true, CLIENTS, PER_CLIENT);
    return drive(`parley ${kind}`, url, true, CLIENTS, PER_CLIENT);
  });
}

const rows = [await bare()];
for (const kind of DATABASES) rows.push(await parley(kind));
console.log(`${CLIENTS} visitors × ${PER_CLIENT} messages, each sent when the previous reply came`);
console.log('target           msg/s   p50 ms   p99 ms   ratio to bare ws echo');
for (const r of rows) {
  console.log(`${r.name.padEnd(15)} ${r.perSecond.toFixed(0).padStart(6)} ${r.p50.toFixed(2).padStart(8)} ${r.p99.toFixed(2).padStart(8)}   ${(r.perSecond / rows[0]!.perSecond).toFixed(3)}`);
}
