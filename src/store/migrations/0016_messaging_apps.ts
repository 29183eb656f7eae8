// WhatsApp and Telegram: the files people send through them, kept once read from the provider, and pacing per recipient
// (Telegram takes one message a second per chat, across every process).
import type { Kysely } from 'kysely';
import type { Dialect } from './dialect.js';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema.createTable('provider_media')
    .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
    // The provider's id of the file (a WhatsApp media id, a Telegram file id).
    .addColumn('ref', 'text', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('human_id', 'integer')
    .addColumn('content_type', 'text')
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('bytes', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('provider_media_pk', ['channel_id', 'ref'])
    .execute();
  await db.schema.createIndex('provider_media_human').on('provider_media').column('human_id').execute();
  await db.schema.createIndex('provider_media_created').on('provider_media').columns(['account_id', 'created_at']).execute();

  await db.schema.createTable('recipient_delivery_slots')
    .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('next_at_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('recipient_delivery_slots_pk', ['channel_id', 'address'])
    .execute();
}
