// Proactive sends: message batches and their progress, and each channel's next free delivery slot (the rate limit).
import type { Kysely } from 'kysely';
import { idColumn, type Dialect } from './dialect.js';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await idColumn(db.schema.createTable('message_batches'), dialect)
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('targets', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('expanded', 'integer', (c) => c.notNull())
    .addColumn('unreachable', 'integer', (c) => c.notNull())
    .addColumn('cursor', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .execute();
  await db.schema.createIndex('message_batches_account').on('message_batches').columns(['account_id', 'id']).execute();
  await db.schema.createIndex('messages_batch').on('messages').columns(['batch_id', 'status']).execute();
  await db.schema.alterTable('conversation_events').addColumn('batch_id', 'integer').execute();
  await db.schema.createIndex('conversation_events_batch').on('conversation_events').columns(['batch_id', 'status']).execute();

  await db.schema.createTable('channel_delivery_slots')
    .addColumn('channel_id', 'integer', (c) => c.primaryKey().references('channels.id').onDelete('cascade'))
    .addColumn('next_at_ms', 'bigint', (c) => c.notNull())
    .execute();
}
