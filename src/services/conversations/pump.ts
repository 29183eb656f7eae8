// Runs a conversation's pending events one at a time, in order, under its lease (one process at a time), then delivers its outbox.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Logger } from '../../channels/index.js';
import type { Config } from '../../config.js';
import { type ConversationEvent, handleEvent, type HttpPort, isBusy, parseState } from '../../engine/index.js';
import type { JobQueue } from '../../jobs/index.js';
import {
  type BotRow, type ChannelRow, type ConversationRow, type Database, type InboxEvent, repositories, type Repositories,
} from '../../store/index.js';
import type { Clock } from '../../time.js';
import { commitRun, LeaseLostError } from './commit.js';
import type { OutboxDelivery } from './delivery.js';
import type { ProgramCache } from './programs.js';
import { loadRunEnvironment } from './run-environment.js';
import type { RuntimeEvents } from './runtime-events.js';

interface StoredEvent {
  event: ConversationEvent;
  device: { type: string | null; platform: string | null } | null;
  /** The message batch (POST /v1/messages) this event sends, so its messages count toward the batch. */
  batchId?: number;
}

/** What one pass has read already, so its events and its delivery do not read it again. */
interface PassRows {
  conversation?: ConversationRow | undefined;
  channelRow?: ChannelRow | undefined;
  bot?: BotRow | undefined;
}

/** Events looked at per pass; a conversation rarely has more than a few pending. */
const BATCH = 50;

export class ConversationPump {
  /** This process's name in leases. */
  readonly owner = randomUUID();
  private readonly repos: Repositories;
  /** Conversations being pumped here; `again` asks the running loop for one more pass. */
  private readonly running = new Map<number, { again: boolean }>();
  private readonly idle = new Set<() => void>();
  private stopped = false;
  /** Passes running now, and those waiting for a free slot (CONVERSATION_CONCURRENCY). */
  private active = 0;
  private readonly slots: (() => void)[] = [];
  /** When this process last took or renewed each lease it holds. */
  private readonly leasedAt = new Map<number, number>();
  private backlogLow: (() => void) | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly config: Config,
    private readonly programs: ProgramCache,
    private readonly delivery: OutboxDelivery,
    private readonly jobs: JobQueue,
    private readonly http: HttpPort,
    private readonly events: RuntimeEvents,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {
    this.repos = repositories(db);
  }

  /** Asks for the conversation to be run; returns at once. Kicks while a pass runs fold into one more pass. */
  kick(conversationId: number): void {
    if (this.stopped) return;
    const current = this.running.get(conversationId);
    if (current !== undefined) {
      current.again = true;
      return;
    }
    const state = { again: true };
    this.running.set(conversationId, state);
    void (async () => {
      try {
        while (state.again && !this.stopped) {
          state.again = false;
          await this.slot();
          try {
            if (await this.pass(conversationId)) state.again = true;
          } finally {
            this.release();
          }
        }
      } catch (error) {
        this.log.error({ err: error, conversationId }, 'conversation pass failed; the sweep will try again');
      } finally {
        this.running.delete(conversationId);
        if (this.running.size === 0) for (const resolve of this.idle) resolve();
      }
    })();
  }

  private async slot(): Promise<void> {
    if (this.active < this.config.conversations.concurrency) {
      this.active += 1;
      return;
    }
    await new Promise<void>((resolve) => this.slots.push(resolve));
  }

  private release(): void {
    const next = this.slots.shift();
    if (next !== undefined) next();
    else this.active -= 1;
    // A tenth of the bound left: time to fetch stored work nobody kicked, before the slots run dry.
    if (next !== undefined && this.slots.length === Math.floor(this.config.conversations.backlogMax / 10)) this.backlogLow?.();
  }

