// PostgreSQL: the statements of a conversation's pass (claim, inbox read, release, a message marked sent) for many conversations at once.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ConversationEventsTable, ConversationsTable, Database } from '../schema.js';
import { bucketedArray, bucketedIds, bucketFor } from './array-buckets.js';
import { toConversationRow, type ConversationRow } from './conversations.js';
import { toEvent, type InboxEvent } from './inbox.js';

export type ClaimedRow = ConversationRow & { hasQueued: boolean };

/*
 * Each takes at most MOST_ELEMENTS conversations or messages, in arrays of a fixed size per statement (array-buckets.ts)
 * that PostgreSQL plans once per connection. The claims and releases lock their conversations in id order (the FOR
 * UPDATE subquery): two processes claiming overlapping sets wait for each other instead of deadlocking. The conditions
 * are those of the one-conversation statements in conversations.ts, checked again on the row as locked.
 */

/** ConversationRepository.claim for each id; the map holds the conversations claimed. */
export async function claimMany(db: Kysely<Database>, ids: readonly number[], owner: string, now: string, until: string): Promise<Map<number, ClaimedRow>> {
  const { rows } = await sql<Selectable<ConversationsTable> & { has_queued: boolean }>`
    UPDATE conversations c SET lease_owner = ${owner}, lease_until = ${until}
    FROM (SELECT id FROM conversations WHERE id = ANY(${bucketedIds(ids)}) ORDER BY id FOR UPDATE) l
    WHERE c.id = l.id AND c.parked_reason IS NULL AND (c.lease_until IS NULL OR c.lease_until < ${now} OR c.lease_owner = ${owner})
    RETURNING c.*, EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = c.id AND m.status = 'queued') AS has_queued`.execute(db);
  return new Map(rows.map((r) => [r.id, { ...toConversationRow(r), hasQueued: r.has_queued }]));
}

/** InboxRepository.pending for each id, `limit` events each at most, by conversation in arrival order. */
export async function pendingMany(db: Kysely<Database>, ids: readonly number[], limit: number): Promise<Map<number, InboxEvent[]>> {
  const { rows } = await sql<Selectable<ConversationEventsTable>>`
    SELECT e.* FROM unnest(${bucketedIds(ids)}) AS k(id) CROSS JOIN LATERAL (
      SELECT * FROM conversation_events WHERE conversation_id = k.id AND status = 'pending' ORDER BY id LIMIT ${limit}) e
    ORDER BY e.conversation_id, e.id`.execute(db);
  const byConversation = new Map<number, InboxEvent[]>();
  for (const row of rows) {
    const list = byConversation.get(row.conversation_id);
    if (list === undefined) byConversation.set(row.conversation_id, [toEvent(row)]);
    else list.push(toEvent(row));
  }
  return byConversation;
}

/** ConversationRepository.releaseIfIdle for each id; the set holds those released. */
export async function releaseIdleMany(db: Kysely<Database>, ids: readonly number[], owner: string): Promise<Set<number>> {
  const { rows } = await sql<{ id: number }>`
    UPDATE conversations c SET lease_owner = NULL, lease_until = NULL
    FROM (SELECT id FROM conversations WHERE id = ANY(${bucketedIds(ids)}) AND lease_owner = ${owner} ORDER BY id FOR UPDATE) l
    WHERE c.id = l.id AND c.lease_owner = ${owner}
      AND NOT EXISTS (SELECT 1 FROM conversation_events e WHERE e.conversation_id = c.id AND e.status = 'pending')
    RETURNING c.id`.execute(db);
  return new Set(rows.map((r) => r.id));
}

/** MessageRepository.markSent for each message; the set holds those that were still queued (and are sent now). */
export async function markSentMany(db: Kysely<Database>, sent: readonly { id: number; providerMessageId: string | null; now: string }[]): Promise<Set<number>> {
  const size = bucketFor(sent.length);
  const { rows } = await sql<{ id: number }>`
    UPDATE messages m SET status = 'sent', provider_message_id = v.provider_id, attempts = m.attempts + 1, next_attempt_at = NULL, updated_at = v.at
    FROM unnest(${bucketedArray(sent.map((s) => s.id), 'int', size)}, ${bucketedArray(sent.map((s) => s.providerMessageId), 'text', size)},
      ${bucketedArray(sent.map((s) => s.now), 'text', size)}) AS v(id, provider_id, at)
    WHERE m.id = v.id AND m.status = 'queued'
    RETURNING m.id`.execute(db);
  return new Set(rows.map((r) => r.id));
}

/** IdentityRepository.subscriptionAt for each (channel, address); answers in the order asked (undefined: no such identity). */
export async function subscriptionsAt(db: Kysely<Database>, asked: readonly { channelId: number; address: string }[]): Promise<({ humanId: number; subscribed: boolean | null } | undefined)[]> {
  const size = bucketFor(asked.length);
  const { rows } = await sql<{ i: string; human_id: number; subscribed: number | null }>`
    SELECT k.i, hi.human_id, s.subscribed
    FROM unnest(${bucketedArray(asked.map((a) => a.channelId), 'int', size)}, ${bucketedArray(asked.map((a) => a.address), 'text', size)})
      WITH ORDINALITY AS k(channel_id, address, i)
    JOIN human_identities hi ON hi.channel_id = k.channel_id AND hi.address = k.address
    LEFT JOIN subscriptions s ON s.channel_id = hi.channel_id AND s.human_id = hi.human_id`.execute(db);
  const answers: ({ humanId: number; subscribed: boolean | null } | undefined)[] = asked.map(() => undefined);
  for (const r of rows) answers[Number(r.i) - 1] = { humanId: r.human_id, subscribed: r.subscribed === null ? null : r.subscribed === 1 };
  return answers;
}
