// Claims without an index: taking and giving up a conversation's claim rewrites no index entry.
// conversations_lease_owner served only the rare statements that free a whole process's claims (when it leaves, dies or
// is found unregistered). Every claim and release changed the indexed column, so on PostgreSQL none of these updates
// could be HOT: each wrote a new entry into every index of `conversations` (six of them), two or three times a message.
// Those rare statements now read the table, once in a process's life.
import type { Kysely } from 'kysely';
import type { Dialect } from './dialect.js';

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.dropIndex('conversations_lease_owner').execute();
}
