// pg-boss's `db` option over Kysely: its SQL then runs on the store's pool, or inside a caller's open transaction.
import { CompiledQuery, type Kysely } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Database } from '../../store/index.js';

export function kyselyBossDb(db: Kysely<Database>): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> {
      // No values means pg's simple protocol, which pg-boss needs for its multi-statement migrations.
      const query = CompiledQuery.raw(text, values ?? []);
      if (db.isTransaction) return { rows: (await db.executeQuery(query)).rows };
      return db.connection().execute(async (conn) => {
        try {
          return { rows: (await conn.executeQuery(query)).rows };
        } catch (err) {
          // A failed `BEGIN; …; COMMIT;` string leaves its connection inside an aborted transaction;
          // roll it back before the pool hands the connection to someone else.
          await conn.executeQuery(CompiledQuery.raw('ROLLBACK')).catch(() => undefined);
          throw err;
        }
      });
    },
  };
}
