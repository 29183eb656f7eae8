// PostgreSQL connections prepare the statements they run by name (planned once), unless DATABASE_UNNAMED_STATEMENTS asks not to.
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { openMigratedStore } from '../../src/store/db.js';
import { claimMany } from '../../src/store/repositories/pass-batches.js';
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

  it('plans a statement over many conversations once per array size: after five runs PostgreSQL keeps its generic plan', async () => {
    const db = await freshDatabase('postgres');
    cleanups.push(db.cleanup);
    const store = await openMigratedStore(loadConfig({ ...db.env, LOG_LEVEL: 'silent' }).database);
    try {
      const plans = await store.db.transaction().execute(async (tx) => {
        // Three ids, then four: one statement of four elements; five and six: another of eight.
        for (let run = 0; run < 8; run++) await claimMany(tx, run % 2 === 0 ? [1, 2, 3] : [1, 2, 3, 4], 'p', '2026-01-01T00:00:00Z', '2026-01-01T00:01:00Z');
        for (let run = 0; run < 2; run++) await claimMany(tx, run % 2 === 0 ? [1, 2, 3, 4, 5] : [1, 2, 3, 4, 5, 6], 'p', '2026-01-01T00:00:00Z', '2026-01-01T00:01:00Z');
        const { rows } = await sql<{ statement: string; generic_plans: number; custom_plans: number }>`
          select statement, generic_plans, custom_plans from pg_prepared_statements where statement like '%lease_owner%' order by length(statement)`.execute(tx);
        return rows.map((r) => ({ elements: (r.statement.match(/::int/g) ?? []).length, generic: Number(r.generic_plans), custom: Number(r.custom_plans) }));
      });
      expect(plans).toEqual([{ elements: 4, generic: 3, custom: 5 }, { elements: 8, generic: 0, custom: 2 }]);
    } finally {
      await store.close();
    }
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
