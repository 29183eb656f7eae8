// Serving processes with their heartbeats, so a dead process's claims are taken at once; the outbox and claims indexed for the hot path.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from './dialect.js';

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.createTable('serving_processes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    // Written with the database's clock, and compared with it, so that the servers' clocks never have to agree.
    .addColumn('heartbeat_at', 'text', (c) => c.notNull())
    .execute();
  // A conversation's queued outbound items, without walking its whole history (partial: only queued rows are in it).
  await sql`CREATE INDEX messages_queued ON messages (conversation_id, id) WHERE status = 'queued'`.execute(db);
  // Claims by holder, for releasing a dead process's claims in one statement.
  await sql`CREATE INDEX conversations_lease_owner ON conversations (lease_owner) WHERE lease_owner IS NOT NULL`.execute(db);
}
