// Inbound web-chat messages per second through HTTP/WebSocket, store and engine (echo bot), on SQLite and PostgreSQL,
// with send→reply latency p50/p99, beside a bare WebSocket echo server measured in the same run.
// Run: npm run bench -- webchat-throughput   (BENCH_CLIENTS, BENCH_PER_CLIENT to change the load; BENCH_DATABASES=sqlite or
// postgres for one; BENCH_CPU_PROF_DIR=dir writes a CPU profile of each server process there). Also the CPU the server
// and PostgreSQL's processes used per measured message: steadier than the rates on a shared machine.
import { cpuSeconds, postgresCpuSeconds } from './support/process-cpu.js';
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

/** A run's figures, and the CPU the server and the database used per message while it ran (not for the bare echo). */
type Row = Result & { serverUs?: number; databaseUs?: number };

async function parley(kind: 'sqlite' | 'postgres'): Promise<Row> {
  return withEchoServer(kind, PROFILE, async (url, pid) => {
    // A first pass warms the program cache and the JIT; the second is measured.
    await drive('warm-up', url, true, CLIENTS, PER_CLIENT);
    const server = cpuSeconds(pid);
    const database = kind === 'postgres' ? postgresCpuSeconds() : 0;
    const result = await drive(`parley ${kind}`, url, true, CLIENTS, PER_CLIENT);
    const messages = CLIENTS * PER_CLIENT;
    return {
      ...result,
      serverUs: ((cpuSeconds(pid) - server) * 1e6) / messages,
      ...(kind === 'postgres' ? { databaseUs: ((postgresCpuSeconds() - database) * 1e6) / messages } : {}),
    };
  });
}

const rows: Row[] = [await bare()];
for (const kind of DATABASES) rows.push(await parley(kind));
console.log(`${CLIENTS} visitors × ${PER_CLIENT} messages, each sent when the previous reply came`);
console.log('target           msg/s   p50 ms   p99 ms   ratio to bare ws echo   server CPU µs/msg   PostgreSQL CPU µs/msg');
const us = (value: number | undefined) => (value === undefined ? '-' : value.toFixed(0));
for (const r of rows) {
  console.log(`${r.name.padEnd(15)} ${r.perSecond.toFixed(0).padStart(6)} ${r.p50.toFixed(2).padStart(8)} ${r.p99.toFixed(2).padStart(8)}   ${(r.perSecond / rows[0]!.perSecond).toFixed(3).padEnd(21)} ${us(r.serverUs).padStart(17)} ${us(r.databaseUs).padStart(23)}`);
}
