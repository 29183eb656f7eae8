// PostgreSQL: a run that saves its state and sends at most one message, committed by one statement instead of six round trips.
import { sql, type Kysely } from 'kysely';
import { coalesced } from '../coalesced.js';
import type { Database } from '../schema.js';
import type { RunTriage } from './conversations.js';
import { mergeTallies, type Tally } from './analytics.js';

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
  /** The inbox's triage changed with the state (ConversationRepository.saveState says how). */
  triage: RunTriage;
  /** The conversation's account: whose analytics the tallies add to. */
  accountId: number;
  /** What the run adds to the analytics' journal (services/analytics/run-tally.ts), written only when the state is. */
  tallies: readonly Tally[];
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
  const tallies = mergeTallies(c.tallies);
  const { rows } = await sql<Row>`
    WITH s AS (
      UPDATE conversations SET state = ${c.state}, bot_enabled = ${c.botEnabled ? 1 : 0}, priority = ${c.priority}, updated_at = ${c.now},
        activity_at = CASE WHEN ${c.triage.activity} THEN ${c.now} ELSE activity_at END,
        status = CASE WHEN ${c.triage.reopen} THEN 'open' ELSE status END,
        wants_person_at = CASE WHEN ${c.triage.wantsPerson} AND wants_person_at IS NULL THEN ${c.now} ELSE wants_person_at END,
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
    ), a AS (
      INSERT INTO analytics_deltas (account_id, day, bot_id, channel_id, metric, key, n)
      SELECT ${c.accountId}::integer, t.day, t.bot_id, t.channel_id, t.metric, t.key, t.n
      FROM unnest(${tallies.map((t) => t.day)}::text[], ${tallies.map((t) => t.botId)}::int[], ${tallies.map((t) => t.channelId)}::int[],
        ${tallies.map((t) => t.metric)}::text[], ${tallies.map((t) => t.key)}::text[], ${tallies.map((t) => t.n)}::bigint[])
        AS t(day, bot_id, channel_id, metric, key, n)
      WHERE EXISTS (SELECT 1 FROM s)
    )
    SELECT EXISTS (SELECT 1 FROM s) AS saved, (SELECT released FROM s) AS released, (SELECT id FROM m) AS message_id,
      (SELECT max(id) FROM messages WHERE conversation_id = ${c.conversationId} AND ${m !== null}) AS previous_id`.execute(db);
  const r = rows[0]!;
  if (!r.saved) return null;
  const id = (v: number | null) => (v === null ? null : Number(v));
  return { messageId: id(r.message_id), previousId: id(r.previous_id), released: r.released === true };
}

type ManyRow = Row & { i: number };

/**
 * The runs of one turn, each committed as commitRunAtOnce would, by one statement: the same CTEs over one array per
 * field. Answers in the order of `commits`, null for a run whose claim was lost. No conversation may come twice (one
 * pass runs a conversation at a time); the rows are taken in conversation order, as the claims lock them.
 */
