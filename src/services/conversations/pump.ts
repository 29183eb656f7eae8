// Runs a conversation's pending events one at a time, in order, under its lease (one process at a time), then delivers its outbox.
import type { Kysely } from 'kysely';
import type { Logger } from '../../channels/index.js';
import type { Config } from '../../config.js';
import { handleEvent, type HttpPort, isBusy, type ConversationState } from '../../engine/index.js';
import type { JobQueue } from '../../jobs/index.js';
import {
  type BotRow, type ChannelRow, type ConversationRow, type Database, type InboxEvent, type MessageRow, repositories, type Repositories,
} from '../../store/index.js';
import type { Clock } from '../../time.js';
import { commitRun, LeaseLostError, type RunStore } from './commit.js';
import { tallyRun } from '../analytics/run-tally.js';
import type { OutboxDelivery } from './delivery.js';
import type { ProgramCache } from './programs.js';
import { loadRunEnvironment } from './run-environment.js';
import type { RuntimeEvents } from './runtime-events.js';
import type { Liveness } from './liveness.js';
import { eventOrPark, stateOrPark } from './parking.js';
import { asksForPerson } from './wants-person.js';
import type { EventRecorder } from '../webhooks/record.js';
import type { CachedRecords } from '../cached-records.js';
import type { KnowledgeFactory } from './run-environment.js';

const NO_JOURNEY_COUNTS = { replied: [], converted: [] };

/** What one pass has read already, so its events and its delivery do not read it again. */
interface PassRows {
  /** Read when the claim was taken, and kept current by the pass's own commits (nobody else writes it meanwhile). */
  conversation: ConversationRow;
  channelRow?: ChannelRow | undefined;
  bot?: BotRow | undefined;
  /** Whether outbound items may wait in the outbox: queued before the pass, or by one of its runs. */
  outbox: boolean;
  /**
   * The outbox as the pass knows it, when it does: the rows its runs queued onto an outbox the claim found empty (and
   * its deliveries left empty), delivered without reading them back. null: read the outbox.
   */
  known: MessageRow[] | null;
  /** The state as the pass's last commit left it (parsed once). */
  state?: ConversationState;
}

/** Events looked at per pass; a conversation rarely has more than a few pending. */
const BATCH = 50;

/** A conversation claimed and read by the statement that took the claim (the ingest's, or the pass's own). */
export type ClaimedConversation = ConversationRow & { hasQueued: boolean };

/** What running one event came to. */
type RunOutcome = 'ran' | 'deferred' | 'released';

export class ConversationPump {
  /** This process's name in claims (its row among the serving processes). */
  readonly owner: string;
  /** The answer step's port for each run, once the knowledge services are wired (ConversationRuntime.useKnowledge). */
  knowledge: KnowledgeFactory | null = null;
  /** Whether this process can be sure it still holds its claims (its heartbeat is recent): it acts on them only then. */
  private readonly mayAct: () => boolean;
  private readonly repos: Repositories;
  /**
   * Conversations kicked here and not finished: running or waiting. `again` asks for one more pass; `claimed` is the
   * claim the kicker took already, until a pass uses it.
   */
  private readonly running = new Map<number, { again: boolean; claimed: ClaimedConversation | undefined }>();
  private readonly idle = new Set<() => void>();
  private stopped = false;
  /** Workers running now (up to CONVERSATION_CONCURRENCY); each serves conversations one after another. */
  private active = 0;
  /**
   * Conversations waiting for a worker, in kick order: ids only, so a backlog of thousands (a broadcast) is an array of
   * numbers rather than thousands of suspended functions living long enough to be promoted to the old generation.
   */
  private readonly waiting: number[] = [];
  /** When this process last took or renewed each lease it holds. */
  private readonly leasedAt = new Map<number, number>();
  private backlogLow: (() => void) | null = null;

  constructor(
    db: Kysely<Database>,
    /** Where a run commits (grouped with other conversations' on SQLite, in one statement when it can on PostgreSQL), and its pass's statements. */
    private readonly runStore: RunStore,
    private readonly config: Config,
    private readonly programs: ProgramCache,
    private readonly delivery: OutboxDelivery,
    private readonly jobs: JobQueue,
    private readonly webhookEvents: EventRecorder,
    private readonly records: Pick<CachedRecords, 'channel' | 'bot' | 'journeysOn'>,
    private readonly http: HttpPort,
    private readonly events: RuntimeEvents,
    private readonly clock: Clock,
    private readonly log: Logger,
    liveness: Pick<Liveness, 'owner' | 'mayAct'>,
  ) {
    this.repos = repositories(db);
    this.owner = liveness.owner;
    this.mayAct = () => liveness.mayAct();
  }

