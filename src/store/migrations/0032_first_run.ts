// The first run in a browser, and channels made only to try a bot.
import type { Kysely } from 'kysely';
import type { Dialect } from './dialect.js';

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  // One row at most (its key is always 1): the owner made in the browser. Two setups at once cannot both insert it.
  await db.schema.createTable('first_run')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('completed_at', 'text', (c) => c.notNull())
    .execute();
  // 1: made by the console's "Try it" (kept out of the overview, never a broadcast's default channel).
  await db.schema.alterTable('channels').addColumn('trial', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}
