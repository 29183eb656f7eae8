// Journey runs (POST /v1/journeys/{id}/runs): the audience read into entries a page at a time (consent, address and
// each human's sending time decided then), entries started when due as conversation events of the run's batch, and
// the report. Every step is a transaction guarded so a crash or a second worker neither loses a human nor starts one twice.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { addressOn, consentFamily } from '../../channel-types.js';
import { implicitlyVersioned, initialState, type ProactiveEvent } from '../../engine/index.js';
import { ConflictError, NotFoundError, ownedBy, UnprocessableError } from '../../errors.js';
import type { JobQueue } from '../../jobs/index.js';
import { phonePlace } from '../../lookup/index.js';
import {
  JourneyRunRepository, repositories, type Audience, type Database, type JourneyRunRow, type NewEntry, type Repositories,
} from '../../store/index.js';
import { apiDate, isoNow, type Clock } from '../../time.js';
import type { ConversationRuntime } from '../conversations/runtime.js';
import { decodeCursor, pageOf } from '../cursor.js';
import { storedAttributeName } from '../human-attributes.js';
import { hasIds, jobFormat, readForJob } from '../stored-jobs.js';
import { JOURNEY_DEFINITION_FORMAT, type JourneyDefinition } from './journey-definition.js';
import type { JourneyService } from './journeys.js';
import { SendingTimes } from './sending-window.js';
import { RunReports, type JourneyRun } from './run-report.js';

export const JOURNEY_ENTER_QUEUE = 'journey.enter';
export const JOURNEY_START_QUEUE = 'journey.start';
export const JOURNEY_JOB_FORMAT = jobFormat<{ runId: number }>('journey', hasIds('runId'));
/** A run's audience as journey_runs.audience keeps it (version 1 names no version). */
export const AUDIENCE_FORMAT = implicitlyVersioned<Audience>('journey audience', (doc) => Array.isArray(doc.ids) && Array.isArray(doc.tags) && typeof doc.everyone === 'boolean');

/** Humans read, or entries started, per transaction. */
const PAGE = 500;
/** Pages one job run handles before handing over to a new job, so no run outlives its lease. */
const PAGES_PER_RUN = 20;

export type SkipReason = 'no_consent' | 'unreachable' | 'quiet_hours' | 'expired';

export interface TriggerRequest {
  /** One human (an API trigger from a CRM event), or … */
  humanId?: number;
  /** … a segment. */
  audience?: { ids?: number[]; tags?: string; everyone?: boolean; attributes?: Record<string, string>; activeSince?: string; inactiveSince?: string };
  /** The trigger's key: a human enters a journey once per key. */
  key?: string;
  /** No human starts before it (each at the first minute of their window from then). */
  startAt?: string;
  /** Past it, a human still outside their sending window is skipped (quiet_hours) rather than waited for. */
  expiresAt?: string;
}

/** An optional date and time of a request, or 422 naming the field. */
function instant(field: string, text: string | undefined): Date | null {
  if (text === undefined) return null;
  const at = new Date(text);
  if (Number.isNaN(at.getTime())) throw new UnprocessableError(`${field} "${text}" is not a date and time.`);
  return at;
}

/** Where a job may be sent: `at` on the service's clock, as a delay from now on the machine's (a test's clock may be virtual). */
const runAtFor = (at: number, now: number): Date => new Date(Date.now() + Math.max(0, at - now));

export class JourneyRunService {
  private readonly runs: JourneyRunRepository;

  private readonly repos: Repositories;

  private readonly reports: RunReports;

  constructor(private readonly db: Kysely<Database>, private readonly jobs: JobQueue, private readonly runtime: ConversationRuntime,
    private readonly journeys: JourneyService, private readonly clock: Clock) {
    this.runs = new JourneyRunRepository(db);
    this.repos = repositories(db);
    this.reports = new RunReports(this.runs, this.repos, (run) => this.definitionOf(run));
  }

