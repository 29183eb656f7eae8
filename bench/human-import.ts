// A bulk import of 1,000,000 humans from CSV on SQLite and PostgreSQL, through a server process: the file streamed in,
// rows written per second, the server's peak RSS, and a kill -9 half way with the time the restarted server takes to
// write again; beside, in the same run, the raw rate of inserting the same humans straight into a table.
// Run: npm run bench -- human-import   (BENCH_ROWS to change the size, BENCH_DATABASES=sqlite or postgres for one,
// BENCH_PROGRAM=source to run src/ through tsx instead of the compiled dist/)
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { loadConfig } from '../src/config.js';
import { createServices } from '../src/services/index.js';
import { openMigratedStore, type Store } from '../src/store/db.js';
import { startChildServer, type ChildServer } from '../test/helpers/child-server.js';
import { freshDatabase } from '../test/helpers/server.js';
import { SERVER_PROGRAM } from './support/server-program.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const KINDS = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',').map((k) => k.trim()).filter((k): k is 'sqlite' | 'postgres' => k === 'sqlite' || k === 'postgres');
const HEADER = 'firstName,lastName,phone,email,tags,consent.sms,consent.sms.date,consent.sms.proof';

/** Row i of the generated file: a distinct phone and e-mail each, two tags, consent with its date and proof. */
function row(i: number): string {
  const n = String(i).padStart(7, '0');
  return `First${i},Last${i},+1415${n},p${i}@example.com,bench;import,${i % 10 === 0 ? 'out' : 'in'},2026-0${1 + (i % 9)}-15,signup form ${i % 97}`;
}

/** The file, generated as it is read: it is never in memory whole, here or in the server. */
function* file(): Generator<string> {
  yield `${HEADER}\n`;
  const LINES = 1000;
  for (let i = 0; i < ROWS; i += LINES) {
    let text = '';
    for (let k = i; k < Math.min(ROWS, i + LINES); k++) text += `${row(k)}\n`;
    yield text;
  }
}

/** The baseline: the same humans inserted straight into a table like theirs, 500 a statement, in one process. */
async function rawInsertRate(store: Store): Promise<number> {
  await sql`CREATE TABLE bench_raw_humans (id integer primary key, first_name text, last_name text, phone text, email text, created_at text not null)`.execute(store.db);
  const now = new Date().toISOString();
  const t = performance.now();
  for (let start = 0; start < ROWS; start += 500) {
    const values = Array.from({ length: Math.min(500, ROWS - start) }, (_, k) => {
      const i = start + k;
      return sql`(${i + 1}, ${`First${i}`}, ${`Last${i}`}, ${`+1415${String(i).padStart(7, '0')}`}, ${`p${i}@example.com`}, ${now})`;
    });
    await sql`INSERT INTO bench_raw_humans (id, first_name, last_name, phone, email, created_at) VALUES ${sql.join(values)}`.execute(store.db);
  }
  const seconds = (performance.now() - t) / 1000;
  await sql`DROP TABLE bench_raw_humans`.execute(store.db);
  return ROWS / seconds;
}

/** Peak resident set of a process so far (VmHWM), in MB. */
function peakRssMb(pid: number): number {
  const kb = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return kb === null ? NaN : Number(kb[1]) / 1024;
}

interface Progress { status: string; rows: number; processed: number; created: number; failed: number }

async function progress(url: string, token: string, id: number): Promise<Progress> {
  const res = await fetch(`${url}/v1/humans/imports/${id}`, { headers: { authorization: `Bearer ${token}` } });
  return await res.json() as Progress;
}

async function benchOne(kind: 'sqlite' | 'postgres'): Promise<void> {
  const { env, cleanup } = await freshDatabase(kind);
  const store = await openMigratedStore(loadConfig(env).database);
  let server: ChildServer | null = null;
  try {
    const services = createServices(loadConfig(env), store);
    const account = await services.accounts.create(`import-${kind}@example.com`, 'correct horse battery');
    const token = (await services.tokens.create(account.id, 'bench')).token;
    await services.webChat.close();
    const raw = await rawInsertRate(store);

    server = await startChildServer(env, [], SERVER_PROGRAM);
    const t0 = performance.now();
    const res = await fetch(`${server.url}/v1/humans/imports?fileName=bench.csv`, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
      body: Readable.toWeb(Readable.from(file())) as ReadableStream, duplex: 'half',
    } as RequestInit);
    const created = await res.json() as { id: number; rows: number };
    if (res.status !== 200) throw new Error(`upload refused: ${JSON.stringify(created)}`);
    const receivedMs = performance.now() - t0;
    // Written until half way, then killed.
    let p: Progress;
    const writeStart = performance.now();
    do {
      await new Promise((r) => setTimeout(r, 250));
      p = await progress(server.url, token, created.id);
    } while (p.processed < ROWS / 2 && p.status === 'importing');
    const firstHalfMs = performance.now() - writeStart;
    const firstHalfRows = p.processed;
    const firstRss = peakRssMb(server.process.pid!);
    await server.kill();
    const killedAt = performance.now();
    server = await startChildServer(env, [], SERVER_PROGRAM);
    const readyMs = performance.now() - killedAt;
    let resumedMs = NaN;
    let atKill = firstHalfRows;
    for (;;) {
      await new Promise((r) => setTimeout(r, 100));
      p = await progress(server.url, token, created.id);
      if (Number.isNaN(resumedMs) && p.processed > atKill) { resumedMs = performance.now() - killedAt; atKill = p.processed; }
      if (p.status !== 'importing') break;
    }
    const totalMs = performance.now() - t0;
    const secondRss = peakRssMb(server.process.pid!);
    const humans = Number((await sql<{ n: number | string }>`SELECT count(*) AS n FROM humans WHERE account_id = ${account.id}`.execute(store.db)).rows[0]!.n);
    const ledger = Number((await sql<{ n: number | string }>`SELECT count(*) AS n FROM consent_events WHERE account_id = ${account.id} AND source = 'import'`.execute(store.db)).rows[0]!.n);
    const writeRate = firstHalfRows / (firstHalfMs / 1000);
    console.log(`[${kind}] ${ROWS.toLocaleString('en')} rows: received in ${(receivedMs / 1000).toFixed(1)} s (${Math.round(ROWS / (receivedMs / 1000)).toLocaleString('en')} rows/s); `
      + `written ${Math.round(writeRate).toLocaleString('en')} rows/s before the kill (raw insert of the same humans ${Math.round(raw).toLocaleString('en')} rows/s: ratio ${(writeRate / raw).toFixed(3)}); `
      + `killed at ${firstHalfRows.toLocaleString('en')} rows, restarted server ready ${(readyMs / 1000).toFixed(1)} s after the kill, writing again ${(resumedMs / 1000).toFixed(1)} s after it; `
      + `done in ${(totalMs / 1000).toFixed(1)} s in all: ${p.status}, ${p.created.toLocaleString('en')} created, ${p.failed} failed; humans in the store ${humans.toLocaleString('en')}, ledger entries ${ledger.toLocaleString('en')}; `
      + `peak RSS ${firstRss.toFixed(0)} MB before the kill, ${secondRss.toFixed(0)} MB after`);
    if (humans !== ROWS || p.created !== ROWS) throw new Error(`expected ${ROWS} humans, found ${humans} (created ${p.created})`);
  } finally {
    await server?.stop();
    await store.close();
    await cleanup();
  }
}

for (const kind of KINDS) await benchOne(kind);
