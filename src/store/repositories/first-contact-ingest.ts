// PostgreSQL: a first contact's message stored in one statement (human, identity, subscription, conversation, event, message, claim).
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ConversationsTable, Database } from '../schema.js';
import { toConversationRow } from './conversations.js';
import { inboundEventCtes } from './inbound-event-ctes.js';
import type { KnownIngest, KnownIngested } from './known-ingest.js';

/** A known sender's ingest (the event, its message, the claim), and what a first contact's human and conversation need. */
export interface FirstContactIngest extends KnownIngest {
  accountId: number;
  botId: number;
  /** The human's names and e-mail as the channel knows them; a phone number is matched to a human who may exist, so never here. */
  profile: { firstName: string | null; lastName: string | null; email: string | null };
  /** The new conversation's state. */
  state: string;
}

type Row = Selectable<ConversationsTable> & { event_id: number | null; message_id: number | null };

/**
 * A first contact in one statement (data-modifying CTEs): the human, the address linked to them, their subscription to
 * the channel, the conversation (created already claimed: one statement cannot update a row it inserts), the event
 * and its message. The statements of one WITH see the same snapshot and none of each other's rows, so each takes its
 * keys from the one before it. Undefined, having stored nothing, when the address is linked to a human already (one
 * with no conversation on the channel, as an agent may have linked): the caller's transaction then finds that human.
 * Two first messages from one new address at once: the identity's unique key makes the second statement wait for the
 * first and then link nothing, so it stores nothing but a human no address leads to (as the transaction does in that
 * race), and the caller's transaction finds the conversation the first made.
 */
export async function ingestFirstContact(db: Kysely<Database>, e: FirstContactIngest): Promise<KnownIngested | undefined> {
  const { rows } = await sql<Row>`
    WITH h AS (
      INSERT INTO humans (account_id, first_name, last_name, phone, email, created_at, updated_at, link_group, rcs_enabled, rcs_features, rcs_checked_at)
      SELECT ${e.accountId}, ${e.profile.firstName}, ${e.profile.lastName}, NULL, ${e.profile.email}, ${e.now}, ${e.now}, NULL, NULL, NULL, NULL
      WHERE NOT EXISTS (SELECT 1 FROM human_identities WHERE channel_id = ${e.channelId} AND address = ${e.address})
      RETURNING id
    ), i AS (
      INSERT INTO human_identities (account_id, channel_id, address, human_id, created_at)
      SELECT ${e.accountId}, ${e.channelId}, ${e.address}, h.id, ${e.now} FROM h
      ON CONFLICT (channel_id, address) DO NOTHING
      RETURNING human_id
    ), s AS (
      INSERT INTO subscriptions (channel_id, human_id, subscribed, updated_at)
      SELECT ${e.channelId}, i.human_id, 1, ${e.now} FROM i
      ON CONFLICT (channel_id, human_id) DO NOTHING
    ), c AS (
      INSERT INTO conversations (account_id, bot_id, channel_id, human_id, address, state, bot_enabled, priority, lease_owner, lease_until, created_at, updated_at)
      SELECT ${e.accountId}, ${e.botId}, ${e.channelId}, i.human_id, ${e.address}, ${e.state}, 1, 'normal', ${e.claim?.owner ?? null}, ${e.claim?.until ?? null}, ${e.now}, ${e.now}
      FROM i
      ON CONFLICT (channel_id, human_id) DO NOTHING
      RETURNING *
    ), ${inboundEventCtes(e)}
    SELECT c.*, (SELECT id FROM ev) AS event_id, (SELECT id FROM m) AS message_id FROM c`.execute(db);
  const r = rows[0];
  if (r === undefined) return undefined;
  const conversation = toConversationRow(r);
  // Created with the claim, and with nothing in its outbox.
  const claimed = e.claim === null ? undefined : { ...conversation, hasQueued: false };
  return { conversation, eventId: r.event_id, messageId: r.message_id, previousMessageId: null, claimed };
}