  /**
   * Starts a run. For one human with a key that entered them already, the run that did is answered (`created` false)
   * and nothing is sent again; a segment's humans the key entered already are counted as such and left alone.
   */
  async trigger(accountId: number, journeyId: number, req: TriggerRequest): Promise<{ run: JourneyRun; created: boolean }> {
    const journey = await this.journeys.owned(accountId, journeyId);
    const definition = JOURNEY_DEFINITION_FORMAT.parse(journey.definition);
    const channel = await this.repos.channels.find(definition.channelId);
    if (channel === undefined) throw new ConflictError(`Journey ${journeyId}'s channel ${definition.channelId} no longer exists: point the journey at another channel (PUT /v1/journeys/${journeyId}).`);
    if ((req.humanId === undefined) === (req.audience === undefined)) throw new UnprocessableError('Give humanId (one human) or audience (a segment), not both.');
    const expiresAt = instant('expiresAt', req.expiresAt);
    const startsAt = instant('startAt', req.startAt);
    if (startsAt !== null && expiresAt !== null && expiresAt <= startsAt) throw new UnprocessableError('expiresAt is not after startAt: no one could start.');
    let audience: Audience;
    let key: string;
    if (req.humanId !== undefined) {
      ownedBy(await this.repos.humans.find(req.humanId), accountId, 'Human', req.humanId);
      key = req.key ?? '';
      const existing = await this.runs.entryFor(journeyId, req.humanId, key);
      if (existing !== undefined) return { run: await this.get(accountId, journeyId, existing.run_id), created: false };
      audience = { ids: [req.humanId], tags: [], everyone: false };
    } else {
      const a = req.audience!;
      audience = {
        ids: [...new Set(a.ids ?? [])], tags: [...new Set((a.tags ?? '').split(',').map((t) => t.trim()).filter(Boolean))], everyone: a.everyone === true,
        attributes: Object.entries(a.attributes ?? {}).map(([name, value]) => [storedAttributeName(name), value]),
        activeSince: instant('audience.activeSince', a.activeSince)?.toISOString() ?? null,
        inactiveSince: instant('audience.inactiveSince', a.inactiveSince)?.toISOString() ?? null,
      };
      if (audience.ids.length === 0 && audience.tags.length === 0 && !audience.everyone) throw new UnprocessableError('audience names no one: give ids, comma-separated tags, or everyone: true (attributes and activity narrow them).');
      key = req.key ?? `segment:${randomUUID()}`;
    }
    const now = isoNow(this.clock);
    const run = await this.db.transaction().execute(async (tx) => {
      const repos = repositories(tx);
      const batch = await repos.batches.insert({
        accountId, channelId: channel.id, payload: JSON.stringify({ text: null, media: null, mediaType: null, script: definition.script }),
        targets: JSON.stringify({ ids: audience.ids, tags: audience.tags }), total: 0,
      }, now);
      // The batch is the run's sends' tally, never expanded as a broadcast is.
      await repos.batches.progress(batch.id, 0, { cursor: 0, expanded: 0, unreachable: 0, done: true }, now);
      const row = await new JourneyRunRepository(tx).insert({
        accountId, journeyId, version: journey.version, batchId: batch.id, trigger: req.humanId === undefined ? 'segment' : 'human', triggerKey: key,
        audience: JSON.stringify(audience), startsAt: startsAt?.toISOString() ?? null, expiresAt: expiresAt?.toISOString() ?? null,
      }, now);
      await this.jobs.send(JOURNEY_ENTER_QUEUE, { runId: row.id }, { key: `journey-enter:${row.id}`, retryLimit: 10 }, tx);
      return row;
    });
    if (req.humanId !== undefined) {
      // One human is entered now, so the answer says what became of them; the job queued with the run finds it done.
      await this.enter(run.id);
      const entry = await this.runs.entryFor(journeyId, req.humanId, key);
      if (entry !== undefined && entry.run_id !== run.id) {
        // Another request with the same key entered them first: that run is the answer, this one is dropped.
        await this.db.deleteFrom('journey_runs').where('id', '=', run.id).execute();
        return { run: await this.get(accountId, journeyId, entry.run_id), created: false };
      }
    }
    return { run: await this.get(accountId, journeyId, run.id), created: true };
  }

  async get(accountId: number, journeyId: number, runId: number): Promise<JourneyRun> {
    await this.journeys.owned(accountId, journeyId);
    const run = await this.runs.find(runId);
    if (run === undefined || run.journey_id !== journeyId) throw new NotFoundError(`Run ${runId} of journey ${journeyId} does not exist.`);
    return this.reports.of(run);
  }

