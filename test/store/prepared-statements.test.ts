// PostgreSQL connections prepare the statements they run by name (planned once), unless DATABASE_UNNAMED_STATEMENTS asks not to.
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { openMigratedStore } from '../../src/store/db.js';
import { freshDatabase } from '../helpers/server.js';

/** Prepared statements of the connection a transaction holds, after it ran one parameterized statement twice. */
async function preparedAfterQueries(env: Record<string, string>): Promise<string[]> {
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
  const store = await openMigratedStore(config.database);
  try {
    return await store.db.transaction().execute(async (tx) => {
      for (const email of ['a@example.com', 'b@example.com']) await tx.selectFrom('accounts').select('id').where('email', '=', email).execute();
      const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(tx);
      return rows.map((r) => r.statement);
    });
  } finally {
    await store.close();
  }
}

describe('prepared statements on postgres', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => { for (const c of cleanups.reverse()) await c(); });

  it('prepares a parameterized statement once per connection, by name', async () => {
    const db = await freshDatabase('postgres');
    cleanups.push(db.cleanup);
    const prepared = await preparedAfterQueries(db.env);
    expect(prepared.filter((s) => s.includes('"accounts"') && s.includes('"email" = $1'))).toHaveLength(1);
  });

  it('prepares none with DATABASE_UNNAMED_STATEMENTS=true, for a pooler that cannot keep them', async () => {
    const db = await freshDatabase('postgres');
    cleanups.push(db.cleanup);
    expect(await preparedAfterQueries({ ...db.env, DATABASE_UNNAMED_STATEMENTS: 'true' })).toEqual([]);
  });

  it('refuses a value that is not true or false', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@h/db', DATABASE_UNNAMED_STATEMENTS: 'sometimes' })).toThrow('DATABASE_UNNAMED_STATEMENTS');
  });
});
