// Phone-number lookups per second through HTTP (auth, routing, carrier data, JSON) beside the same libphonenumber-js calls in a bare loop, in one run.
// Run: npm run bench -- phone-lookup   (BENCH_ROUNDS, BENCH_DURATION seconds per measurement and round, BENCH_CONNECTIONS for autocannon)
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import examples from 'libphonenumber-js/examples.mobile.json';
import { getCountries, getExampleNumber } from 'libphonenumber-js/max';
import { loadConfig } from '../src/config.js';
import { analyzePhoneNumber } from '../src/lookup/phone-number.js';
import { startServer } from '../src/server.js';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Rounds alternate the bare loop and HTTP, so load that comes and goes on a shared machine hits both alike. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

interface Target { url: string; token: string }

/** Every region's example mobile number, one of each other line type, and invalid inputs: what the endpoint sees in a mixed load. */
function numbers(): string[] {
  const mobiles = getCountries().map((r) => getExampleNumber(r, examples)?.number).filter((n): n is NonNullable<typeof n> => n !== undefined).map(String);
  const others = ['+441212345678', '+448001234567', '+449012345678', '+33810123456', '+445612345678', '+447012345678', '+447640123456', '+445512345678', '+41860123456789', '+12015550123'];
  const invalid = ['+10005550100', '+4474001234', '+999123456', 'not-a-number', '447400123456'];
  return [...mobiles, ...others, ...invalid];
}

/** The server runs in its own process so the load generator does not share its event loop. */
async function serve(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-phone-'));
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', RATE_LIMIT_MAX: '10000000', LOG_LEVEL: 'silent' });
  const server = await startServer(config, { logger: false });
  const account = await server.services.accounts.create('bench@example.com', 'bench password');
  const token = await server.services.tokens.create(account.id, 'bench');
  process.send?.({ url: server.url, token: token.token } satisfies Target);
  process.once('disconnect', () => {
    void server.close().then(() => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  });
}

/** The endpoint's libphonenumber-js work (parse, isValid, getType, formatNational, the length check when invalid), nothing else. */
function bareLoop(inputs: string[], seconds: number): number {
  let sink = 0;
  const deadline = performance.now() + seconds * 1000;
  let done = 0;
  const started = performance.now();
  while (performance.now() < deadline) {
    for (let i = 0; i < 1000; i += 1) {
      sink += analyzePhoneNumber(inputs[(done + i) % inputs.length] as string).phoneNumber.length;
    }
    done += 1000;
  }
  if (sink < 0) console.log(sink);
  return done / ((performance.now() - started) / 1000);
}

interface HttpTarget { measure(seconds: number): Promise<{ rps: number; p50: number; p99: number }>; stop(): Promise<void> }

async function httpTarget(inputs: string[]): Promise<HttpTarget> {
  const child = fork(fileURLToPath(import.meta.url), ['serve'], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const target = await new Promise<Target>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Target));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const requests = inputs.map((n) => ({ method: 'GET' as const, path: `/v1/manage/messaging/capability/${encodeURIComponent(n)}` }));
  const options = { url: target.url, headers: { authorization: `Bearer ${target.token}` }, requests, connections: CONNECTIONS };
  return {
    measure: async (seconds) => {
      const result = await autocannon({ ...options, duration: seconds });
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx answers and ${result.errors} errors`);
      return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
    },
    stop: async () => { child.disconnect(); await new Promise((resolve) => child.once('exit', resolve)); },
  };
}

function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] as number : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

if (process.argv[2] === 'serve') {
  await serve();
} else {
  const inputs = numbers();
  const server = await httpTarget(inputs);
  try {
    bareLoop(inputs, 2); // warm-up: JIT
    await server.measure(2); // warm-up: JIT, carrier tables, caches
    const rounds: { bare: number; http: { rps: number; p50: number; p99: number } }[] = [];
    for (let round = 0; round < ROUNDS; round++) rounds.push({ bare: bareLoop(inputs, DURATION_S), http: await server.measure(DURATION_S) });
    const bare = median(rounds.map((r) => r.bare));
    const http = median(rounds.map((r) => r.http.rps));
    console.log(`Phone-number lookups, ${inputs.length} distinct inputs cycled, ${ROUNDS} rounds of ${DURATION_S} s per measurement, Node ${process.version}, ${os.cpus().length} CPUs`);
    console.log(`bare loop (libphonenumber-js calls only, one thread)  ${bare.toFixed(0).padStart(8)} lookups/s   per round: ${rounds.map((r) => r.bare.toFixed(0)).join(' ')}`);
    console.log(`GET /v1/manage/messaging/capability (${CONNECTIONS} connections)  ${http.toFixed(0).padStart(8)} lookups/s   per round: ${rounds.map((r) => r.http.rps.toFixed(0)).join(' ')}   p50 ${median(rounds.map((r) => r.http.p50))} ms   p99 ${median(rounds.map((r) => r.http.p99))} ms`);
    console.log(`ratio HTTP / bare loop (median over rounds of the same round's ratio)  ${median(rounds.map((r) => r.http.rps / r.bare)).toFixed(3)}`);
  } finally {
    await server.stop();
  }
}
