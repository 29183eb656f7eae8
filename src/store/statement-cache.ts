// Reuses SQLite prepared statements across queries: Kysely prepares every query anew, and parsing and planning even a primary-key lookup costs more than running it.
import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Distinct SQL texts kept; queries with IN lists of varying length each have their own text, so the cache is bounded. */
const DEFAULT_MAX = 500;

/** A ROLLBACK with nothing to roll back: done already. */
const NO_TRANSACTION_ROLLBACK: SqliteStatement = {
  reader: false,
  all: () => [],
  run: () => ({ changes: 0, lastInsertRowid: 0 }),
  iterate: () => [][Symbol.iterator](),
};

export function withStatementCache(db: SQLite.Database, max = DEFAULT_MAX): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      cache.clear();
      db.close();
    },
    prepare(sql: string): SqliteStatement {
      // SQLite rolls a transaction back by itself on some errors (SQLITE_FULL, SQLITE_IOERR, SQLITE_NOMEM); the ROLLBACK the
      // caller then sends would fail with "no transaction is active" and hide the error that mattered (a full disk).
      if (!db.inTransaction && /^\s*rollback\s*;?\s*$/i.test(sql)) return NO_TRANSACTION_ROLLBACK;
      const cached = cache.get(sql);
      // A statement still being iterated (a streamed query) cannot run again until it finishes: use a fresh one.
      if (cached !== undefined && !cached.busy) {
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = db.prepare(sql);
      if (cached === undefined) {
        cache.set(sql, statement);
        if (cache.size > max) cache.delete(cache.keys().next().value as string);
      }
      return statement;
    },
  };
}
