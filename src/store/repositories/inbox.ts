// The conversation inbox: events stored before they are handled, deduplicated by provider message id or timer token.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ConversationEventsTable, Database } from '../schema.js';
import { type Planning, runCompiled } from './compiled.js';

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
  async pending(conversationId: number, limit: number, planning?: Planning): Promise<InboxEvent[]> {
    const { rows } = await runCompiled(this.db, 'inbox.pending', (db) => db.selectFrom('conversation_events').selectAll()
      .where('conversation_id', '=', 0).where('status', '=', sql.lit('pending')).orderBy('id').limit(0).compile(), [conversationId, limit], planning);
    return rows.map(toEvent);
  }

  async markDone(id: number, now: string): Promise<void> {
    await runCompiled(this.db, 'inbox.markDone', (db) => db.updateTable('conversation_events').set({ status: sql.lit('done'), processed_at: '' })
      .where('id', '=', 0).compile(), [now, id]);
  }

  async pendingOfBatch(batchId: number): Promise<number> {
    const r = await this.db.selectFrom('conversation_events').select((eb) => eb.fn.countAll<number>().as('n'))
      // The literal matches the partial index conversation_events_batch_pending (SQLite uses it only when written so).
      .where('batch_id', '=', batchId).where('status', '=', sql.lit('pending')).executeTakeFirstOrThrow();
    return Number(r.n);
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
   * Conversations with pending events after `after` (by id, so successive sweeps page through them all instead of
   * finding the same first ones), for the recovery sweep: not the parked ones (they take no runs), nor those another
   * process holds a live claim on (it runs their events before it gives the claim up).
   */
  async conversationsWithPending(after: number, owner: string, now: string, limit: number): Promise<number[]> {
    const rows = await this.db.selectFrom('conversation_events').select('conversation_id').distinct()
      // The literal matches the partial index conversation_events_pending, which is in conversation order.
      .where('status', '=', sql.lit('pending'))
      .where('conversation_id', '>', after)
      .where((eb) => eb.exists(eb.selectFrom('conversations').select('conversations.id')
        .whereRef('conversations.id', '=', 'conversation_events.conversation_id').where('conversations.parked_reason', 'is', null)
        // Said again of the conversation, so PostgreSQL's merge join starts there too instead of at the first conversation.
        .where('conversations.id', '>', after)
        .where((c) => c.or([c('conversations.lease_until', 'is', null), c('conversations.lease_until', '<', now), c('conversations.lease_owner', '=', owner)]))))
      .orderBy('conversation_id').limit(limit).execute();
    return rows.map((r) => r.conversation_id);
  }
}
