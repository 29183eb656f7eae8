// Migrations run on start; on PostgreSQL, processes started together take turns under an advisory lock, so each step runs once.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { openMigratedStore } from '../../src/store/index.js';
import { freshDatabase } from '../helpers/server.js';

describe('migrations on PostgreSQL', () => {
  it('three processes starting at once on a fresh schema: each migration runs once, all of them open the store', async () => {
    const fresh = await freshDatabase('postgres');
    try {
      const config = loadConfig(fresh.env);
      const stores = await Promise.all([1, 2, 3].map(() => openMigratedStore(config.database)));
      const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(stores[0]!.db);
      expect(rows.map((r) => r.name)).toContain('0011_parked_conversations');
      expect(new Set(rows.map((r) => r.name)).size).toBe(rows.length);
      // The lock the migrator holds while it runs is a session-level advisory lock, given back when it is done.
      const locks = await sql<{ n: number }>`select count(*) as n from pg_locks where locktype = 'advisory' and pid = pg_backend_pid()`.execute(stores[0]!.db);
      expect(locks.rows[0]!.n).toBe(0);
      for (const store of stores) await store.close();
    } finally {
      await fresh.cleanup();
    }
  });
});
