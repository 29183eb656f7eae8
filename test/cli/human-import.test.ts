// `parley human import`: a file imported at the server with its progress and counts; killed with SIGKILL part way,
// `--resume` finishes it with every row written once.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createServices } from '../../src/services/index.js';
import { openMigratedStore } from '../../src/store/db.js';
import { DATABASES, freshDatabase } from '../helpers/server.js';
import { runParley } from './run-parley.js';

const CLI_TIMEOUT_MS = 120_000;
const BIN = path.resolve('bin/parley.js');

async function withStore<T>(env: Record<string, string>, run: (s: ReturnType<typeof createServices>, accountId: number) => Promise<T>, create = false): Promise<T> {
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
  const store = await openMigratedStore(config.database);
  const services = createServices(config, store);
  try {
    const accountId = create ? (await services.accounts.create('ops@example.com', 'correct horse battery')).id : (await services.accounts.idByEmail('ops@example.com'))!;
    return await run(services, accountId);
  } finally {
    await services.webChat.close();
    await store.close();
  }
}

const humansCount = async (env: Record<string, string>): Promise<number> => withStore(env, async (s, accountId) => {
  let n = 0;
  for (let cursor: string | undefined; ;) {
    const page = await s.humans.list(accountId, {}, 500, cursor);
    n += page.humans.length;
    if (page.nextCursor === null) return n;
    cursor = page.nextCursor;
  }
});

describe.each(DATABASES)('parley human import on %s', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => { for (const c of cleanups.reverse()) await c(); });

  it('imports a CSV with progress, names the rows it could not take, and says the counts', async () => {
    const db = await freshDatabase(kind);
    cleanups.push(db.cleanup);
    await withStore(db.env, async () => undefined, true);
    const file = path.join(db.env.DATA_DIR!, 'contacts.csv');
    fs.writeFileSync(file, ['firstName,phone,tags', ...Array.from({ length: 1200 }, (_, i) => `P${i},+1415777${String(i).padStart(4, '0')},cli`), 'Bad,not-a-phone,cli'].join('\n'));
    const run = await runParley(['human', 'import', '--account', 'ops@example.com', file], { env: db.env });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^import \d+: done; 1201 rows: 1200 created, 0 updated, 1 failed\n$/);
    expect(run.stderr).toContain('100% 1,201/1,201 rows');
    expect(run.stderr).toContain('row 1202 phone: phone "not-a-phone" is not a phone number');
    expect(await humansCount(db.env)).toBe(1200);

    const unknown = await runParley(['human', 'import', '--account', 'ops@example.com', '--resume', '999'], { env: db.env });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Import 999 does not exist');
  }, CLI_TIMEOUT_MS);

  it('finishes after a kill -9 part way with --resume, every row written once', async () => {
    const db = await freshDatabase(kind);
    cleanups.push(db.cleanup);
    await withStore(db.env, async () => undefined, true);
    const rows = 20_000;
    const file = path.join(db.env.DATA_DIR!, 'many.jsonl');
    fs.writeFileSync(file, Array.from({ length: rows }, (_, i) => JSON.stringify({ email: `k${i}@example.com`, tags: ['kill'] })).join('\n'));
    const child = spawn(process.execPath, [BIN, 'human', 'import', '--account', 'ops@example.com', file], { env: { ...process.env, ...db.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const id = await new Promise<number>((resolve, reject) => {
      let seen = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        seen += chunk;
        const started = /import (\d+): received/.exec(seen);
        // Killed once a first part is written and the rest is not.
        if (started !== null && /\] \d+% [\d,]+\/20,000 rows/.test(seen.slice(started.index))) {
          child.kill('SIGKILL');
          resolve(Number(started[1]));
        }
      });
      child.on('close', () => reject(new Error(`ended before it could be killed: ${seen}`)));
    });
    await new Promise((r) => child.on('close', r));
    const part = await withStore(db.env, async (s, accountId) => s.humanImports.get(accountId, id));
    expect(part.status).toBe('importing');
    expect(part.processed).toBeLessThan(rows);

    const resumed = await runParley(['human', 'import', '--account', 'ops@example.com', '--resume', String(id)], { env: db.env });
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toBe(`import ${id}: done; ${rows} rows: ${rows} created, 0 updated, 0 failed\n`);
    expect(await humansCount(db.env)).toBe(rows);
  }, CLI_TIMEOUT_MS);
});
