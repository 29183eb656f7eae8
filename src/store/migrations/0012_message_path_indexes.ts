// Fewer index pages per message: every page a commit touches is written again (a WAL frame on SQLite), so the inbox and the
// history keep only indexes some query reads, and those over short-lived states (pending, queued) or rare columns are partial.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from './dialect.js';

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  // conversation_events. (conversation_id, status, id) and (status, conversation_id) moved each event's entries when it
  // was run, and (batch_id, status) held every event under a null batch. conversation_events_dedup stays (the inbox's
  // ON CONFLICT needs it whole). Now:
  await db.schema.dropIndex('conversation_events_pending').execute();
  await db.schema.dropIndex('conversation_events_status').execute();
  await db.schema.dropIndex('conversation_events_batch').execute();
  // - every event of a conversation, unchanged when it is run: the erase, the retention purge's join and the cascade
  //   when a conversation is deleted (SQLite scans the whole table per deleted conversation without it);
  await db.schema.createIndex('conversation_events_conversation').on('conversation_events').column('conversation_id').execute();
  // - the pending events (a handful at any time): the run's read of its inbox, the release's check that nothing waits,
  //   the sweep and the depth metric, which all name the status as the literal 'pending' (SQLite matches it as written).
  //   The status is a column too, constant as it is: SQLite, without statistics, would otherwise rate the full index on
  //   conversation_id as good for `conversation_id = ? AND status = 'pending'` and read the conversation's whole inbox;
  await sql`CREATE INDEX conversation_events_pending ON conversation_events (conversation_id, status, id) WHERE status = 'pending'`.execute(db);
  // - a broadcast's events not yet run, for its progress; no conversational event (batch_id null) enters it.
  await sql`CREATE INDEX conversation_events_batch_pending ON conversation_events (batch_id) WHERE batch_id IS NOT NULL AND status = 'pending'`.execute(db);

  // messages. messages_conversation (history, the cascade) and messages_account_created (overview, retention) stay.
  // - The outbox (status, next_attempt_at) held every message and moved each one sent; the sweep reads the queued ones
  //   from messages_queued instead, rebuilt with next_attempt_at so it finds those due without reading the rows, and with
  //   the status for SQLite's choice as above (else it prefers messages_conversation for a conversation's queued items).
  await db.schema.dropIndex('messages_outbox').execute();
  await db.schema.dropIndex('messages_queued').execute();
  await sql`CREATE INDEX messages_queued ON messages (conversation_id, status, id, next_attempt_at) WHERE status = 'queued'`.execute(db);
  // - A provider's status report finds its message by the provider's id: rows without one (notes, e-mail, not yet sent)
  //   stay out. The id leads, so a report for a message another channel of the account sent is found by it too.
  await db.schema.dropIndex('messages_provider').execute();
  await sql`CREATE INDEX messages_provider ON messages (provider_message_id, channel_id) WHERE provider_message_id IS NOT NULL`.execute(db);
  // - The overview's count of the day's failed deliveries (the outbox served it on PostgreSQL): only failed messages.
  await sql`CREATE INDEX messages_failed ON messages (account_id, created_at) WHERE status = 'failed'`.execute(db);
  // - A broadcast's per-status counts: only its messages are in it.
  await db.schema.dropIndex('messages_batch').execute();
  await sql`CREATE INDEX messages_batch ON messages (batch_id, status) WHERE batch_id IS NOT NULL`.execute(db);
}
