// The conversation inbox: events stored before they are handled, deduplicated by provider message id or timer token.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ConversationEventsTable, Database } from '../schema.js';
import { runCompiled } from './compiled.js';

export interface InboxEvent {
  id: number;
  conversationId: number;
  channelId: number;
  kind: string;
  payload: string;
  createdAt: string;
}

export const toEvent = (r: Selectable<ConversationEventsTable>): InboxEvent => ({
  id: r.id, conversationId: r.conversation_id, channelId: r.channel_id, kind: r.kind, payload: r.payload, createdAt: r.created_at,
});

export class InboxRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores an event; null when one with the same key is already there (a provider's retry, a timer fired twice). */
  async add(e: { conversationId: number; channelId: number; kind: string; dedupKey: string | null; payload: string; batchId?: number }, now: string): Promise<number | null> {
    const { rows } = await runCompiled(this.db, 'inbox.add', (db) => db.insertInto('conversation_events').values({
      conversation_id: 0, channel_id: 0, kind: '', dedup_key: '', payload: '',
      status: sql.lit('pending'), created_at: '', processed_at: sql.lit(null), batch_id: 0,
    }).onConflict((oc) => oc.columns(['channel_id', 'dedup_key']).doNothing()).returning('id').compile(),
    [e.conversationId, e.channelId, e.kind, e.dedupKey, e.payload, now, e.batchId ?? null]);
    return rows[0]?.id ?? null;
  }

  /** Pending events of a conversation in arrival order. */
  async pending(conversationId: number, limit: number): Promise<InboxEvent[]> {
    const { rows } = await runCompiled(this.db, 'inbox.pending', (db) => db.selectFrom('conversation_events').selectAll()
      .where('conversation_id', '=', 0).where('status', '=', sql.lit('pending')).orderBy('id').limit(0).compile(), [conversationId, limit]);
    return rows.map(toEvent);
  }

  async markDone(id: number, now: string): Promise<void> {
    await runCompiled(this.db, 'inbox.markDone', (db) => db.updateTable('conversation_events').set({ status: sql.lit('done'), processed_at: '' })
      .where('id', '=', 0).compile(), [now, id]);
  }

  /** Whether any event of the batch waits to run: one index entry is enough to know (a count read them all, dead ones too). */
  async anyPendingOfBatch(batchId: number): Promise<boolean> {
    const r = await this.db.selectFrom('conversation_events').select('id')
      // The literal matches the partial index conversation_events_batch_pending (SQLite uses it only when written so).
      .where('batch_id', '=', batchId).where('status', '=', sql.lit('pending')).limit(1).executeTakeFirst();
    return r !== undefined;
  }

  async status(id: number): Promise<string | undefined> {
    const r = await this.db.selectFrom('conversation_events').select('status').where('id', '=', id).executeTakeFirst();
    return r?.status;
  }

  /** The event stored under a dedup key on a channel: the original that a provider's repeated request names. */
  async idByKey(channelId: number, dedupKey: string): Promise<number | undefined> {
    const r = await this.db.selectFrom('conversation_events').select('id').where('channel_id', '=', channelId).where('dedup_key', '=', dedupKey).executeTakeFirst();
    return r?.id;
  }

  /** The dedup key of the event whose run produced a message (`msg:…` when a provider's request brought it); null: none or no key. */
  async keyOfProducer(messageId: number): Promise<string | null> {
    const r = await this.db.selectFrom('messages').innerJoin('conversation_events', 'conversation_events.id', 'messages.event_id')
      .select('conversation_events.dedup_key').where('messages.id', '=', messageId).executeTakeFirst();
    return r?.dedup_key ?? null;
  }

  /**
   * The next `limit` conversations with pending events after `after` (by id, so successive sweeps page through them all
   * instead of finding the same first ones), for the recovery sweep, each with whether this process may run it: not a
   * parked one (it takes no runs), nor one another process holds a live claim on (it runs its events before it gives
   * the claim up). The page is walked one conversation at a time down the pending index, each step the least id past
   * the last, whatever the statistics say of how many events are pending: planned as a join, or as a DISTINCT over the
   * index, PostgreSQL read and sorted every pending event past the cursor when its statistics were older than the
   * broadcast that filled the inbox (92–155 ms a sweep in a broadcast of 100,000).
   */
  async conversationsWithPending(after: number, owner: string, now: string, limit: number): Promise<{ id: number; runnable: boolean }[]> {
    // The literal 'pending' matches the partial index conversation_events_pending, which is in conversation order.
    const { rows } = await sql<{ conversation_id: number; runnable: boolean | number }>`
      WITH RECURSIVE page(conversation_id, n) AS (
        SELECT (SELECT min(conversation_id) FROM conversation_events WHERE status = 'pending' AND conversation_id > ${after}), 1
        UNION ALL
        SELECT (SELECT min(e.conversation_id) FROM conversation_events e WHERE e.status = 'pending' AND e.conversation_id > page.conversation_id), page.n + 1
        FROM page WHERE page.conversation_id IS NOT NULL AND page.n < ${limit}
      )
      SELECT page.conversation_id,
        c.parked_reason IS NULL AND (c.lease_until IS NULL OR c.lease_until < ${now} OR c.lease_owner = ${owner}) AS runnable
      FROM page JOIN conversations c ON c.id = page.conversation_id
      ORDER BY page.conversation_id`.execute(this.db);
    return rows.map((r) => ({ id: r.conversation_id, runnable: Boolean(r.runnable) }));
  }
}
