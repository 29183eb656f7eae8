// A journey's runs and their entries: the audience read a page at a time, each human entered once per trigger key,
// entries started when due, and the counts a run's report is made of.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, JourneyEntriesTable, JourneyRunsTable } from '../schema.js';
import { PLANNED_EACH_TIME } from '../planned-each-time.js';

export type JourneyRunRow = Selectable<JourneyRunsTable>;
export type JourneyEntryRow = Selectable<JourneyEntriesTable>;

/**
 * Who a segment is: humans by id, humans with any of the tags, or everyone subscribed to the channel (any of these);
 * narrowed to those holding every attribute value named, and by their last activity in any conversation.
 */
export interface Audience {
  ids: number[];
  tags: string[];
  everyone: boolean;
  /** Human-scope attribute values every human must hold: [name, value] pairs. Absent in runs made before it. */
  attributes?: [string, string][];
  /** Humans with a message (in or out) since then; those with none since. */
  activeSince?: string | null;
  inactiveSince?: string | null;
}

export interface AudienceHuman {
  id: number;
  phone: string | null;
  /** Their address on the channel, when they have one there. */
  address: string | null;
  /** Subscribed to the channel now (false: unsubscribed, or never subscribed). */
  subscribed: boolean;
}

export interface NewEntry {
  humanId: number;
  status: 'waiting' | 'skipped';
  reason: string | null;
  dueAt: string;
}

export interface RunCounts {
  waiting: number;
  started: number;
  cancelled: number;
  skipped: Record<string, number>;
  replied: number;
  converted: number;
}

