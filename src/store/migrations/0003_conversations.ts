// Conversations and their inbox of events, message history and outbox, stored attributes, and how humans are known per channel.
import type { Kysely } from 'kysely';
import { idColumn, type Dialect } from './dialect.js';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema.alterTable('humans').addColumn('link_group', 'integer').execute();
  await db.schema.alterTable('humans').addColumn('rcs_enabled', 'integer').execute();
  await db.schema.alterTable('humans').addColumn('rcs_features', 'text').execute();
  await db.schema.alterTable('humans').addColumn('rcs_checked_at', 'text').execute();

  await db.schema.createTable('human_identities')
    .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('human_id', 'integer', (c) => c.notNull().references('humans.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('human_identities_pk', ['channel_id', 'address'])
    .execute();
  await db.schema.createIndex('human_identities_human').on('human_identities').column('human_id').execute();

  await idColumn(db.schema.createTable('conversations'), dialect)
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('bot_id', 'integer', (c) => c.notNull())
    .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('human_id', 'integer', (c) => c.notNull().references('humans.id').onDelete('cascade'))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('bot_enabled', 'integer', (c) => c.notNull())
    .addColumn('priority', 'text', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('conversations_channel_human', ['channel_id', 'human_id'])
    .execute();
  await db.schema.createIndex('conversations_account').on('conversations').columns(['account_id', 'id']).execute();
  await db.schema.createIndex('conversations_human').on('conversations').column('human_id').execute();

  await idColumn(db.schema.createTable('conversation_events'), dialect)
    .addColumn('conversation_id', 'integer', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('channel_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('dedup_key', 'text')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('processed_at', 'text')
    .execute();
  // The inbox deduplicates by the provider's message id (and timers by their token) per channel.
  await db.schema.createIndex('conversation_events_dedup').on('conversation_events').columns(['channel_id', 'dedup_key']).unique().execute();
  await db.schema.createIndex('conversation_events_pending').on('conversation_events').columns(['conversation_id', 'status', 'id']).execute();
  await db.schema.createIndex('conversation_events_status').on('conversation_events').columns(['status', 'conversation_id']).execute();

  await idColumn(db.schema.createTable('messages'), dialect)
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('conversation_id', 'integer', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('channel_id', 'integer', (c) => c.notNull())
    .addColumn('human_id', 'integer', (c) => c.notNull())
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('failure_reason', 'text')
    .addColumn('provider_message_id', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('event_id', 'integer')
    .addColumn('batch_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('messages_conversation').on('messages').columns(['conversation_id', 'id']).execute();
  await db.schema.createIndex('messages_outbox').on('messages').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('messages_provider').on('messages').columns(['channel_id', 'provider_message_id']).execute();

  await db.schema.createTable('attributes')
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('attributes_pk', ['scope', 'owner_id', 'name'])
    .execute();
}
