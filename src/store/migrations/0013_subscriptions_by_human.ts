// A human's subscriptions found by the human: every run reads them (the bot's sys:subscribed, the channels it may write on),
// and the primary key (channel_id, human_id) cannot serve that read, so each run scanned every subscription of every
// channel (515 µs a run on SQLite with 100,000 subscribers, most of a broadcast's time).
import type { Kysely } from 'kysely';
import type { Dialect } from './dialect.js';

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.createIndex('subscriptions_human').on('subscriptions').column('human_id').execute();
}
