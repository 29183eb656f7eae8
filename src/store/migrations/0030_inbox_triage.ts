// The inbox a support team triages: each conversation's status, assignee, "wants a person" flag and last activity, each
// member's read marks, and the account's canned replies.
import { sql, type Kysely } from 'kysely';
import { idColumn, type Dialect } from './dialect.js';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // open | pending | resolved; a human's message sets it back to open in the commit of its run.
  await db.schema.alterTable('conversations').addColumn('status', 'text', (c) => c.notNull().defaultTo('open')).execute();
  await db.schema.alterTable('conversations')
    .addColumn('assignee_id', 'integer', (c) => c.references('members.id').onDelete('set null')).execute();
  // When the bot handed the conversation to people or the human asked for one; null: nobody is waited for.
  await db.schema.alterTable('conversations').addColumn('wants_person_at', 'text').execute();
  // When the conversation last had a message (in, out or a note): the inbox's order. updated_at also moves when a timer
  // fires with nothing to say, which put such conversations on top of the inbox with nothing new in them.
  await db.schema.alterTable('conversations').addColumn('activity_at', 'text', (c) => c.notNull().defaultTo('')).execute();
  await sql`UPDATE conversations SET activity_at = COALESCE(
    (SELECT m.created_at FROM messages m WHERE m.conversation_id = conversations.id ORDER BY m.id DESC LIMIT 1), created_at)`.execute(db);
  // The inbox reads by activity now; updated_at, which every run moves, keeps no index entry to rewrite.
  await db.schema.dropIndex('conversations_account_updated').execute();
  await db.schema.createIndex('conversations_account_activity').on('conversations').columns(['account_id', 'activity_at', 'id']).execute();
  // "Mine", and a removed member's conversations set back to nobody (the foreign key's action) without a scan.
  await sql`CREATE INDEX conversations_assignee ON conversations (assignee_id) WHERE assignee_id IS NOT NULL`.execute(db);

  // Up to which message each member has read each conversation; a conversation never opened has no row.
  await db.schema.createTable('conversation_reads')
    .addColumn('conversation_id', 'integer', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('last_read_id', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('conversation_reads_pk', ['conversation_id', 'member_id'])
    .execute();
  await db.schema.createIndex('conversation_reads_member').on('conversation_reads').column('member_id').execute();

  await idColumn(db.schema.createTable('canned_replies'), dialect)
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('canned_replies_title', ['account_id', 'title'])
    .execute();
}
