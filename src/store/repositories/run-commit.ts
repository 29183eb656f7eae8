// PostgreSQL: a run that saves its state and sends at most one message, committed by one statement instead of six round trips.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

export interface RunCommit {
  conversationId: number;
  /** The claim's holder: nothing is written when it no longer holds it. */
  owner: string;
  now: string;
  state: string;
  botEnabled: boolean;
  priority: string;
  /** The event the run handled, marked done. */
  eventId: number;
  /** Give the claim up in the same statement when no other event of the conversation is pending. */
  release: boolean;
  /** The one outbound message, or null when the run sent none. */
  message: {
    accountId: number;
    channelId: number;
    humanId: number;
    content: string;
    batchId: number | null;
    /** Stored as sent with the provider id `prefix` + its id (delivered by the commit, web chat); null: queued for the outbox. */
    sentPrefix: string | null;
  } | null;
}

export interface RunCommitted {
  /** The message stored, if any. */
  messageId: number | null;
  /** The conversation's newest message before it as the statement saw it (what a web-chat socket must have shown first). */
  previousId: number | null;
  released: boolean;
}

type Row = { saved: boolean; released: boolean | null; message_id: number | null; previous_id: number | null };

/**
 * The state saved (and the claim given up when asked and nothing else is pending: the other events are looked at as of
 * the statement's start, which is why the handled one is excluded by id), the event done and the message stored, as one
 * statement with data-modifying CTEs: one round trip, one commit. Null when the claim was lost: nothing was written.
 */
export async function commitRunAtOnce(db: Kysely<Database>, c: RunCommit): Promise<RunCommitted | null> {
  const m = c.message;
  const sent = m?.sentPrefix != null;
  const { rows } = await sql<Row>`
    WITH s AS (
      UPDATE conversations SET state = ${c.state}, bot_enabled = ${c.botEnabled ? 1 : 0}, priority = ${c.priority}, updated_at = ${c.now},
        lease_owner = CASE WHEN ${c.release} AND NOT EXISTS (SELECT 1 FROM conversation_events e WHERE e.conversation_id = conversations.id
          AND e.status = 'pending' AND e.id <> ${c.eventId}) THEN NULL ELSE lease_owner END,
        lease_until = CASE WHEN ${c.release} AND NOT EXISTS (SELECT 1 FROM conversation_events e WHERE e.conversation_id = conversations.id
          AND e.status = 'pending' AND e.id <> ${c.eventId}) THEN NULL ELSE lease_until END
      WHERE id = ${c.conversationId} AND lease_owner = ${c.owner} AND lease_until >= ${c.now}
      RETURNING lease_owner IS NULL AS released
    ), d AS (
      UPDATE conversation_events SET status = 'done', processed_at = ${c.now} WHERE id = ${c.eventId} AND EXISTS (SELECT 1 FROM s)
    ), n AS (
      SELECT nextval(pg_get_serial_sequence('messages', 'id')) AS id FROM s WHERE ${m !== null}
    ), m AS (
      INSERT INTO messages (id, account_id, conversation_id, channel_id, human_id, direction, kind, content, status, failure_reason,
        provider_message_id, attempts, next_attempt_at, event_id, batch_id, created_at, updated_at)
      SELECT n.id, ${m?.accountId ?? null}::integer, ${c.conversationId}, ${m?.channelId ?? null}::integer, ${m?.humanId ?? null}::integer,
        'out', 'message', ${m?.content ?? null}::text, ${sent ? 'sent' : 'queued'}, NULL,
        CASE WHEN ${sent} THEN ${m?.sentPrefix ?? null}::text || n.id ELSE NULL END, ${sent ? 1 : 0}, NULL, ${c.eventId},
        ${m?.batchId ?? null}::integer, ${c.now}, ${c.now}
      FROM n
      RETURNING id
    )
    SELECT EXISTS (SELECT 1 FROM s) AS saved, (SELECT released FROM s) AS released, (SELECT id FROM m) AS message_id,
      (SELECT max(id) FROM messages WHERE conversation_id = ${c.conversationId} AND ${m !== null}) AS previous_id`.execute(db);
  const r = rows[0]!;
  if (!r.saved) return null;
  const id = (v: number | null) => (v === null ? null : Number(v));
  return { messageId: id(r.message_id), previousId: id(r.previous_id), released: r.released === true };
}
