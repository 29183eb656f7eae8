// Message batches: a proactive send's targets, expansion progress and the per-status counts of what it sent.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, MessageBatchesTable } from '../schema.js';

export interface BatchRow {
  id: number;
  accountId: number;
  channelId: number;
  payload: string;
  targets: string;
  status: string;
  total: number;
  expanded: number;
  unreachable: number;
  cursor: number;
  createdAt: string;
  completedAt: string | null;
}

const toRow = (r: Selectable<MessageBatchesTable>): BatchRow => ({
  id: r.id, accountId: r.account_id, channelId: r.channel_id, payload: r.payload, targets: r.targets, status: r.status, total: r.total,
  expanded: r.expanded, unreachable: r.unreachable, cursor: r.cursor, createdAt: r.created_at, completedAt: r.completed_at,
});

/** Who a batch goes to: explicit ids, humans with any of the tags, or both (union). */
export interface TargetFilter {
  ids: number[];
  tags: string[];
}

export interface TargetHuman {
  id: number;
  phone: string | null;
  /** The human's address on the channel, when they have written in there. */
  address: string | null;
}

export class BatchRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(b: { accountId: number; channelId: number; payload: string; targets: string; total: number }, now: string): Promise<BatchRow> {
    const r = await this.db.insertInto('message_batches').values({
      account_id: b.accountId, channel_id: b.channelId, payload: b.payload, targets: b.targets, status: 'expanding', total: b.total,
      expanded: 0, unreachable: 0, cursor: 0, created_at: now, updated_at: now, completed_at: null,
    }).returningAll().executeTakeFirstOrThrow();
    return toRow(r);
  }

  async find(id: number): Promise<BatchRow | undefined> {
    const r = await this.db.selectFrom('message_batches').selectAll().where('id', '=', id).executeTakeFirst();
    return r && toRow(r);
  }

  async progress(id: number, p: { cursor: number; expanded: number; unreachable: number; done: boolean }, now: string): Promise<void> {
    await this.db.updateTable('message_batches').set({
      cursor: p.cursor, expanded: sql`expanded + ${p.expanded}`, unreachable: sql`unreachable + ${p.unreachable}`, updated_at: now,
      ...(p.done ? { status: 'done', completed_at: now } : {}),
    }).where('id', '=', id).execute();
  }

  /** Subscribed humans of the account that the filter names, in id order after `afterId`; the query does the union and the deduplication. */
  async targets(accountId: number, channelId: number, filter: TargetFilter, afterId: number, limit: number): Promise<TargetHuman[]> {
    const rows = await this.matching(accountId, channelId, filter)
      .leftJoin('human_identities as hi', (j) => j.onRef('hi.human_id', '=', 'humans.id').on('hi.channel_id', '=', channelId))
      .select(['humans.id', 'humans.phone', 'hi.address'])
      .where('humans.id', '>', afterId).orderBy('humans.id').limit(limit).execute();
    // A human with two addresses on one channel (two browsers) gets one message, at the first.
    const seen = new Set<number>();
    return rows.filter((r) => !seen.has(r.id) && seen.add(r.id)).map((r) => ({ id: r.id, phone: r.phone, address: r.address }));
  }

  async countTargets(accountId: number, channelId: number, filter: TargetFilter): Promise<number> {
    const r = await this.matching(accountId, channelId, filter).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  private matching(accountId: number, channelId: number, filter: TargetFilter) {
    return this.db.selectFrom('humans')
      .innerJoin('subscriptions', (j) => j.onRef('subscriptions.human_id', '=', 'humans.id').on('subscriptions.channel_id', '=', channelId).on('subscriptions.subscribed', '=', 1))
      .where('humans.account_id', '=', accountId)
      .where((eb) => eb.or([
        ...(filter.ids.length > 0 ? [eb('humans.id', 'in', filter.ids)] : []),
        ...(filter.tags.length > 0 ? [eb.exists(eb.selectFrom('human_tags').select('human_tags.human_id').whereRef('human_tags.human_id', '=', 'humans.id').where('human_tags.tag', 'in', filter.tags))] : []),
      ]));
  }

  /** How many of the batch's messages are in each status. */
  async statusCounts(batchId: number): Promise<Record<string, number>> {
    const rows = await this.db.selectFrom('messages').select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('batch_id', '=', batchId).where('direction', '=', 'out').groupBy('status').execute();
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  }
}
