// Message history and the outbox: inbound and outbound messages, e-mails and notes, with delivery status.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, MessagesTable } from '../schema.js';
import { runCompiled } from './compiled.js';

export type Direction = 'in' | 'out' | 'note';
export type MessageStatus = 'received' | 'queued' | 'sent' | 'delivered' | 'read' | 'failed';

export interface MessageRow {
  id: number;
  accountId: number;
  conversationId: number;
  channelId: number;
  humanId: number;
  direction: Direction;
  kind: string;
  content: string;
  status: MessageStatus;
  failureReason: string | null;
  providerMessageId: string | null;
  attempts: number;
  nextAttemptAt: string | null;
  batchId: number | null;
  /** Who wrote an outbound message or note: 'agent' a person, null the bot (inbound: the human). */
  author: string | null;
  createdAt: string;
  updatedAt: string;
}

export const toMessageRow = (r: Selectable<MessagesTable>): MessageRow => ({
  id: r.id, accountId: r.account_id, conversationId: r.conversation_id, channelId: r.channel_id, humanId: r.human_id,
  direction: r.direction as Direction, kind: r.kind, content: r.content, status: r.status as MessageStatus, failureReason: r.failure_reason,
  providerMessageId: r.provider_message_id, attempts: r.attempts, nextAttemptAt: r.next_attempt_at, batchId: r.batch_id, author: r.author ?? null,
  createdAt: r.created_at, updatedAt: r.updated_at,
});

export interface NewMessage {
  accountId: number;
  conversationId: number;
  channelId: number;
  humanId: number;
  direction: Direction;
  kind: string;
  content: string;
  status: MessageStatus;
  eventId?: number | null;
  batchId?: number | null;
  providerMessageId?: string | null;
}

