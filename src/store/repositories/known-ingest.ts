// PostgreSQL: a returning human's message stored in one statement (event, message, claim), one round trip instead of six.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ConversationsTable, Database } from '../schema.js';
import { type ConversationRow, toConversationRow } from './conversations.js';
import { inboundEventCtes, type InboundEventRows } from './inbound-event-ctes.js';

export interface KnownIngest extends InboundEventRows {
  address: string;
  /** The claim to take for this process with the event, or null to take none. */
  claim: { owner: string; until: string } | null;
}

export interface KnownIngested {
  conversation: ConversationRow;
  /** Null: the provider sent this event before (its dedup key is known); nothing was stored. */
  eventId: number | null;
  messageId: number | null;
  /** The conversation's newest message before the stored one, as the statement saw it; null without a message. */
  previousMessageId: number | null;
  /** The conversation as the claim read it, when the claim was taken. */
  claimed: (ConversationRow & { hasQueued: boolean }) | undefined;
}

type ClaimColumns = { [K in keyof Selectable<ConversationsTable> as `k_${K & string}`]: Selectable<ConversationsTable>[K] | null };
type Row = Selectable<ConversationsTable> & ClaimColumns & {
  event_id: number | null; message_id: number | null; previous_id: number | null; k_has_queued: boolean | null;
};

/**
 * Stores the event (and its message) in the conversation of whoever writes from `address`, and takes the claim, as one
 * statement (data-modifying CTEs, PostgreSQL only): one round trip and one commit. Undefined when nobody wrote from
 * that address on the channel yet: the caller then takes the path that finds or creates the human.
 */
export async function ingestKnown(db: Kysely<Database>, e: KnownIngest): Promise<KnownIngested | undefined> {
  const claim = e.claim !== null;
  const { rows } = await sql<Row>`
    WITH c AS (
      SELECT conversations.* FROM conversations
      JOIN human_identities hi ON hi.channel_id = conversations.channel_id AND hi.human_id = conversations.human_id
      WHERE hi.channel_id = ${e.channelId} AND hi.address = ${e.address}
    ), ${inboundEventCtes(e)}, k AS (
      UPDATE conversations SET lease_owner = ${e.claim?.owner ?? null}, lease_until = ${e.claim?.until ?? null}
      WHERE ${claim} AND id = (SELECT conversation_id FROM ev) AND parked_reason IS NULL
        -- A claim nobody holds, never this process's own: why in ConversationRepository.claimFree.
        AND (lease_until IS NULL OR lease_until < ${e.now})
      RETURNING conversations.*,
        EXISTS (SELECT 1 FROM messages q WHERE q.conversation_id = conversations.id AND q.status = 'queued') AS has_queued
    )
    SELECT c.*, (SELECT id FROM ev) AS event_id, (SELECT id FROM m) AS message_id,
      (SELECT max(p.id) FROM messages p WHERE p.conversation_id = c.id AND EXISTS (SELECT 1 FROM m)) AS previous_id,
      k.id AS k_id, k.account_id AS k_account_id, k.bot_id AS k_bot_id, k.channel_id AS k_channel_id, k.human_id AS k_human_id,
      k.address AS k_address, k.state AS k_state, k.bot_enabled AS k_bot_enabled, k.priority AS k_priority,
      k.lease_owner AS k_lease_owner, k.lease_until AS k_lease_until, k.parked_reason AS k_parked_reason,
      k.parked_at AS k_parked_at, k.created_at AS k_created_at, k.updated_at AS k_updated_at, k.has_queued AS k_has_queued
    FROM c LEFT JOIN k ON true`.execute(db);
  const r = rows[0];
  if (r === undefined) return undefined;
  const claimed = r.k_id === null ? undefined : {
    ...toConversationRow({
      id: r.k_id, account_id: r.k_account_id!, bot_id: r.k_bot_id!, channel_id: r.k_channel_id!, human_id: r.k_human_id!,
      address: r.k_address!, state: r.k_state!, bot_enabled: r.k_bot_enabled!, priority: r.k_priority!, lease_owner: r.k_lease_owner,
      lease_until: r.k_lease_until, parked_reason: r.k_parked_reason, parked_at: r.k_parked_at, created_at: r.k_created_at!, updated_at: r.k_updated_at!,
    }),
    hasQueued: Boolean(r.k_has_queued),
  };
  const previousMessageId = r.previous_id === null ? null : Number(r.previous_id);
  return { conversation: toConversationRow(r), eventId: r.event_id, messageId: r.message_id, previousMessageId, claimed };
}