  async list(accountId: number, journeyId: number, limit: number, cursor?: string): Promise<{ runs: JourneyRun[]; nextCursor: string | null }> {
    await this.journeys.owned(accountId, journeyId);
    const rows = await this.runs.page(journeyId, decodeCursor(cursor), limit + 1);
    const { items, nextCursor } = pageOf(rows, limit, (r) => r);
    return { runs: await Promise.all(items.map((r) => this.reports.of(r))), nextCursor };
  }

  /** Stops what has not left: waiting entries are cancelled, and started ones whose event has not run yet send nothing. */
  async cancel(accountId: number, journeyId: number, runId: number): Promise<JourneyRun> {
    const run = await this.get(accountId, journeyId, runId);
    if (run.status === 'done' || run.status === 'cancelled') return run;
    const row = (await this.runs.find(runId))!;
    const now = isoNow(this.clock);
    await this.db.transaction().execute(async (tx) => {
      const runs = new JourneyRunRepository(tx);
      await runs.end(runId, 'cancelled', now);
      await runs.cancelWaiting(runId);
      await runs.dropPendingEvents(row.batch_id, now);
    });
    return this.get(accountId, journeyId, runId);
  }

  /** The entering job: pages of the audience; the start job is queued as soon as entries exist. */
  async enterJob(runId: number): Promise<void> {
    for (let page = 0; page < PAGES_PER_RUN; page++) {
      const outcome = await this.enter(runId);
      if (outcome !== 'more') return;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    const run = await this.runs.find(runId);
    await this.jobs.send(JOURNEY_ENTER_QUEUE, { runId }, { key: `journey-enter:${runId}:${run?.cursor ?? 'end'}`, retryLimit: 10 });
  }

  /**
   * One page of the audience entered: each human waiting for their sending time, or skipped with the reason (no
   * consent for the channel's family, no address on the channel, no sending time before the run expires).
   */
  async enter(runId: number): Promise<'more' | 'done' | 'over'> {
    const run = await this.runs.find(runId);
    if (run === undefined || run.status !== 'entering') return 'over';
    const definition = await this.definitionOf(run);
    const channel = await this.repos.channels.find(definition.channelId);
    const now = this.clock();
    const nowIso = now.toISOString();
    if (channel === undefined) {
      await this.runs.end(runId, 'done', nowIso);
      return 'over';
    }
    const audience = readForJob(AUDIENCE_FORMAT, run.audience, this.runtime.log);
    const { humans, full } = await this.runs.audience(run.account_id, channel.id, audience, run.cursor, PAGE);
    const family = consentFamily(channel.channelType);
    const out = family === null ? new Set<number>() : await this.runs.optedOut(humans.map((h) => h.id), family);
    // A run scheduled for later computes everyone's sending time from its start.
    const from = run.starts_at !== null && Date.parse(run.starts_at) > now.getTime() ? new Date(run.starts_at) : now;
    const times = new SendingTimes(from, definition.schedule);
    const expires = run.expires_at === null ? null : Date.parse(run.expires_at);
    const entries: NewEntry[] = humans.map((h) => {
      const skip = (reason: SkipReason): NewEntry => ({ humanId: h.id, status: 'skipped', reason, dueAt: nowIso });
      if (!h.subscribed || out.has(h.id)) return skip('no_consent');
      if (addressOn(channel.channelType, h) === null) return skip('unreachable');
      const due = times.of((h.phone === null ? null : phonePlace(h.phone)) ?? { country: null, zones: [] });
      if (due === null || (expires !== null && due.getTime() > expires)) return skip('quiet_hours');
      return { humanId: h.id, status: 'waiting', reason: null, dueAt: due.toISOString() };
    });
    const done = !full;
    const to = humans[humans.length - 1]?.id ?? run.cursor;
    const firstDue = entries.filter((e) => e.status === 'waiting').reduce<string | null>((min, e) => (min === null || e.dueAt < min ? e.dueAt : min), null);
    const moved = await this.db.transaction().execute(async (tx) => {
      const runs = new JourneyRunRepository(tx);
      // First, so that of two readers racing for this page one enters it and the other stops.
      if (!(await runs.advance(runId, run.cursor, to, humans.length, done, nowIso))) return false;
      await runs.enter({ id: runId, journeyId: run.journey_id, triggerKey: run.trigger_key }, entries);
      if (firstDue !== null) await this.scheduleStart(runId, Date.parse(firstDue), now.getTime(), tx);
      else if (done) await this.scheduleStart(runId, now.getTime(), now.getTime(), tx);
      return true;
    });
    if (!moved) return 'over';
    if (done) return 'done';
    return 'more';
  }

  /**
   * The start job: due entries a page per transaction (taken, then their conversation events queued with the run's
   * batch, so an entry starts once); then the next job at the next entry's time, or the run ends.
   */
  async startDue(runId: number): Promise<void> {
    const run = await this.runs.find(runId);
    if (run === undefined || run.status === 'done' || run.status === 'cancelled') return;
    const definition = await this.definitionOf(run);
    const channel = await this.repos.channels.find(definition.channelId);
    if (channel === undefined) {
      await this.runs.end(runId, 'done', isoNow(this.clock));
      return;
    }
    const family = consentFamily(channel.channelType);
    const payload = JSON.stringify({ event: { kind: 'proactive', script: definition.script, message: null } satisfies ProactiveEvent, device: null, batchId: run.batch_id });
    const state = JSON.stringify(initialState());
    for (let page = 0; page < PAGES_PER_RUN; page++) {
      const now = this.clock();
      const nowIso = now.toISOString();
      const expired = run.expires_at !== null && run.expires_at < nowIso;
      const due = await this.runs.due(runId, nowIso, PAGE);
      if (due.length === 0) break;
      // Consent and address once more: hours may have passed since the entry was made.
      const { humans } = await this.runs.audience(run.account_id, channel.id, { ids: due.map((e) => e.human_id), tags: [], everyone: false }, 0, due.length * 2);
      const byId = new Map(humans.map((h) => [h.id, h]));
      const out = family === null ? new Set<number>() : await this.runs.optedOut(due.map((e) => e.human_id), family);
      const skips = new Map<SkipReason, number[]>();
      const go: { entryId: number; humanId: number; address: string; linked: boolean }[] = [];
      for (const e of due) {
        const h = byId.get(e.human_id);
        const address = h === undefined ? null : addressOn(channel.channelType, h);
        const reason: SkipReason | null = expired ? 'expired' : h === undefined || !h.subscribed || out.has(e.human_id) ? 'no_consent' : address === null ? 'unreachable' : null;
        if (reason !== null) skips.set(reason, [...(skips.get(reason) ?? []), e.id]);
        else go.push({ entryId: e.id, humanId: e.human_id, address: address!, linked: h!.address !== null });
      }
      const queued = await this.db.transaction().execute(async (tx) => {
        const runs = new JourneyRunRepository(tx);
        for (const [reason, ids] of skips) await runs.take(ids, 'skipped', reason, nowIso);
        const taken = new Set(await runs.take(go.map((g) => g.entryId), 'started', null, nowIso));
        const starting = go.filter((g) => taken.has(g.entryId)).map((g) => ({ humanId: g.humanId, address: g.address, linked: g.linked }));
        const { queued: ids, created } = await repositories(tx).batches.expandPage({
          accountId: run.account_id, botId: channel.botId, channelId: channel.id, batchId: run.batch_id, kind: 'proactive', payload, state, humans: starting,
        }, nowIso);
        await this.runtime.webhookEvents.record(tx, run.account_id, ...created.map((conversationId) => ({ type: 'conversation.started' as const, conversationId, at: nowIso })));
        return ids;
      });
      for (const id of queued) {
        if (this.runtime.backlogFull) break;
        this.runtime.kick(id);
      }
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    const now = this.clock().getTime();
    const next = await this.runs.nextDue(runId);
    if (next !== null) await this.scheduleStart(runId, Math.max(Date.parse(next), now), now);
    else if ((await this.runs.find(runId))?.status === 'running') await this.runs.end(runId, 'done', isoNow(this.clock));
  }

  private async scheduleStart(runId: number, at: number, now: number, db: Kysely<Database> = this.db): Promise<void> {
    await this.jobs.send(JOURNEY_START_QUEUE, { runId }, { key: `journey-start:${runId}:${new Date(at).toISOString()}`, runAt: runAtFor(at, now), retryLimit: 10 }, db);
  }

  private async definitionOf(run: JourneyRunRow): Promise<JourneyDefinition> {
    const text = await this.journeys.journeys.version(run.journey_id, run.version);
    if (text === undefined) throw new NotFoundError(`Journey ${run.journey_id} has no version ${run.version}.`);
    return readForJob(JOURNEY_DEFINITION_FORMAT, text, this.runtime.log);
  }
}
