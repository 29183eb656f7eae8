// A conversation whose stored state this release cannot read is parked: it takes no runs until a release that reads it is started.
import type { Kysely } from 'kysely';
import type { Dialect } from './dialect.js';

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  // Why the conversation is parked (null: it runs); shown by the API, cleared when a release retries it.
  await db.schema.alterTable('conversations').addColumn('parked_reason', 'text').execute();
  await db.schema.alterTable('conversations').addColumn('parked_at', 'text').execute();
}