export async function commitRunsAtOnce(db: Kysely<Database>, commits: readonly RunCommit[]): Promise<(RunCommitted | null)[]> {
  const column = <T>(of: (c: RunCommit) => T): T[] => commits.map(of);
  // One journal row per tally, named by its conversation: only the runs whose claim held add theirs.
  const tallies = commits.flatMap((c) => mergeTallies(c.tallies).map((t) => ({ ...t, conversationId: c.conversationId, accountId: c.accountId })));
  const { rows } = await sql<ManyRow>`
    WITH k AS (
      SELECT * FROM unnest(${column((c) => c.conversationId)}::int[], ${column((c) => c.owner)}::text[], ${column((c) => c.now)}::text[],
        ${column((c) => c.state)}::text[], ${column((c) => (c.botEnabled ? 1 : 0))}::int[], ${column((c) => c.priority)}::text[],
        ${column((c) => c.eventId)}::int[], ${column((c) => c.release)}::bool[], ${column((c) => c.message !== null)}::bool[],
        ${column((c) => c.message?.accountId ?? null)}::int[], ${column((c) => c.message?.channelId ?? null)}::int[],
        ${column((c) => c.message?.humanId ?? null)}::int[], ${column((c) => c.message?.content ?? null)}::text[],
        ${column((c) => c.message?.batchId ?? null)}::int[], ${column((c) => c.message?.sentPrefix ?? null)}::text[],
        ${column((c) => c.triage.activity)}::bool[], ${column((c) => c.triage.reopen)}::bool[], ${column((c) => c.triage.wantsPerson)}::bool[])
        WITH ORDINALITY AS k(conversation_id, owner, now, state, bot_enabled, priority, event_id, release, has_message,
          account_id, channel_id, human_id, content, batch_id, sent_prefix, activity, reopen, wants_person, i)
    ), s AS (
      UPDATE conversations SET state = k.state, bot_enabled = k.bot_enabled, priority = k.priority, updated_at = k.now,
        activity_at = CASE WHEN k.activity THEN k.now ELSE conversations.activity_at END,
        status = CASE WHEN k.reopen THEN 'open' ELSE conversations.status END,
        wants_person_at = CASE WHEN k.wants_person AND conversations.wants_person_at IS NULL THEN k.now ELSE conversations.wants_person_at END,
        lease_owner = CASE WHEN k.release AND NOT EXISTS (SELECT 1 FROM conversation_events e WHERE e.conversation_id = conversations.id
          AND e.status = 'pending' AND e.id <> k.event_id) THEN NULL ELSE conversations.lease_owner END,
        lease_until = CASE WHEN k.release AND NOT EXISTS (SELECT 1 FROM conversation_events e WHERE e.conversation_id = conversations.id
          AND e.status = 'pending' AND e.id <> k.event_id) THEN NULL ELSE conversations.lease_until END
      FROM (SELECT * FROM k ORDER BY conversation_id) k
      WHERE conversations.id = k.conversation_id AND conversations.lease_owner = k.owner AND conversations.lease_until >= k.now
      RETURNING conversations.id, conversations.lease_owner IS NULL AS released
    ), d AS (
      UPDATE conversation_events SET status = 'done', processed_at = k.now FROM k JOIN s ON s.id = k.conversation_id
      WHERE conversation_events.id = k.event_id
    ), n AS (
      SELECT k.i, nextval(pg_get_serial_sequence('messages', 'id')) AS id FROM k JOIN s ON s.id = k.conversation_id WHERE k.has_message
    ), m AS (
      INSERT INTO messages (id, account_id, conversation_id, channel_id, human_id, direction, kind, content, status, failure_reason,
        provider_message_id, attempts, next_attempt_at, event_id, batch_id, created_at, updated_at)
      SELECT n.id, k.account_id, k.conversation_id, k.channel_id, k.human_id, 'out', 'message', k.content,
        CASE WHEN k.sent_prefix IS NULL THEN 'queued' ELSE 'sent' END, NULL, k.sent_prefix || n.id,
        CASE WHEN k.sent_prefix IS NULL THEN 0 ELSE 1 END, NULL, k.event_id, k.batch_id, k.now, k.now
      FROM n JOIN k ON k.i = n.i
    ), a AS (
      INSERT INTO analytics_deltas (account_id, day, bot_id, channel_id, metric, key, n)
      SELECT t.account_id, t.day, t.bot_id, t.channel_id, t.metric, t.key, t.n
      FROM unnest(${tallies.map((t) => t.conversationId)}::int[], ${tallies.map((t) => t.accountId)}::int[], ${tallies.map((t) => t.day)}::text[],
        ${tallies.map((t) => t.botId)}::int[], ${tallies.map((t) => t.channelId)}::int[], ${tallies.map((t) => t.metric)}::text[],
        ${tallies.map((t) => t.key)}::text[], ${tallies.map((t) => t.n)}::bigint[])
        AS t(conversation_id, account_id, day, bot_id, channel_id, metric, key, n)
      JOIN s ON s.id = t.conversation_id
    )
    SELECT k.i, s.id IS NOT NULL AS saved, s.released, n.id AS message_id,
      CASE WHEN k.has_message THEN (SELECT max(id) FROM messages WHERE conversation_id = k.conversation_id) END AS previous_id
    FROM k LEFT JOIN s ON s.id = k.conversation_id LEFT JOIN n ON n.i = k.i`.execute(db);
  const byIndex = new Map(rows.map((r) => [Number(r.i), r]));
  const id = (v: number | null) => (v === null ? null : Number(v));
  return commits.map((_, index) => {
    const r = byIndex.get(index + 1);
    return r === undefined || !r.saved ? null : { messageId: id(r.message_id), previousId: id(r.previous_id), released: r.released === true };
  });
}

/**
 * Commits a run by one statement shared with the other runs of the same event-loop turn (commitRunsAtOnce), or alone
 * by commitRunAtOnce when it has no company. A conversation twice in one turn (never from one process's passes, which
 * run a conversation one at a time) is committed alone, each in turn.
 */
export function sharedRunCommits(db: Kysely<Database>): (commit: RunCommit) => Promise<RunCommitted | null> {
  return coalesced(async (commits) => {
    if (new Set(commits.map((c) => c.conversationId)).size === commits.length) return commitRunsAtOnce(db, commits);
    const done: (RunCommitted | null)[] = [];
    for (const c of commits) done.push(await commitRunAtOnce(db, c));
    return done;
  }, { one: (c) => commitRunAtOnce(db, c) });
}