  /**
   * Asks for the conversation to be run; returns at once. Kicks while a pass runs fold into one more pass. `claimed`:
   * the caller took the claim for this process already (the ingest, in the transaction that stored the event).
   */
  kick(conversationId: number, claimed?: ClaimedConversation): void {
    if (this.stopped) {
      if (claimed !== undefined) void this.repos.conversations.releaseLease(conversationId, this.owner).catch(() => undefined);
      return;
    }
    const current = this.running.get(conversationId);
    if (current !== undefined) {
      current.again = true;
      return;
    }
    this.running.set(conversationId, { again: true, claimed });
    if (claimed !== undefined) this.leasedAt.set(conversationId, this.clock().getTime());
    if (this.active < this.config.conversations.concurrency) {
      this.active += 1;
      void this.work(conversationId);
    } else {
      this.waiting.push(conversationId);
    }
  }

  /** Whether the conversation is kicked here and not finished (running, or waiting for a worker). */
  has(conversationId: number): boolean {
    return this.running.has(conversationId);
  }

  /** A worker: serves the conversation it was started for, then those waiting, until none is left. */
  private async work(first: number): Promise<void> {
    try {
      let next: number | undefined = first;
      while (next !== undefined) {
        await this.serve(next);
        next = this.waiting.shift();
        // A tenth of the bound left: time to fetch stored work nobody kicked, before the workers run dry.
        if (next !== undefined && this.waiting.length === Math.floor(this.config.conversations.backlogMax / 10)) this.backlogLow?.();
      }
    } finally {
      // Whatever happened, the worker's place is free again: a lost place would shrink the pump for good.
      this.active -= 1;
    }
  }

  /** Passes over one conversation until no kick asks for another; never throws (a failed pass is left to the sweep). */
  private async serve(conversationId: number): Promise<void> {
    const state = this.running.get(conversationId);
    if (state === undefined) return;
    try {
      while (state.again && !this.stopped) {
        // Kicks that came while this waited for its worker are served by the pass about to start (it reads the inbox
        // after this line): only those that come during the pass ask for another.
        state.again = false;
        const claimed = state.claimed;
        state.claimed = undefined;
        if (await this.pass(conversationId, claimed)) state.again = true;
      }
    } catch (error) {
      this.log.error({ err: error, conversationId }, 'conversation pass failed; the sweep will try again');
    } finally {
      // A claim taken for a pass that never ran (the process stopped while it waited) is given up, not left to its holder's death.
      if (state.claimed !== undefined) await this.repos.conversations.releaseLease(conversationId, this.owner).catch(() => undefined);
      this.leasedAt.delete(conversationId);
      this.running.delete(conversationId);
      if (this.running.size === 0) for (const resolve of this.idle) resolve();
    }
  }

  /** True when no more conversations should be kicked here (CONVERSATION_BACKLOG_MAX); what is stored is swept in later. */
  get backlogFull(): boolean {
    return this.waiting.length >= this.config.conversations.backlogMax;
  }

  /** Called each time the backlog drains down to a tenth of its bound: work stored but not kicked (a broadcast past it) is fetched then. */
  whenBacklogLow(listener: () => void): void {
    this.backlogLow = listener;
  }

  /** Resolves when no conversation is being run in this process (tests, shutdown). */
  async settled(): Promise<void> {
    if (this.running.size === 0) return;
    await new Promise<void>((resolve) => {
      const done = () => { this.idle.delete(done); resolve(); };
      this.idle.add(done);
    });
  }

  /** Takes no more kicks and waits for the passes in flight, up to `graceMs`; false when some still ran then. */
  async stop(graceMs = Number.POSITIVE_INFINITY): Promise<boolean> {
    this.stopped = true;
    let timer: NodeJS.Timeout | undefined;
    const timeout = Number.isFinite(graceMs) ? new Promise<false>((resolve) => { timer = setTimeout(() => resolve(false), graceMs); }) : null;
    const drained = await Promise.race([this.settled().then(() => true as const), ...(timeout === null ? [] : [timeout])]);
    clearTimeout(timer);
    return drained;
  }

