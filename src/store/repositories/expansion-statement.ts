// PostgreSQL: a broadcast page expanded by one statement (the audience's next page read, linked, given conversations and events, the cursor moved).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { PLANNED_EACH_TIME } from '../planned-each-time.js';

/** What the statement needs besides the page's query: the batch, its cursor, and what its rows are made of. */
export interface NextPage {
  accountId: number; botId: number; channelId: number; batchId: number;
  /** The batch's cursor as the caller read it: the statement stores nothing when another run moved it since. */
  from: number;
  limit: number;
  /** A phone channel reaches a human who never wrote in at their phone number. */
  phoneChannel: boolean;
  kind: string; payload: string; state: string;
}

export interface ExpandedPage {
  /** The batch's cursor after the page, and whether the audience is done. */
  cursor: number;
  done: boolean;
  /** Conversations that got the batch's event, and those the page created. */
  queued: number[];
  created: number[];
  /**
   * Reachable humans whose conversation another transaction created while the statement ran (a first message at the
   * same moment): the statement's snapshot does not show it, so they got no event yet.
   */
  unseen: number[];
}

type Row = { cursor: number; status: string; queued: number[]; created: number[]; unseen: number[] };

/**
 * One page in one statement (data-modifying CTEs, one round trip and one commit), instead of a read of the page into
 * the process and a transaction of five statements writing it back: what the page costs is then the rows' own inserts.
 * `page` is the audience's next `limit` humans after `from`, one row each (id, phone, address on the channel or null).
 * Every write is conditional on the cursor's move (`progress`), so of two runs racing for a page one stores it and the
 * other stores nothing and gets null, as the transaction path's first statement decides. The sub-statements share one
 * snapshot: conversations that existed before it are read (`existing`), those it creates come from `created`.
 */
export async function expandInOneStatement(db: Kysely<Database>, page: { compile(): { sql: string; parameters: readonly unknown[] } }, p: NextPage, now: string): Promise<ExpandedPage | null> {
  const { rows } = await sql<Row>`${sql.raw(PLANNED_EACH_TIME)}
    WITH t AS (${page}), pg AS (
      SELECT t.id AS human_id, COALESCE(t.address, CASE WHEN ${p.phoneChannel} THEN t.phone END) AS address, t.address IS NOT NULL AS linked FROM t
    ), progress AS (
      UPDATE message_batches SET
        cursor = COALESCE((SELECT max(human_id) FROM pg), cursor),
        expanded = expanded + (SELECT count(*) FROM pg WHERE address IS NOT NULL),
        unreachable = unreachable + (SELECT count(*) FROM pg WHERE address IS NULL),
        updated_at = ${now},
        status = CASE WHEN (SELECT count(*) FROM pg) < ${p.limit} THEN 'done' ELSE status END,
        completed_at = CASE WHEN (SELECT count(*) FROM pg) < ${p.limit} THEN ${now} ELSE completed_at END
      WHERE id = ${p.batchId} AND cursor = ${p.from} AND status <> 'done'
      RETURNING cursor, status
    ), linked AS (
      INSERT INTO human_identities (channel_id, address, account_id, human_id, created_at)
      SELECT ${p.channelId}, address, ${p.accountId}, human_id, ${now} FROM pg
      WHERE NOT linked AND address IS NOT NULL AND EXISTS (SELECT 1 FROM progress)
      ON CONFLICT (channel_id, address) DO NOTHING
    ), created AS (
      INSERT INTO conversations (account_id, bot_id, channel_id, human_id, address, state, bot_enabled, priority, lease_owner, lease_until, created_at, updated_at)
      SELECT ${p.accountId}, ${p.botId}, ${p.channelId}, human_id, address, ${p.state}, 1, 'normal', NULL, NULL, ${now}, ${now} FROM pg
      WHERE address IS NOT NULL AND EXISTS (SELECT 1 FROM progress)
      ON CONFLICT (channel_id, human_id) DO NOTHING
      RETURNING id, human_id
    ), existing AS (
      SELECT c.id, c.human_id FROM pg JOIN conversations c ON c.channel_id = ${p.channelId} AND c.human_id = pg.human_id
      WHERE pg.address IS NOT NULL
    ), queued AS (
      INSERT INTO conversation_events (conversation_id, channel_id, kind, dedup_key, payload, status, created_at, processed_at, batch_id)
      SELECT c.id, ${p.channelId}, ${p.kind}, 'batch:' || ${p.batchId}::integer || ':' || c.human_id, ${p.payload}, 'pending', ${now}, NULL, ${p.batchId}
      FROM (SELECT id, human_id FROM created UNION ALL SELECT id, human_id FROM existing) c
      WHERE EXISTS (SELECT 1 FROM progress)
      ON CONFLICT (channel_id, dedup_key) DO NOTHING
      RETURNING conversation_id
    )
    SELECT progress.cursor, progress.status,
      ARRAY(SELECT conversation_id FROM queued) AS queued, ARRAY(SELECT id FROM created) AS created,
      ARRAY(SELECT human_id FROM pg WHERE address IS NOT NULL
        AND human_id NOT IN (SELECT human_id FROM created) AND human_id NOT IN (SELECT human_id FROM existing)) AS unseen
    FROM progress`.execute(db);
  const r = rows[0];
  if (r === undefined) return null;
  return { cursor: r.cursor, done: r.status === 'done', queued: r.queued, created: r.created, unseen: r.unseen };
}