export class JourneyRunRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(r: { accountId: number; journeyId: number; version: number; batchId: number; trigger: 'human' | 'segment'; triggerKey: string; audience: string; startsAt: string | null; expiresAt: string | null }, now: string): Promise<JourneyRunRow> {
    return this.db.insertInto('journey_runs').values({
      account_id: r.accountId, journey_id: r.journeyId, version: r.version, batch_id: r.batchId, trigger: r.trigger, trigger_key: r.triggerKey,
      audience: r.audience, status: 'entering', starts_at: r.startsAt, expires_at: r.expiresAt, created_at: now, updated_at: now,
    }).returningAll().executeTakeFirstOrThrow();
  }

  async find(id: number): Promise<JourneyRunRow | undefined> {
    return this.db.selectFrom('journey_runs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The journey's runs, newest first, before `beforeId` (0: from the newest). */
  async page(journeyId: number, beforeId: number, limit: number): Promise<JourneyRunRow[]> {
    let q = this.db.selectFrom('journey_runs').selectAll().where('journey_id', '=', journeyId);
    if (beforeId > 0) q = q.where('id', '<', beforeId);
    return q.orderBy('id', 'desc').limit(limit).execute();
  }

  /** The entry a trigger made already, if one did. */
  async entryFor(journeyId: number, humanId: number, triggerKey: string): Promise<JourneyEntryRow | undefined> {
    return this.db.selectFrom('journey_entries').selectAll().where('journey_id', '=', journeyId).where('human_id', '=', humanId)
      .where('trigger_key', '=', triggerKey).executeTakeFirst();
  }

  /**
   * The audience's humans of the account after `afterId` in id order, each with their subscription to the channel and
   * their address on it. A human with two addresses there is read once, at the first; `full` says whether the page
   * filled its rows (so that human does not make a full page look like the last).
   */
  async audience(accountId: number, channelId: number, audience: Audience, afterId: number, limit: number): Promise<{ humans: AudienceHuman[]; full: boolean }> {
    // The cursor is repeated on every joined table so PostgreSQL starts each index scan at it, not at the audience's first
    // human (without it a page's cost grew with the humans before it: 44 ms at 10,000 of 20,000).
    const query = this.db.selectFrom('humans')
      .leftJoin('subscriptions as s', (j) => j.onRef('s.human_id', '=', 'humans.id').on('s.channel_id', '=', channelId).on('s.human_id', '>', afterId))
      .leftJoin('human_identities as hi', (j) => j.onRef('hi.human_id', '=', 'humans.id').on('hi.channel_id', '=', channelId).on('hi.human_id', '>', afterId))
      .select(['humans.id', 'humans.phone', 'hi.address', 's.subscribed'])
      .where('humans.account_id', '=', accountId).where('humans.id', '>', afterId)
      .where((eb) => eb.or([
        ...(audience.everyone ? [eb('s.subscribed', '=', 1)] : []),
        ...(audience.ids.length > 0 ? [eb('humans.id', 'in', audience.ids)] : []),
        ...(audience.tags.length > 0 ? [eb.exists(eb.selectFrom('human_tags').select('human_tags.human_id').whereRef('human_tags.human_id', '=', 'humans.id')
          .where('human_tags.tag', 'in', audience.tags).where('human_tags.human_id', '>', afterId))] : []),
      ]))
      .where((eb) => eb.and([
        ...(audience.attributes ?? []).map(([name, value]) => eb.exists(eb.selectFrom('attributes as a').innerJoin('conversations as ac', 'ac.id', 'a.owner_id')
          .select('a.owner_id').where('a.scope', '=', 'human').where('a.name', '=', name).where('a.value', '=', value).whereRef('ac.human_id', '=', 'humans.id'))),
        // A conversation's activity_at is its last message's time (in or out), in any channel.
        ...(audience.activeSince ? [eb.exists(eb.selectFrom('conversations as cv').select('cv.id').whereRef('cv.human_id', '=', 'humans.id')
          .where('cv.activity_at', '>=', audience.activeSince))] : []),
        ...(audience.inactiveSince ? [eb.not(eb.exists(eb.selectFrom('conversations as cv').select('cv.id').whereRef('cv.human_id', '=', 'humans.id')
          .where('cv.activity_at', '>=', audience.inactiveSince)))] : []),
      ]))
      .orderBy('humans.id').limit(limit).compile();
    const planned: typeof query = { ...query, sql: `${PLANNED_EACH_TIME} ${query.sql}` };
    const { rows } = await this.db.executeQuery(planned);
    const seen = new Set<number>();
    const humans = rows.filter((r) => !seen.has(r.id) && seen.add(r.id))
      .map((r) => ({ id: r.id, phone: r.phone, address: r.address, subscribed: r.subscribed === 1 }));
    return { humans, full: rows.length === limit };
  }

  /** Of these humans, those whose consent for the family is `out` now (their newest ledger entry for it). */
  async optedOut(humanIds: readonly number[], family: string): Promise<Set<number>> {
    if (humanIds.length === 0) return new Set();
    const rows = await this.db.selectFrom('consent_events').select(['human_id', 'state']).where('human_id', 'in', humanIds)
      .where('family', '=', family).orderBy('id').execute();
    const state = new Map<number, string>();
    for (const r of rows) state.set(r.human_id, r.state);
    return new Set([...state].filter(([, s]) => s === 'out').map(([id]) => id));
  }

  /** Adds the entries not made before (per journey, human and key); returns the humans entered now. */
  async enter(run: { id: number; journeyId: number; triggerKey: string }, entries: readonly NewEntry[]): Promise<number[]> {
    if (entries.length === 0) return [];
    const rows = await this.db.insertInto('journey_entries').values(entries.map((e) => ({
      run_id: run.id, journey_id: run.journeyId, human_id: e.humanId, trigger_key: run.triggerKey, status: e.status, reason: e.reason,
      due_at: e.dueAt, started_at: null, replied_at: null, converted_at: null,
    }))).onConflict((oc) => oc.columns(['journey_id', 'human_id', 'trigger_key']).doNothing()).returning('human_id').execute();
    return rows.map((r) => r.human_id);
  }

  /**
   * Moves the run's cursor from `from` to `to` and adds the humans entered; false when another reading of the audience
   * moved it first (that one counts the page). `done`: the audience is read, the run now waits for its entries.
   */
  async advance(id: number, from: number, to: number, targeted: number, done: boolean, now: string): Promise<boolean> {
    const r = await this.db.updateTable('journey_runs').set({
      cursor: to, targeted: sql`targeted + ${targeted}`, updated_at: now, ...(done ? { status: 'running' as const } : {}),
    }).where('id', '=', id).where('cursor', '=', from).where('status', '=', 'entering').executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Waiting entries due by `now`, the earliest first. */
  async due(runId: number, now: string, limit: number): Promise<JourneyEntryRow[]> {
    return this.db.selectFrom('journey_entries').selectAll().where('run_id', '=', runId).where('status', '=', 'waiting')
      .where('due_at', '<=', now).orderBy('due_at').orderBy('id').limit(limit).execute();
  }

  /** When the next waiting entry is due; null when none waits. */
  async nextDue(runId: number): Promise<string | null> {
    const r = await this.db.selectFrom('journey_entries').select((eb) => eb.fn.min('due_at').as('at'))
      .where('run_id', '=', runId).where('status', '=', 'waiting').executeTakeFirst();
    return (r?.at as string | null | undefined) ?? null;
  }

  /** Takes waiting entries for starting: those another run took first are not returned. */
  async take(ids: readonly number[], status: 'started' | 'skipped', reason: string | null, now: string): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.updateTable('journey_entries').set({ status, reason, ...(status === 'started' ? { started_at: now } : {}) })
      .where('id', 'in', ids).where('status', '=', 'waiting').returning('id').execute();
    return rows.map((r) => r.id);
  }

  /** Entries still waiting are cancelled; returns how many. */
  async cancelWaiting(runId: number): Promise<number> {
    const r = await this.db.updateTable('journey_entries').set({ status: 'cancelled' }).where('run_id', '=', runId).where('status', '=', 'waiting').executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  /** The batch's conversation events not run yet are set aside: they send nothing. */
  async dropPendingEvents(batchId: number, now: string): Promise<number> {
    const r = await this.db.updateTable('conversation_events').set({ status: 'done', processed_at: now })
      .where('batch_id', '=', batchId).where('status', '=', sql.lit('pending')).executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  async end(id: number, status: 'done' | 'cancelled', now: string): Promise<boolean> {
    const r = await this.db.updateTable('journey_runs').set({ status, updated_at: now, completed_at: now })
      .where('id', '=', id).where('status', 'in', ['entering', 'running']).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async counts(runId: number): Promise<RunCounts> {
    const rows = await this.db.selectFrom('journey_entries')
      .select(['status', 'reason', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.count<number>('replied_at').as('replied'), (eb) => eb.fn.count<number>('converted_at').as('converted')])
      .where('run_id', '=', runId).groupBy(['status', 'reason']).execute();
    const counts: RunCounts = { waiting: 0, started: 0, cancelled: 0, skipped: {}, replied: 0, converted: 0 };
    for (const r of rows) {
      const n = Number(r.n);
      counts.replied += Number(r.replied);
      counts.converted += Number(r.converted);
      if (r.status === 'skipped') counts.skipped[r.reason ?? 'unknown'] = (counts.skipped[r.reason ?? 'unknown'] ?? 0) + n;
      else if (r.status === 'waiting' || r.status === 'started' || r.status === 'cancelled') counts[r.status] += n;
    }
    return counts;
  }

  /**
   * Started humans of the run who opted out of the family after their start: read from the ledger's entries since the
   * run began (opt-outs are few), each looked up among the run's entries.
   */
  async optedOutSince(run: { id: number; journeyId: number; accountId: number; since: string }, family: string): Promise<number> {
    const r = await this.db.selectFrom('consent_events as c')
      .innerJoin('journey_entries as e', (j) => j.onRef('e.human_id', '=', 'c.human_id').on('e.journey_id', '=', run.journeyId).on('e.run_id', '=', run.id))
      .select((eb) => eb.fn.count<number>('c.human_id').distinct().as('n'))
      .where('c.account_id', '=', run.accountId).where('c.created_at', '>=', run.since).where('c.family', '=', family).where('c.state', '=', 'out')
      .where('e.status', '=', 'started').whereRef('c.created_at', '>=', 'e.started_at')
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** The run's batch events not run yet: humans started whose interaction has not run (their messages do not exist yet). */
  async pendingEvents(batchId: number): Promise<number> {
    const r = await this.db.selectFrom('conversation_events').select((eb) => eb.fn.countAll<number>().as('n'))
      // The literal matches the partial index conversation_events_batch_pending (SQLite uses it only when written so).
      .where('batch_id', '=', batchId).where('status', '=', sql.lit('pending')).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** Marks as replied the human's started entries of these journeys (they wrote on the journey's channel). */
  async replied(humanId: number, journeyIds: readonly number[], now: string): Promise<void> {
    if (journeyIds.length === 0) return;
    await this.db.updateTable('journey_entries').set({ replied_at: now }).where('journey_id', 'in', journeyIds).where('human_id', '=', humanId)
      .where('status', '=', 'started').where('replied_at', 'is', null).execute();
  }

  /** Marks as converted the human's started entries of these journeys (their goal was entered on the journey's channel). */
  async converted(humanId: number, journeyIds: readonly number[], now: string): Promise<void> {
    if (journeyIds.length === 0) return;
    await this.db.updateTable('journey_entries').set({ converted_at: now }).where('journey_id', 'in', journeyIds).where('human_id', '=', humanId).where('status', '=', 'started').where('converted_at', 'is', null).execute();
  }
}
