// Proactive sends (POST /v1/messages): checked, counted, stored as a batch, then expanded a page at a time into conversations' inboxes.
import type { Kysely } from 'kysely';
import { ConflictError, NotFoundError, ownedBy, UnprocessableError } from '../../errors.js';
import { implicitlyVersioned, initialState, type ProactiveEvent, type ProviderTemplate } from '../../engine/index.js';
import type { JobQueue } from '../../jobs/index.js';
import { type Database, type Repositories, repositories, type TargetFilter } from '../../store/index.js';
import { apiDate, isoNow, type Clock } from '../../time.js';
import { addressOn, reachableByPhone } from '../../channel-types.js';
import { DEFAULT_RULES, type OutboundRules } from '../../channels/index.js';
import { providerTemplate, type TemplateSend } from './template-send.js';
import type { ConversationRuntime } from '../conversations/runtime.js';
import { hasIds, jobFormat, readForJob } from '../stored-jobs.js';
import { BatchCounter } from './batch-counts.js';

export const BROADCAST_QUEUE = 'broadcast.expand';
/** The stored data of an expansion job (version 1 names no version). */
export const BROADCAST_JOB_FORMAT = jobFormat<{ batchId: number }>(BROADCAST_QUEUE, hasIds('batchId'));

const isStrings = (value: unknown): boolean => Array.isArray(value) && value.every((v) => typeof v === 'string');
const isNullableString = (value: unknown): boolean => value === null || typeof value === 'string';

/** A batch's stored targets and payload (message_batches.targets, .payload), read by each expansion run (version 1 names no version). */
export const BATCH_TARGETS_FORMAT = implicitlyVersioned<TargetFilter>('broadcast targets',
  (doc) => Array.isArray(doc.ids) && doc.ids.every((id) => Number.isSafeInteger(id)) && isStrings(doc.tags));
export const BATCH_PAYLOAD_FORMAT = implicitlyVersioned<Payload>('broadcast payload',
  (doc) => isNullableString(doc.text) && isNullableString(doc.media) && isNullableString(doc.mediaType) && isNullableString(doc.script)
    && (doc.template === undefined || doc.template === null || typeof doc.template === 'object'));

export interface SendRequest {
  channelId: number;
  text?: string;
  media?: string;
  mediaType?: 'image' | 'video' | 'audio' | 'file';
  script?: string;
  /** An approved provider template (WhatsApp), the one kind of message that goes outside its window. */
  template?: TemplateSend;
  targets: { targetType: string; ids?: number[]; tags?: string }[];
}

export interface BatchProgress {
  id: number;
  channelId: number;
  /** expanding (humans still being queued), sending (messages not yet handed to the provider), done. */
  status: 'expanding' | 'sending' | 'done';
  /** Subscribed humans the targets named. */
  total: number;
  /** Humans queued so far. */
  queued: number;
  /** Humans the channel has no address for (they never wrote in on a non-phone channel). */
  unreachable: number;
  /** Messages the batch produced, by delivery status. */
  messages: { queued: number; sent: number; delivered: number; read: number; failed: number };
  dateCreated: string;
  dateCompleted: string | null;
}

interface Payload {
  text: string | null;
  media: string | null;
  mediaType: 'image' | 'video' | 'audio' | 'file' | null;
  script: string | null;
  /** Absent in batches stored before templates existed. */
  template?: ProviderTemplate | null;
}

/** Humans read per page: the whole audience is never in memory at once. */
const PAGE = 500;
/** Pages one job run expands before handing over to a new job, so no run outlives its lease. */
const PAGES_PER_RUN = 20;

function filterOf(targets: SendRequest['targets']): TargetFilter {
  const ids = new Set<number>();
  const tags = new Set<string>();
  for (const target of targets) {
    if (target.targetType !== 'humans') throw new UnprocessableError(`targets[].targetType "${target.targetType}" is not supported; use "humans".`);
    for (const id of target.ids ?? []) ids.add(id);
    for (const tag of (target.tags ?? '').split(',').map((t) => t.trim()).filter(Boolean)) tags.add(tag);
  }
  if (ids.size === 0 && tags.size === 0) throw new UnprocessableError('targets name no one: give ids, comma-separated tags, or both.');
  return { ids: [...ids], tags: [...tags] };
}

export class BroadcastService {
  private readonly repos: Repositories;

