// Message history retention per account: older messages are deleted by a daily job (null keeps them forever).
import type { Kysely } from 'kysely';
import type { Dialect } from './dialect.js';

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('message_retention_days', 'integer').execute();
  // The purge walks one account's messages by age: without this it would read the whole history of every account.
  await db.schema.createIndex('messages_account_created').on('messages').columns(['account_id', 'created_at']).execute();
}
