// SQLite checkpoints on their own thread: what the server commits reaches the database file without its connection
// checkpointing, and closing the store stops the thread with everything in the file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { openMigratedStore, type Store } from '../../src/store/db.js';
import { SqliteCheckpointer } from '../../src/store/sqlite-checkpointer.js';

describe('SQLite checkpoints off the server thread', () => {
  let dir: string;
  let store: Store | undefined;

  afterEach(async () => {
    await store?.close();
    store = undefined;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function open(): Promise<{ store: Store; file: string }> {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-checkpoint-'));
    const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' });
    if (config.database.kind !== 'sqlite') throw new Error('expected SQLite');
    store = await openMigratedStore(config.database);
    return { store, file: config.database.file };
  }

  /** Writes about `pages` pages of 4 KiB into a scratch table, each row its own commit. */
  async function write(s: Store, pages: number): Promise<void> {
    await sql`CREATE TABLE IF NOT EXISTS scratch (id INTEGER PRIMARY KEY, body TEXT NOT NULL)`.execute(s.db);
    for (let i = 0; i < pages; i++) await sql`INSERT INTO scratch (body) VALUES (${'x'.repeat(4000)})`.execute(s.db);
  }

  async function eventually(check: () => boolean, ms = 5000): Promise<boolean> {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      if (check()) return true;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return check();
  }

  it('copies the log into the database file while the server connection only commits', async () => {
    const { store: s, file } = await open();
    const before = fs.statSync(file).size;
    // Fewer pages than the connection's own bound (10,000): only the thread can have copied them.
    await write(s, 1500);
    expect(await eventually(() => fs.statSync(file).size >= before + 1500 * 4000)).toBe(true);
  });

  it('stops its thread when the store closes, and the data is all in the file after', async () => {
    const { store: s, file } = await open();
    await write(s, 200);
    await s.close();
    store = undefined;
    expect(fs.existsSync(`${file}-wal`) ? fs.statSync(`${file}-wal`).size : 0).toBe(0);
    const reopened = await openMigratedStore({ kind: 'sqlite', file });
    store = reopened;
    const rows = await sql<{ n: number }>`SELECT count(*) AS n FROM scratch`.execute(reopened.db);
    expect(Number(rows.rows[0]!.n)).toBe(200);
  });

  it('tells once when its thread cannot checkpoint (here: no such database), so the connection takes checkpoints back', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-checkpoint-'));
    const failures: string[] = [];
    const checkpointer = new SqliteCheckpointer(path.join(dir, 'missing', 'parley.db'), 'NORMAL', (error) => failures.push(error.message));
    await checkpointer.close();
    expect(failures).toHaveLength(1);
  });
});
