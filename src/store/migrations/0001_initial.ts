// The first schema: accounts, tokens, bots and revisions, channels, humans, tags, subscriptions.
import type { Kysely } from 'kysely';
import { idColumn, type Dialect } from './dialect.js';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await idColumn(db.schema.createTable('accounts'), dialect)
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema.createTable('api_tokens')
    .addColumn('jti', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('api_tokens_account').on('api_tokens').column('account_id').execute();

  await idColumn(db.schema.createTable('bots'), dialect)
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('current_revision', 'integer', (c) => c.notNull())
    .addColumn('latest_revision', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bots_account').on('bots').column('account_id').execute();

  await db.schema.createTable('bot_revisions')
    .addColumn('bot_id', 'integer', (c) => c.notNull().references('bots.id').onDelete('cascade'))
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('definition', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('bot_revisions_pk', ['bot_id', 'revision'])
    .execute();

  await idColumn(db.schema.createTable('channels'), dialect)
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('bot_id', 'integer', (c) => c.notNull().references('bots.id'))
    .addColumn('channel_type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('user', 'text')
    .addColumn('token_sealed', 'text')
    .addColumn('phone_type', 'integer', (c) => c.notNull())
    .addColumn('country_code', 'text')
    .addColumn('data', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('channels_account_bot').on('channels').columns(['account_id', 'bot_id']).execute();

  await idColumn(db.schema.createTable('humans'), dialect)
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('humans_account_id').on('humans').columns(['account_id', 'id']).execute();
  await db.schema.createIndex('humans_account_phone').on('humans').columns(['account_id', 'phone']).execute();
  await db.schema.createIndex('humans_account_email').on('humans').columns(['account_id', 'email']).execute();

  await db.schema.createTable('human_tags')
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('human_id', 'integer', (c) => c.notNull().references('humans.id').onDelete('cascade'))
    .addColumn('tag', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('human_tags_pk', ['human_id', 'tag'])
    .execute();
  await db.schema.createIndex('human_tags_account_tag').on('human_tags').columns(['account_id', 'tag', 'human_id']).execute();

  await db.schema.createTable('subscriptions')
    .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('human_id', 'integer', (c) => c.notNull().references('humans.id').onDelete('cascade'))
    .addColumn('subscribed', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('subscriptions_pk', ['channel_id', 'human_id'])
    .execute();
  await db.schema.createIndex('subscriptions_channel_state').on('subscriptions').columns(['channel_id', 'subscribed']).execute();
}