  /** True when no more conversations should be kicked here (CONVERSATION_BACKLOG_MAX); what is stored is swept in later. */
  get backlogFull(): boolean {
    return this.slots.length >= this.config.conversations.backlogMax;
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

  async stop(): Promise<void> {
    this.stopped = true;
    await this.settled();
  }

  private leaseUntil(): string {
    return new Date(this.clock().getTime() + this.config.conversations.leaseSeconds * 1000).toISOString();
  }

  /** One pass under the lease. True when work may remain (events stored while the lease was held). */
  private async pass(conversationId: number): Promise<boolean> {
    const now = this.clock().toISOString();
    if (!(await this.repos.conversations.acquireLease(conversationId, this.owner, now, this.leaseUntil()))) return false;
    this.leasedAt.set(conversationId, this.clock().getTime());
    const seen: PassRows = {};
    let outcome: 'empty' | 'paused';
    try {
      outcome = await this.runPending(conversationId, seen);
      const conversation = seen.conversation ?? await this.repos.conversations.find(conversationId);
      const opened = seen.channelRow === undefined ? undefined : this.delivery.open(seen.channelRow);
      if (conversation !== undefined) await this.delivery.deliverQueued(conversation, opened);
    } finally {
      this.leasedAt.delete(conversationId);
      await this.repos.conversations.releaseLease(conversationId, this.owner);
    }
    // A paused conversation is woken by its timer; otherwise, events that came while we held the lease need a pass.
    if (outcome === 'paused') return false;
    return (await this.repos.inbox.pending(conversationId, 1)).length > 0;
  }

  /** Runs pending events in order until none is left, or only events held back by a pause. */
  private async runPending(conversationId: number, seen: PassRows): Promise<'empty' | 'paused'> {
    for (;;) {
      const pending = await this.repos.inbox.pending(conversationId, BATCH);
      if (pending.length === 0) return 'empty';
      let heldBack = false;
      let progressed = false;
      let again = false;
      for (const event of pending) {
        if (!(await this.runOne(conversationId, event, seen))) {
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

  /** Runs one event; false when the runner deferred it (the conversation is paused). */
  private async runOne(conversationId: number, inbox: InboxEvent, seen: PassRows): Promise<boolean> {
    const now = this.clock().toISOString();
    // Renew the claim once half of it is used: a long run must not outlive it (the commit checks it too).
    const leasedAt = this.leasedAt.get(conversationId) ?? 0;
    if (this.clock().getTime() - leasedAt > this.config.conversations.leaseSeconds * 500) {
      if (!(await this.repos.conversations.acquireLease(conversationId, this.owner, now, this.leaseUntil()))) throw new LeaseLostError(conversationId);
      this.leasedAt.set(conversationId, this.clock().getTime());
    }
    const conversation = await this.repos.conversations.find(conversationId);
    seen.conversation = conversation;
    // The channel and its bot are read once per pass: a pass lasts a few events, and they change rarely.
    const channel = conversation && (seen.channelRow?.id === conversation.channelId ? seen.channelRow : await this.repos.channels.find(conversation.channelId));
    seen.channelRow = channel;
    const bot = channel && (seen.bot?.id === channel.botId ? seen.bot : await this.repos.bots.find(channel.botId));
    seen.bot = bot;
    if (conversation === undefined || channel === undefined || bot === undefined) {
      await this.repos.inbox.markDone(inbox.id, now);
      return true;
    }
    const stored = JSON.parse(inbox.payload) as StoredEvent;
    let state = parseState(conversation.state);
    // A conversation in the middle of a chain finishes it on the revision it started on.
    const revision = isBusy(state) && state.revision !== null ? state.revision : bot.currentRevision;
    let program = await this.programs.get(bot.id, revision);
    if (program === null && revision !== bot.currentRevision) program = await this.programs.get(bot.id, bot.currentRevision);
    if (program === null) {
      this.log.error({ conversationId, botId: bot.id, revision }, 'the bot revision cannot be run; the event was dropped');
      await this.repos.inbox.markDone(inbox.id, now);
      return true;
    }
    if (!isBusy(state)) state = { ...state, revision: bot.currentRevision };
    const loaded = await loadRunEnvironment({ repos: this.repos, config: this.config, clock: this.clock, http: this.http, program, conversation, channel, device: stored.device });
    if (loaded === null) {
      await this.repos.inbox.markDone(inbox.id, now);
      return true;
    }
    const result = await handleEvent(loaded.env, state, stored.event);
    if (result.deferred) return false;
    for (const issue of result.issues) this.log.warn({ conversationId, botId: bot.id, pointer: issue.pointer }, issue.message);
    const ids = await commitRun(this.db, this.jobs, {
      conversationId, accountId: conversation.accountId, channelId: channel.id, humanId: conversation.humanId, eventId: inbox.id,
      owners: loaded.owners, leaseOwner: this.owner, result, now: this.clock().toISOString(), batchId: stored.batchId ?? null,
    });
    this.events.emit('conversation.committed', { conversationId, channelType: channel.channelType, messageIds: ids });
    return true;
  }
}