  /**
   * The lease end for a claim the ingest may take in its own transaction, or null when it should not: this process is
   * stopping, may have been taken for dead, or has no free worker to run the conversation at once.
   */
  claimUntil(): string | null {
    if (this.stopped || !this.mayAct() || this.active >= this.config.conversations.concurrency) return null;
    return this.leaseUntil();
  }

  private leaseUntil(): string {
    return new Date(this.clock().getTime() + this.config.conversations.leaseSeconds * 1000).toISOString();
  }

  /**
   * One pass under the claim: the claim and the conversation in one statement, its pending events run, its outbox
   * delivered, and the claim given up in the statement that checks no event came meanwhile. False: nothing is left
   * for another pass.
   */
  private async pass(conversationId: number, preclaimed: ClaimedConversation | undefined): Promise<boolean> {
    const claimed = preclaimed ?? await this.runStore.pass.claim(conversationId, this.owner, this.clock().toISOString(), this.leaseUntil());
    if (claimed === undefined) return false;
    if (preclaimed === undefined) this.leasedAt.set(conversationId, this.clock().getTime());
    const seen: PassRows = { conversation: claimed, outbox: claimed.hasQueued, known: claimed.hasQueued ? null : [] };
    let released = false;
    try {
      for (;;) {
        const outcome = await this.runPending(conversationId, seen);
        // The last run's commit gave the claim up: nothing was left to deliver and no event waited.
        if (outcome === 'released') {
          released = true;
          break;
        }
        if (seen.outbox) {
          const opened = seen.channelRow === undefined ? undefined : this.delivery.open(seen.channelRow);
          const emptied = await this.delivery.deliverQueued(seen.conversation, opened, this.mayAct, seen.known ?? undefined);
          seen.known = emptied ? [] : null;
        }
        // A paused conversation is woken by its timer; a process that may have been taken for dead acts no more.
        if (outcome === 'paused' || !this.mayAct()) break;
        if (await this.runStore.pass.releaseIfIdle(conversationId, this.owner)) {
          released = true;
          break;
        }
        // Events came while the claim was held: run them under it.
      }
    } finally {
      this.leasedAt.delete(conversationId);
      if (!released) await this.repos.conversations.releaseLease(conversationId, this.owner);
    }
    return false;
  }

  /** Runs pending events in order until none is left, or only events held back by a pause; or the last run released the claim. */
  private async runPending(conversationId: number, seen: PassRows): Promise<'empty' | 'paused' | 'released'> {
    for (;;) {
      const pending = await this.runStore.pass.pending(conversationId, BATCH);
      if (pending.length === 0) return 'empty';
      let heldBack = false;
      let progressed = false;
      let again = false;
      for (const [index, event] of pending.entries()) {
        // The last of a short page, with nothing held back: its commit may give the claim up itself.
        const last = index === pending.length - 1 && pending.length < BATCH && !heldBack;
        const outcome = await this.runOne(conversationId, event, seen, last);
        if (outcome === 'released') return 'released';
        if (outcome === 'deferred') {
          heldBack = true;
          continue;
        }
        progressed = true;
        // An earlier event was held back (a pause) and the state has changed since: it may run now, so start again from the oldest.
        if (heldBack) {
          again = true;
          break;
        }
      }
      if (!progressed) return 'paused';
      // A short page was everything pending; what arrived meanwhile is found by the look after the lease is released.
      if (!again && pending.length < BATCH) return heldBack ? 'paused' : 'empty';
    }
  }

