// What readiness asks of the store: the database answers, and every migration this build knows has been applied.
import { sql } from 'kysely';
import type { Store } from './db.js';
import { migrationsFor } from './migrations/index.js';

/** The migrations this build has that the database has not applied; throws when the database cannot be reached. */
export async function missingMigrations(store: Store): Promise<string[]> {
  // Kysely's bookkeeping table, in the schema the store writes to (the search_path's first on PostgreSQL).
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(store.db);
  const applied = new Set(rows.map((r) => r.name));
  return Object.keys(migrationsFor(store.dialect)).filter((name) => !applied.has(name));
}

/** One round trip that fails when the database is unreachable. */
export async function pingDatabase(store: Store): Promise<void> {
  await sql`select 1`.execute(store.db);
}
