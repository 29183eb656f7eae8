// On PostgreSQL the store looks only at its own schema: others' tables are not its, and others dropped meanwhile do not fail a migration.
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { openMigratedStore, openStore } from '../../src/store/db.js';
import { freshDatabase, TEST_DATABASE_URL } from '../helpers/server.js';

describe('the store introspection on PostgreSQL', () => {
  it('lists the tables of its own schema and none of another', async () => {
    const ours = await freshDatabase('postgres');
    const theirs = await freshDatabase('postgres');
    try {
      const other = openStore(loadConfig(theirs.env).database);
      await sql`CREATE TABLE theirs_only (id serial PRIMARY KEY, note text)`.execute(other.db);
      await other.close();
      const store = await openMigratedStore(loadConfig(ours.env).database);
      const tables = await store.db.introspection.getTables({ withInternalKyselyTables: true });
      const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(store.db)).rows[0]!.s;
      expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['accounts', 'channels', 'kysely_migration']));
      expect(tables.map((t) => t.name)).not.toContain('theirs_only');
      expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([schema]));
      const accounts = tables.find((t) => t.name === 'accounts')!;
      expect(accounts.columns.find((c) => c.name === 'id')).toMatchObject({ isAutoIncrementing: true, isNullable: false });
      expect(accounts.columns.find((c) => c.name === 'email')).toMatchObject({ isAutoIncrementing: false, dataType: 'text' });
      expect((await store.db.introspection.getTables()).map((t) => t.name)).not.toContain('kysely_migration');
      await store.close();
    } finally {
      await ours.cleanup();
      await theirs.cleanup();
    }
  });

  it('migrates while other schemas are created and dropped all the time', async () => {
    // Kysely's own introspection walked every schema by name, and one dropped mid-walk failed the migration ("schema … does not exist").
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    let churning = true;
    const churn = (async () => {
      for (let i = 0; churning; i++) {
        const name = `churn_${process.pid}_${i}`;
        await admin.query(`CREATE SCHEMA ${name}; CREATE TABLE ${name}.t (id serial PRIMARY KEY, a text, b int)`);
        await admin.query(`DROP SCHEMA ${name} CASCADE`);
      }
    })();
    try {
      for (let i = 0; i < 8; i++) {
        const fresh = await freshDatabase('postgres');
        try {
          const store = await openMigratedStore(loadConfig(fresh.env).database);
          await store.close();
        } finally {
          await fresh.cleanup();
        }
      }
    } finally {
      churning = false;
      await churn;
      await admin.end();
    }
  });
});