  /** Runs one event: deferred when the runner held it back (the conversation is paused); released when its commit gave the claim up. */
  private async runOne(conversationId: number, inbox: InboxEvent, seen: PassRows, last: boolean): Promise<RunOutcome> {
    const now = this.clock().toISOString();
    // Renew the claim once half of it is used: a long run must not outlive it (the commit checks it too).
    const leasedAt = this.leasedAt.get(conversationId) ?? 0;
    if (this.clock().getTime() - leasedAt > this.config.conversations.leaseSeconds * 500) {
      if (!(await this.repos.conversations.acquireLease(conversationId, this.owner, now, this.leaseUntil()))) throw new LeaseLostError(conversationId);
      this.leasedAt.set(conversationId, this.clock().getTime());
    }
    const { conversation } = seen;
    // The channel and its bot come from the services' cache, and are kept for the pass.
    const channel = seen.channelRow?.id === conversation.channelId ? seen.channelRow : await this.records.channel(conversation.channelId);
    seen.channelRow = channel;
    const bot = channel && (seen.bot?.id === channel.botId ? seen.bot : await this.records.bot(channel.botId));
    seen.bot = bot;
    if (channel === undefined || bot === undefined) {
      await this.repos.inbox.markDone(inbox.id, now);
      return 'ran';
    }
    // A state or an event this release cannot read parks the conversation (its events stay pending): deferred, like a pause.
    if (seen.conversation.parkedReason !== null) return 'deferred';
    const readable = seen.state ?? await stateOrPark(this.repos, this.log, this.owner, conversation, now);
    const stored = readable && await eventOrPark(this.repos, this.log, this.owner, conversation, inbox.payload, now);
    if (readable === null || stored === null) {
      seen.conversation = { ...conversation, parkedReason: 'parked' };
      return 'deferred';
    }
    let state = readable;
    // A conversation in the middle of a chain finishes it on the revision it started on.
    const revision = isBusy(state) && state.revision !== null ? state.revision : bot.currentRevision;
    let program = await this.programs.get(bot.id, revision);
    if (program === null && revision !== bot.currentRevision) program = await this.programs.get(bot.id, bot.currentRevision);
    if (program === null) {
      this.log.error({ conversationId, botId: bot.id, revision }, 'the bot revision cannot be run; the event was dropped');
      await this.repos.inbox.markDone(inbox.id, now);
      return 'ran';
    }
    if (!isBusy(state)) state = { ...state, revision: bot.currentRevision };
    const loaded = await loadRunEnvironment({ repos: this.repos, runInputs: this.runStore.pass.runInputs, config: this.config, clock: this.clock, http: this.http, program, conversation, channel, device: stored.device, knowledge: this.knowledge });
    if (loaded === null) {
      await this.repos.inbox.markDone(inbox.id, now);
      return 'ran';
    }
    const result = await handleEvent(loaded.env, state, stored.event);
    if (result.deferred) return 'deferred';
    for (const issue of result.issues) this.log.warn({ conversationId, botId: bot.id, pointer: issue.pointer }, issue.message);
    const opened = this.delivery.open(channel);
    const atCommit = this.delivery.atCommit(opened);
    const committedAt = this.clock().toISOString();
    const said = stored.event.kind === 'message' ? stored.event : null;
    const inbound = said !== null;
    const analytics = tallyRun({ botId: bot.id, channelId: channel.id, before: state, botEnabledBefore: conversation.botEnabled, said, result, at: committedAt });
    // The channel's journeys (a cached read, made only by a run that read a message or entered an interaction): a reply
    // and a goal entered count for the human's runs of them.
    const journeys = inbound || result.entered.length > 0 ? await this.records.journeysOn(channel.id) : null;
    const journeyCounts = journeys === null || journeys.ids.length === 0 ? NO_JOURNEY_COUNTS : {
      replied: inbound ? journeys.ids : [],
      converted: journeys.goals.size === 0 ? [] : result.entered.flatMap((name) => journeys.goals.get(name) ?? []),
    };
    const { queued, sentAtCommit, storedState, released } = await commitRun(this.runStore, this.jobs, this.webhookEvents, {
      conversationId, accountId: conversation.accountId, channelId: channel.id, channelType: channel.channelType, humanId: conversation.humanId, eventId: inbox.id,
      owners: loaded.owners, leaseOwner: this.owner, result, now: committedAt, batchId: stored.batchId ?? null,
      atCommit, queuedBefore: seen.outbox, release: last && !seen.outbox && this.mayAct(),
      triage: {
        activity: inbound || result.outbound.length > 0,
        reopen: inbound,
        // The bot handed the conversation to people, or the human asked for one while the bot had it.
        wantsPerson: conversation.botEnabled && (!result.state.botEnabled || asksForPerson(said?.text ?? null)),
      },
      analytics,
      journeys: journeyCounts,
    });
    seen.conversation = { ...conversation, state: storedState, botEnabled: result.state.botEnabled, priority: result.state.priority };
    seen.state = result.state;
    if (queued.length > 0) seen.outbox = true;
    seen.known?.push(...queued);
    this.events.emit('conversation.committed', { conversationId, channelType: channel.channelType, messageIds: [...sentAtCommit.map((m) => m.id), ...queued.map((m) => m.id)], counted: analytics.tallies });
    if (atCommit !== null && sentAtCommit.length > 0) this.delivery.announceSent(atCommit, seen.conversation, channel.channelType, sentAtCommit, committedAt);
    return released ? 'released' : 'ran';
  }
}
