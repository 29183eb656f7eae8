// Message batches: a proactive send's targets, expansion progress and the per-status counts of what it sent.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, MessageBatchesTable } from '../schema.js';
import { PLANNED_EACH_TIME } from '../planned-each-time.js';
import { type ExpansionPage, pageWrites } from './expansion-page.js';
import { type ExpandedPage, expandInOneStatement, type NextPage } from './expansion-statement.js';

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

  /**
   * Moves the batch's cursor from `from` to `p.cursor` and adds the page's counts; false when the cursor is no longer at `from`
   * (another run of the expansion took that page), so a page is counted once however many runs race for it.
   */
  async progress(id: number, from: number, p: { cursor: number; expanded: number; unreachable: number; done: boolean }, now: string): Promise<boolean> {
    const r = await this.db.updateTable('message_batches').set({
      cursor: p.cursor, expanded: sql`expanded + ${p.expanded}`, unreachable: sql`unreachable + ${p.unreachable}`, updated_at: now,
      ...(p.done ? { status: 'done', completed_at: now } : {}),
    }).where('id', '=', id).where('cursor', '=', from).where('status', '!=', 'done').executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /**
   * Subscribed humans of the account that the filter names, in id order after `afterId`, from `limit` rows; the query
   * does the union. A human with two addresses on one channel (two browsers) is two rows, read once, at the first:
   * `full` says whether the page filled its rows, so such a human does not make a full page look like the audience's
   * last. (Grouping by human in SQL instead made SQLite read the whole audience past the cursor for each page.)
   */
  async targets(accountId: number, channelId: number, filter: TargetFilter, afterId: number, limit: number): Promise<{ humans: TargetHuman[]; full: boolean }> {
    const query = this.withAddress(accountId, channelId, filter, afterId).select(['humans.id', 'humans.phone', 'hi.address'])
      .orderBy('humans.id').limit(limit).compile();
    // Planned for each page: the expansion itself fills human_identities, and a plan made while it was nearly empty
    // (matching the channel's identities, then each human's) took 0.24 s a page by the end of 100,000.
    const planned: typeof query = { ...query, sql: `${PLANNED_EACH_TIME} ${query.sql}` };
    const { rows } = await this.db.executeQuery(planned);
    const seen = new Set<number>();
    const humans = rows.filter((r) => !seen.has(r.id) && seen.add(r.id)).map((r) => ({ id: r.id, phone: r.phone, address: r.address }));
    return { humans, full: rows.length === limit };
  }

  /**
   * PostgreSQL: the audience's next page expanded by one statement (expansion-statement.ts); null when another run moved
   * the cursor first. A human the statement could not see a conversation of (one created meanwhile) is queued after it.
   */
  async expandNext(p: NextPage & { filter: TargetFilter }, now: string): Promise<ExpandedPage | null> {
    // One row per human (DISTINCT ON): a human with two addresses on the channel is reached at the first, and counted once.
    const page = this.withAddress(p.accountId, p.channelId, p.filter, p.from).distinctOn('humans.id')
      .select(['humans.id', 'humans.phone', 'hi.address']).orderBy('humans.id').limit(p.limit);
    const expanded = await expandInOneStatement(this.db, page, p, now);
    if (expanded === null || expanded.unseen.length === 0) return expanded;
    const conversations = await this.db.selectFrom('conversations').select(['id', 'human_id'])
      .where('channel_id', '=', p.channelId).where('human_id', 'in', expanded.unseen).execute();
    const late = await pageWrites(this.db).queue({ ...p, humans: [] }, conversations, now);
    return { ...expanded, queued: [...expanded.queued, ...late.map((r) => r.conversation_id)] };
  }

  async countTargets(accountId: number, channelId: number, filter: TargetFilter): Promise<number> {
    const r = await this.matching(accountId, channelId, filter).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** The filter's subscribed humans after `afterId`, each with their addresses on the channel (none: one row, null). */
  private withAddress(accountId: number, channelId: number, filter: TargetFilter, afterId: number) {
    // The cursor is repeated on every joined table so PostgreSQL starts each index scan at it, not at the audience's first human.
    return this.matching(accountId, channelId, filter, afterId)
      .leftJoin('human_identities as hi', (j) => j.onRef('hi.human_id', '=', 'humans.id').on('hi.channel_id', '=', channelId).on('hi.human_id', '>', afterId));
  }

  /** The filter's subscribed humans; with `afterId`, only those after it. */
  private matching(accountId: number, channelId: number, filter: TargetFilter, afterId = 0) {
    return this.db.selectFrom('humans')
      .innerJoin('subscriptions', (j) => j.onRef('subscriptions.human_id', '=', 'humans.id').on('subscriptions.channel_id', '=', channelId)
        .on('subscriptions.subscribed', '=', 1).on('subscriptions.human_id', '>', afterId))
      .where('humans.account_id', '=', accountId)
      .where('humans.id', '>', afterId)
      .where((eb) => eb.or([
        ...(filter.ids.length > 0 ? [eb('humans.id', 'in', filter.ids)] : []),
        ...(filter.tags.length > 0 ? [eb.exists(eb.selectFrom('human_tags').select('human_tags.human_id').whereRef('human_tags.human_id', '=', 'humans.id')
          .where('human_tags.tag', 'in', filter.tags).where('human_tags.human_id', '>', afterId))] : []),
      ]));
  }

  /**
   * One page of a batch, in a few statements whatever its size: the humans' addresses linked, their
   * conversations created where missing, and one inbox event each (a key per batch and human, so a page
   * written twice adds nothing). Returns the conversations that got an event, and those newly created.
   */
  async expandPage(page: ExpansionPage, now: string): Promise<{ queued: number[]; created: number[] }> {
    if (page.humans.length === 0) return { queued: [], created: [] };
    const writes = pageWrites(this.db);
    const toLink = page.humans.filter((h) => !h.linked);
    if (toLink.length > 0) await writes.link(page, toLink, now);
    const created = await writes.create(page, now);
    // The conversations that existed already are read; in a first broadcast to its audience there are none to read.
    const createdFor = new Set(created.map((c) => c.human_id));
    const existing = page.humans.filter((h) => !createdFor.has(h.humanId)).map((h) => h.humanId);
    const conversations = existing.length === 0 ? created : [...created, ...await this.db.selectFrom('conversations').select(['id', 'human_id'])
      .where('channel_id', '=', page.channelId).where('human_id', 'in', existing).execute()];
    const queued = await writes.queue(page, conversations, now);
    return { queued: queued.map((r) => r.conversation_id), created: created.map((r) => r.id) };
  }

  /** How many of the batch's messages are in each status. */
  async statusCounts(batchId: number): Promise<Record<string, number>> {
    const rows = await this.db.selectFrom('messages').select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('batch_id', '=', batchId).where('direction', '=', 'out').groupBy('status').execute();
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  }
}
