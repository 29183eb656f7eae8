// parley backup: an online SQLite copy taken while the server runs opens as a working database; PostgreSQL goes through pg_dump.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { pgDumpCommand } from '../../src/cli/backup.js';
import { loadConfig } from '../../src/config.js';
import { freshDatabase, startTestServer } from '../helpers/server.js';
import { runParley } from './run-parley.js';

describe('parley backup', () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-backup-'));
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

  it('copies a SQLite database while the server runs; the copy opens with every row', async () => {
    const server = await startTestServer('sqlite');
    try {
      await server.account('owner@example.com');
      const file = path.join(scratch, 'parley-backup.db');
      const run = await runParley(['backup', '--to', file], { env: { DATA_DIR: server.config.dataDir } });
      expect(run.stderr).toContain('online backup');
      expect(run.code).toBe(0);
      const copy = new SQLite(file, { readonly: true });
      expect(copy.prepare('select email from accounts').pluck().all()).toEqual(['owner@example.com']);
      expect(copy.prepare('select count(*) from kysely_migration').pluck().get()).toBeGreaterThan(0);
      copy.close();

      const again = await runParley(['backup', '--to', file], { env: { DATA_DIR: server.config.dataDir } });
      expect(again.code).toBe(1);
      expect(again.stderr).toBe(`parley: ${file} exists already; name a new file\n`);
    } finally {
      await server.close();
    }
  });

  it('runs pg_dump of the app\'s and the job queue\'s schemas, the password kept off the command line', async () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://parley:s%40cret@db.example.com:5432/parley?options=-c%20search_path%3Dtenant_a' });
    const { args, password } = pgDumpCommand(config, '/backups/parley.dump');
    expect(password).toBe('s@cret');
    expect(args).toEqual(['--format=custom', '--file=/backups/parley.dump', '--schema', 'tenant_a', '--schema', 'tenant_a_jobs', '--dbname=postgres://parley@db.example.com:5432/parley']);

    const fresh = await freshDatabase('postgres');
    const server = await startTestServer('postgres', fresh.env);
    try {
      await server.account('owner@example.com');
      const file = path.join(scratch, 'parley.dump');
      const run = await runParley(['backup', '--to', file], { env: fresh.env });
      expect(run.code).toBe(0);
      expect(fs.statSync(file).size).toBeGreaterThan(0);
    } finally {
      await server.close();
      await fresh.cleanup();
    }
  });
});
