// The console: sign-in sessions (hashed), the throttle on failed sign-ins, and who wrote an outbound message (bot or agent).
import type { Kysely } from 'kysely';
import type { Dialect } from './dialect.js';

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.createTable('sessions')
    // The session's public id (what GET /v1/sessions lists and DELETE names); never the cookie's value.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    // The team member signed in, once accounts have members; null: the account's own e-mail and password.
    .addColumn('member_id', 'integer')
    // SHA-256 of the cookie's value and of the CSRF token: a leaked table signs nobody in.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('csrf_hash', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('sessions_account').on('sessions').columns(['account_id', 'created_at']).execute();

  // Failed sign-ins per (e-mail, client address), keyed by a hash of both; a success deletes the row.
  await db.schema.createTable('sign_in_failures')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('first_failed_at', 'text', (c) => c.notNull())
    .addColumn('blocked_until', 'text')
    .execute();

  // Who wrote an outbound message or note: null for the bot (and every row before this migration), 'agent' for a person.
  await db.schema.alterTable('messages').addColumn('author', 'text').execute();
  // The overview counts an account's messages since midnight without walking its whole history.
  // 0010 creates the same index for the retention purge: whichever runs first makes it.
  await db.schema.createIndex('messages_account_created').ifNotExists().on('messages').columns(['account_id', 'created_at']).execute();
  // The inbox lists an account's conversations by latest activity.
  await db.schema.createIndex('conversations_account_updated').on('conversations').columns(['account_id', 'updated_at']).execute();
}
