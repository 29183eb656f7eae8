// A file erased with the person who sent it stays erased: its row keeps no bytes and says when, so its signed URL does
// not read it back from the provider (WhatsApp keeps media for weeks, Telegram for as long as the bot can ask).
import type { Kysely } from 'kysely';
import type { Dialect } from './dialect.js';

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('provider_media').addColumn('erased_at', 'text').execute();
}