  private readonly bulkRepos: Repositories;

  private readonly counter: BatchCounter;

  /** `bulk`: the store's connection for bulk work (Store.bulk), on which the expansion reads and writes its pages. */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly jobs: JobQueue,
    private readonly runtime: ConversationRuntime,
    private readonly clock: Clock,
    private readonly bulk: Kysely<Database> = db,
    /** PostgreSQL: a page is expanded by one statement (BatchRepository.expandNext) when nothing else is to be recorded with it. */
    private readonly pagesAtOnce = false,
    /** Each channel type's rules for what a broadcast may carry (WhatsApp: a template). */
    private readonly rulesOf: (channelType: string) => OutboundRules = () => DEFAULT_RULES,
  ) {
    this.repos = repositories(db);
    this.bulkRepos = repositories(bulk);
    this.counter = new BatchCounter(this.repos);
  }

  async send(accountId: number, req: SendRequest): Promise<{ batchId: number; queued: number; unreachable: number }> {
    const channel = ownedBy(await this.repos.channels.find(req.channelId), accountId, 'Channel', req.channelId);
    const template = req.template === undefined ? null : providerTemplate(req.template);
    const payload: Payload = { text: req.text ?? null, media: req.media ?? null, mediaType: req.mediaType ?? null, script: req.script ?? null, template };
    if (payload.text === null && payload.media === null && payload.script === null && template === null) throw new UnprocessableError('Give text, media, a template or a script to send.');
    const rules = this.rulesOf(channel.channelType);
    if (template !== null && rules.takesTemplates !== true) {
      throw new UnprocessableError(`A ${channel.channelType} channel takes no provider templates; templates are for WhatsApp channels.`);
    }
    if (rules.checkBroadcast !== undefined && (payload.text !== null || payload.media !== null || template !== null)) {
      const opened = await this.runtime.channels.find(channel.id);
      if (opened !== undefined) await rules.checkBroadcast({ channel: opened, text: payload.text, media: payload.media, template: req.template ?? null });
    }
    if (payload.mediaType !== null && payload.media === null) throw new UnprocessableError('mediaType needs media (the URL of the file).');
    if (payload.script !== null) await this.checkScript(channel.botId, payload.script);
    const filter = filterOf(req.targets);
    const now = isoNow(this.clock);
    const batch = await this.db.transaction().execute(async (tx) => {
      const repos = repositories(tx);
      const total = await repos.batches.countTargets(accountId, channel.id, filter);
      const row = await repos.batches.insert({ accountId, channelId: channel.id, payload: JSON.stringify(payload), targets: JSON.stringify(filter), total }, now);
      await this.jobs.send(BROADCAST_QUEUE, { batchId: row.id }, { key: `batch:${row.id}`, retryLimit: 10 }, tx);
      return row;
    });
    return { batchId: batch.id, queued: batch.total, unreachable: 0 };
  }

  private async checkScript(botId: number, script: string): Promise<void> {
    const bot = await this.repos.bots.find(botId);
    const program = bot && await this.runtime.programs.get(bot.id, bot.currentRevision);
    if (program === null || program === undefined) throw new ConflictError(`The channel's bot ${botId} has no revision that can run.`);
    if (program.resolve(script) === null) throw new UnprocessableError(`script "${script}" names no interaction, workflow or action of bot ${botId}.`);
  }

  async progress(accountId: number, id: number): Promise<BatchProgress> {
    const batch = await this.repos.batches.find(id);
    if (batch === undefined) throw new NotFoundError(`Batch ${id} does not exist.`);
    ownedBy(batch, accountId, 'Batch', id);
    const { messages, pending } = await this.counter.count(id, batch.status === 'done');
    const status = batch.status !== 'done' ? 'expanding' : pending || messages.queued > 0 ? 'sending' : 'done';
    return {
      id, channelId: batch.channelId, status, total: batch.total, queued: batch.expanded, unreachable: batch.unreachable, messages,
      dateCreated: apiDate(batch.createdAt), dateCompleted: batch.completedAt === null ? null : apiDate(batch.completedAt),
    };
  }

  /** The expansion job: a bounded number of pages per run; it enqueues its own continuation until the audience is done. */
  async expand(batchId: number): Promise<void> {
    const batch = await this.repos.batches.find(batchId);
    if (batch === undefined || batch.status === 'done') return;
    const channel = await this.repos.channels.find(batch.channelId);
    if (channel === undefined) {
      await this.repos.batches.progress(batchId, batch.cursor, { cursor: batch.cursor, expanded: 0, unreachable: 0, done: true }, isoNow(this.clock));
      return;
    }
    const filter = readForJob(BATCH_TARGETS_FORMAT, batch.targets, this.runtime.log);
    const payload = readForJob(BATCH_PAYLOAD_FORMAT, batch.payload, this.runtime.log);
    const event: ProactiveEvent = {
      kind: 'proactive', script: payload.script,
      message: payload.text === null && payload.media === null && (payload.template ?? null) === null
        ? null : { text: payload.text, media: payload.media, mediaType: payload.mediaType, template: payload.template ?? null },
    };
    const stored = JSON.stringify({ event, device: null, batchId });
    const state = JSON.stringify(initialState());
    // A listener for conversation.started needs the page's new conversations recorded with it: the transaction's path.
    const atOnce = this.pagesAtOnce && !(await this.runtime.webhookEvents.wants(this.db, batch.accountId, 'conversation.started'));
    let cursor = batch.cursor;
    for (let page = 0; page < PAGES_PER_RUN; page++) {
      const last = page === PAGES_PER_RUN - 1;
      const expanded = atOnce
        ? await this.bulkRepos.batches.expandNext({
          accountId: batch.accountId, botId: channel.botId, channelId: channel.id, batchId, from: cursor, limit: PAGE, filter,
          phoneChannel: reachableByPhone(channel.channelType), kind: 'proactive', payload: stored, state,
        }, isoNow(this.clock))
        : await this.pageInTransaction(batch.accountId, batchId, channel, filter, cursor, stored, state, last);
      if (expanded === null) return;
      // Committed already: should this send fail, the job fails and its retry goes on from the cursor stored.
      if (atOnce && last && !expanded.done) await this.jobs.send(BROADCAST_QUEUE, { batchId }, { key: `batch:${batchId}:${expanded.cursor}`, retryLimit: 10 });
      // Past the backlog's bound the events stay stored, and the pump sweeps them in as it runs low: memory stays bounded and
      // queuing never waits on delivery.
      for (const id of expanded.queued) {
        if (this.runtime.backlogFull) break;
        this.runtime.kick(id);
      }
      if (expanded.done) return;
      cursor = expanded.cursor;
    }
  }

  /**
   * A page read into the process and written back in a transaction of its own (SQLite, or a listener for the
   * conversations it starts); the continuation job, on a run's last page, is queued in it. Null: another run took the page.
   */
  private async pageInTransaction(accountId: number, batchId: number, channel: { id: number; botId: number; channelType: string }, filter: TargetFilter,
    from: number, stored: string, state: string, last: boolean): Promise<{ cursor: number; done: boolean; queued: number[] } | null> {
    const { humans, full } = await this.bulkRepos.batches.targets(accountId, channel.id, filter, from, PAGE);
    const done = !full;
    const now = isoNow(this.clock);
    return this.bulk.transaction().execute(async (tx) => {
      const repos = repositories(tx);
      const reachable: { humanId: number; address: string; linked: boolean }[] = [];
      for (const human of humans) {
        const address = addressOn(channel.channelType, human);
        if (address !== null) reachable.push({ humanId: human.id, address, linked: human.address !== null });
      }
      const to = humans[humans.length - 1]?.id ?? from;
      // First, so that of two runs racing for this page (a lost lease ran the job again) one stores it and the other stops.
      if (!(await repos.batches.progress(batchId, from, { cursor: to, expanded: reachable.length, unreachable: humans.length - reachable.length, done }, now))) return null;
      const { queued, created } = await repos.batches.expandPage({
        accountId, botId: channel.botId, channelId: channel.id, batchId, kind: 'proactive', payload: stored, state, humans: reachable,
      }, now);
      await this.runtime.webhookEvents.record(tx, accountId, ...created.map((conversationId) => ({ type: 'conversation.started' as const, conversationId, at: now })));
      if (!done && last) await this.jobs.send(BROADCAST_QUEUE, { batchId }, { key: `batch:${batchId}:${to}`, retryLimit: 10 }, tx);
      return { cursor: to, done, queued };
    });
  }
}
