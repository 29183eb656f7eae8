// The part of PostgreSQL's one-statement ingests that stores the inbound event and its history row.
import { sql, type RawBuilder } from 'kysely';

export interface InboundEventRows {
  channelId: number;
  kind: string;
  dedupKey: string | null;
  /** The inbox payload. */
  payload: string;
  /** The message row's content; null when the event is not a message (a form, a postback stored as an event only). */
  messageContent: string | null;
  providerMessageId: string | null;
  now: string;
}

/**
 * Two CTEs for a WITH whose CTE `c` is the conversation: `ev` inserts the event (nothing for a provider's retry: its
 * dedup key is known) and returns (id, conversation_id); `m` inserts its message, when it is one, and returns id.
 */
export function inboundEventCtes(e: InboundEventRows): RawBuilder<unknown> {
  return sql`ev AS (
      INSERT INTO conversation_events (conversation_id, channel_id, kind, dedup_key, payload, status, created_at, processed_at, batch_id)
      SELECT c.id, ${e.channelId}, ${e.kind}, ${e.dedupKey}, ${e.payload}, 'pending', ${e.now}, NULL, NULL FROM c
      ON CONFLICT (channel_id, dedup_key) DO NOTHING
      RETURNING id, conversation_id
    ), m AS (
      INSERT INTO messages (account_id, conversation_id, channel_id, human_id, direction, kind, content, status, failure_reason,
        provider_message_id, attempts, next_attempt_at, event_id, batch_id, created_at, updated_at)
      SELECT c.account_id, c.id, ${e.channelId}, c.human_id, 'in', 'message', ${e.messageContent}, 'received', NULL,
        ${e.providerMessageId}, 0, NULL, ev.id, NULL, ${e.now}, ${e.now}
      FROM c JOIN ev ON ev.conversation_id = c.id WHERE ${e.messageContent}::text IS NOT NULL
      RETURNING id
    )`;
}