export class MessageRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(m: NewMessage, now: string): Promise<number> {
    const { rows } = await runCompiled(this.db, 'messages.insert', (db) => db.insertInto('messages').values({
      account_id: 0, conversation_id: 0, channel_id: 0, human_id: 0, direction: '',
      kind: '', content: '', status: '', failure_reason: sql.lit(null), provider_message_id: '', attempts: sql.lit(0),
      next_attempt_at: sql.lit(null), event_id: 0, batch_id: 0, created_at: '', updated_at: '',
    }).returning('id').compile(), [
      m.accountId, m.conversationId, m.channelId, m.humanId, m.direction, m.kind, m.content, m.status, m.providerMessageId ?? null,
      m.eventId ?? null, m.batchId ?? null, now, now,
    ]);
    return rows[0]!.id;
  }

  /** An agent's outbound message (queued for the outbox) or internal note (stored only), with its author. */
  async insertByAgent(m: Omit<NewMessage, 'eventId' | 'batchId' | 'providerMessageId'>, now: string): Promise<MessageRow> {
    const r = await this.db.insertInto('messages').values({
      account_id: m.accountId, conversation_id: m.conversationId, channel_id: m.channelId, human_id: m.humanId, direction: m.direction,
      kind: m.kind, content: m.content, status: m.status, failure_reason: null, provider_message_id: null, attempts: 0,
      next_attempt_at: null, event_id: null, batch_id: null, author: 'agent', created_at: now, updated_at: now,
    }).returningAll().executeTakeFirstOrThrow();
    return toMessageRow(r);
  }

  async find(id: number): Promise<MessageRow | undefined> {
    const r = await this.db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
    return r && toMessageRow(r);
  }

  /** A conversation's history, oldest first, after `afterId`. */
  async history(conversationId: number, afterId: number, limit: number): Promise<MessageRow[]> {
    const { rows } = await runCompiled(this.db, 'messages.history', (db) => db.selectFrom('messages').selectAll()
      .where('conversation_id', '=', 0).where('id', '>', 0).orderBy('id').limit(0).compile(), [conversationId, afterId, limit]);
    return rows.map(toMessageRow);
  }

  /** The latest `limit` messages of a conversation, oldest first. */
  async recent(conversationId: number, limit: number): Promise<MessageRow[]> {
    const rows = await this.db.selectFrom('messages').selectAll().where('conversation_id', '=', conversationId).orderBy('id', 'desc').limit(limit).execute();
    return rows.map(toMessageRow).reverse();
  }

  /** What the run of one inbound event sent, in order. */
  async producedBy(eventId: number): Promise<MessageRow[]> {
    const rows = await this.db.selectFrom('messages').selectAll().where('event_id', '=', eventId).where('direction', '=', 'out').orderBy('id').execute();
    return rows.map(toMessageRow);
  }

  /** The id of the conversation's newest message; null when it has none. */
  async lastId(conversationId: number): Promise<number | null> {
    // Read in the transaction that stores the next message, so a web-chat signal can name the message before it.
    const { rows } = await runCompiled(this.db, 'messages.lastId', (db) => db.selectFrom('messages').select((eb) => eb.fn.max('id').as('id'))
      .where('conversation_id', '=', 0).compile(), [conversationId]);
    const id = rows[0]?.id;
    return id === undefined || id === null ? null : Number(id);
  }

  /** The latest `limit` messages of a conversation with ids up to `maxId`, oldest first. */
  async recentUpTo(conversationId: number, maxId: number, limit: number): Promise<MessageRow[]> {
    // Read for every web-chat signal: compiled once.
    const { rows } = await runCompiled(this.db, 'messages.recentUpTo', (db) => db.selectFrom('messages').selectAll()
      .where('conversation_id', '=', 0).where('id', '<=', 0).orderBy('id', 'desc').limit(0).compile(), [conversationId, maxId, limit]);
    return rows.map(toMessageRow).reverse();
  }

  /** Queued outbound items of a conversation in order; the first not yet due stops the list, so order is kept. */
  async queued(conversationId: number, limit: number): Promise<MessageRow[]> {
    const { rows } = await runCompiled(this.db, 'messages.queued', (db) => db.selectFrom('messages').selectAll()
      .where('conversation_id', '=', 0).where('status', '=', sql.lit('queued')).orderBy('id').limit(0).compile(), [conversationId, limit]);
    return rows.map(toMessageRow);
  }

  /** False when the message was no longer queued (nothing changed). */
  async markSent(id: number, providerMessageId: string | null, now: string): Promise<boolean> {
    const r = await runCompiled(this.db, 'messages.markSent', (db) => db.updateTable('messages').set({
      status: sql.lit('sent'), provider_message_id: '', attempts: sql`attempts + 1`, next_attempt_at: sql.lit(null), updated_at: '',
    }).where('id', '=', 0).where('status', '=', sql.lit('queued')).compile(), [providerMessageId, now, id]);
    return Number(r.numAffectedRows ?? 0n) > 0;
  }

  async markRetry(id: number, reason: string, nextAttemptAt: string, now: string): Promise<void> {
    await this.db.updateTable('messages').set({ failure_reason: reason, attempts: (eb) => eb('attempts', '+', 1), next_attempt_at: nextAttemptAt, updated_at: now })
      .where('id', '=', id).execute();
  }

  async markFailed(id: number, reason: string, now: string): Promise<void> {
    await this.db.updateTable('messages').set({ status: 'failed', failure_reason: reason, attempts: (eb) => eb('attempts', '+', 1), next_attempt_at: null, updated_at: now })
      .where('id', '=', id).execute();
  }

  /**
   * A provider's status report (delivered, read, failed); statuses only move forward. `reachedDelivered`: this report is
   * the first to say the message arrived (delivered, or read without a delivery receipt before it), as analytics count it.
   */
  async updateStatusByProviderId(channelId: number, providerMessageId: string, status: 'delivered' | 'read' | 'failed', reason: string | null, now: string): Promise<{ row: MessageRow; reachedDelivered: boolean } | undefined> {
    if (status === 'read') {
      // Read after its delivery receipt (the usual order) in one statement; else read straight from sent, which arrives too.
      const afterReceipt = await this.moveStatus(channelId, providerMessageId, status, ['delivered'], reason, now);
      if (afterReceipt !== undefined) return { row: afterReceipt, reachedDelivered: false };
      const row = await this.moveStatus(channelId, providerMessageId, status, ['queued', 'sent'], reason, now);
      return row && { row, reachedDelivered: true };
    }
    const row = await this.moveStatus(channelId, providerMessageId, status, ['queued', 'sent'], reason, now);
    return row && { row, reachedDelivered: status === 'delivered' };
  }

  private async moveStatus(channelId: number, providerMessageId: string, status: string, before: string[], reason: string | null, now: string): Promise<MessageRow | undefined> {
    const r = await this.db.updateTable('messages').set({ status, failure_reason: reason, updated_at: now })
      .where('channel_id', '=', channelId).where('provider_message_id', '=', providerMessageId).where('status', 'in', before)
      .returningAll().executeTakeFirst();
    if (r !== undefined) return toMessageRow(r);
    // A message another channel of the account handed to this one (RCS falling back to SMS) is stored on the other
    // channel; the provider reports it here. Provider ids are the provider's own, so one account does not repeat them.
    const channel = await this.db.selectFrom('channels').select('account_id').where('id', '=', channelId).executeTakeFirst();
    if (channel === undefined) return undefined;
    const handed = await this.db.updateTable('messages').set({ status, failure_reason: reason, updated_at: now })
      .where('account_id', '=', channel.account_id).where('channel_id', '!=', channelId).where('provider_message_id', '=', providerMessageId)
      .where('direction', '=', 'out').where('status', 'in', before)
      .returningAll().executeTakeFirst();
    return handed && toMessageRow(handed);
  }

  /** When the human last wrote in a conversation (where the messenger platform's 24-hour reply window starts); null: never. */
  async lastInboundAt(conversationId: number): Promise<string | null> {
    const r = await this.db.selectFrom('messages').select('created_at').where('conversation_id', '=', conversationId).where('direction', '=', 'in')
      .orderBy('id', 'desc').limit(1).executeTakeFirst();
    return r?.created_at ?? null;
  }

  /** Whether an outbound message came from the run of an inbound message (a reply), not from a timer or a proactive send. */
  async answersInbound(messageId: number): Promise<boolean> {
    const r = await this.db.selectFrom('messages as o').innerJoin('messages as i', 'i.event_id', 'o.event_id').select('i.id')
      .where('o.id', '=', messageId).where('i.direction', '=', 'in').limit(1).executeTakeFirst();
    return r !== undefined;
  }

  /** Outbound messages of a conversation queued at or before `at`, now in one of `statuses`, with a provider id, newest first: what a watermark receipt covers. */
  async outboundUpTo(conversationId: number, at: string, statuses: readonly MessageStatus[], limit: number): Promise<MessageRow[]> {
    if (statuses.length === 0) return [];
    const rows = await this.db.selectFrom('messages').selectAll().where('conversation_id', '=', conversationId).where('direction', '=', 'out')
      .where('status', 'in', statuses).where('provider_message_id', 'is not', null).where('created_at', '<=', at).orderBy('id', 'desc').limit(limit).execute();
    return rows.map(toMessageRow);
  }

  /**
   * The next `limit` conversations after `after` (by id, so successive sweeps page through them all) with outbound items
   * due for a delivery attempt, for the recovery sweep: `runnable` unless parked (a parked conversation takes no runs, so
   * nothing of it is delivered), `retry` when an item is due for another attempt (its time came), not only a first one
   * (the pass that queued it makes that, unless its process died). Walked one conversation at a time down the queued
   * index, like InboxRepository.conversationsWithPending: as a DISTINCT, PostgreSQL read every queued row and the dead
   * index entries a broadcast leaves, then sorted them (34 ms a sweep in a broadcast of 100,000).
   */
  async conversationsWithDue(after: number, now: string, limit: number): Promise<{ id: number; runnable: boolean; retry: boolean }[]> {
    // The literal 'queued' matches the partial index messages_queued, which holds next_attempt_at too: the rows are not read.
    const { rows } = await sql<{ conversation_id: number; runnable: boolean | number; retry: boolean | number }>`
      WITH RECURSIVE page(conversation_id, n) AS (
        SELECT (SELECT min(conversation_id) FROM messages
          WHERE status = 'queued' AND conversation_id > ${after} AND (next_attempt_at IS NULL OR next_attempt_at <= ${now})), 1
        UNION ALL
        SELECT (SELECT min(m.conversation_id) FROM messages m
          WHERE m.status = 'queued' AND m.conversation_id > page.conversation_id AND (m.next_attempt_at IS NULL OR m.next_attempt_at <= ${now})), page.n + 1
        FROM page WHERE page.conversation_id IS NOT NULL AND page.n < ${limit}
      )
      SELECT page.conversation_id, c.parked_reason IS NULL AS runnable,
        EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = page.conversation_id AND m.status = 'queued' AND m.next_attempt_at <= ${now}) AS retry
      FROM page JOIN conversations c ON c.id = page.conversation_id
      ORDER BY page.conversation_id`.execute(this.db);
    return rows.map((r) => ({ id: r.conversation_id, runnable: Boolean(r.runnable), retry: Boolean(r.retry) }));
  }
}
