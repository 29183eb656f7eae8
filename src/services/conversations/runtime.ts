// The conversation runtime of one process: inbox, pump, outbox delivery, durable jobs and the recovery sweep, wired together.
import { sql } from 'kysely';
import {
  type ChannelAdapter, type ChannelRecord, type ChannelRuntime, type ProcessPeers, type Logger, LoggerRef, type Mailer,
  type MediaPort, type Pace, type ProviderRecords, type StatusReport,
} from '../../channels/index.js';
import type { Config } from '../../config.js';
import { type ConversationState, type HttpPort, parseState } from '../../engine/index.js';
import {
  type MessageRow, NluModelRepository, passStatements, ProcessRepository, repositories, type Repositories, sharedRunCommits, type Store,
} from '../../store/index.js';
import type { JobHandler, JobQueue, WorkOptions } from '../../jobs/index.js';
import type { SecretBox } from '../../security/index.js';
import type { Clock } from '../../time.js';
import { ChannelRecords } from './channel-records.js';
import { OutboxDelivery } from './delivery.js';
import { DeliveryRate } from './delivery-rate.js';
import { Ingest } from './ingest.js';
import { registerJobHandlers } from './job-handlers.js';
import { ProgramCache } from './programs.js';
import { TrainingWorkerPool } from './training-worker-pool.js';
import { StoredModels } from './trained-models.js';
import { ConversationPump } from './pump.js';
import { Liveness } from './liveness.js';
import { randomUUID } from 'node:crypto';
import { RuntimeEvents } from './runtime-events.js';
import type { KnowledgeFactory } from './run-environment.js';
import { Sweeper } from './sweeper.js';
import { EventRecorder } from '../webhooks/record.js';
import { failureTallies } from '../analytics/failure-key.js';
import { AnalyticsFolder } from '../analytics/folder.js';
import type { CachedRecords } from '../cached-records.js';

export interface RuntimeParts {
  config: Config;
  store: Store;
  secrets: SecretBox;
  jobs: JobQueue;
  http: HttpPort;
  mailer: Mailer;
  clock: Clock;
  /** Channels, bots and webhook targets as every message reads them, kept in memory until they change. */
  records: CachedRecords;
  /** Files people send through providers that keep them behind their own authentication. */
  media: MediaPort;
}

export class ConversationRuntime implements ChannelRuntime {
  readonly events = new RuntimeEvents();
  readonly programs: ProgramCache;
  readonly ingest: Ingest;
  readonly channels: ChannelRecords;
  readonly jobs: JobQueue;
  /** Webhook events, recorded in the transaction of the change they report. */
  readonly webhookEvents: EventRecorder;
  readonly media: MediaPort;
  private readonly adapters = new Map<string, ChannelAdapter>();
  /** Adapters that take some channels over whatever their type (the sandbox's), asked in order before the adapter of the type. */
  private readonly adapterOverrides: ((channel: ChannelRecord) => ChannelAdapter | null)[] = [];
  /** The store, for the services that share the runtime's. */
  readonly repos: Repositories;
  /** What providers read (src/channels/records.ts): the store's repositories, channels opened. */
  readonly records: ProviderRecords;
  /** Per-channel delivery slots (DELIVERY_RATES), for a provider that delivers on another channel than the message's (RCS's SMS fallback). */
  readonly deliveryRate: DeliveryRate;
  /** Folds the analytics journal the runs append to into the rollups. */
  readonly analyticsFolder: AnalyticsFolder;
  private readonly pump: ConversationPump;
  /** This process's heartbeat; the claims of processes that stop beating are freed at once. */
  private readonly liveness: Liveness;
  private readonly sweeper: Sweeper;
  /** Until the server hands over its logger, the runtime writes nothing. */
  private readonly logger = new LoggerRef();
  private started = false;
  private readonly workers: (() => Promise<void>)[] = [];

  constructor(private readonly parts: RuntimeParts) {
    const { config, store, clock } = parts;
    const repos = repositories(store.db);
    this.repos = repos;
    this.jobs = parts.jobs;
    this.media = parts.media;
    this.webhookEvents = new EventRecorder(parts.jobs, (accountId, db) => parts.records.webhookTargets(accountId, db));
    this.channels = new ChannelRecords(parts.records, repos, parts.secrets);
    const pass = passStatements(store.db, store.transactions, store.dialect);
    this.records = {
      channels: this.channels, conversations: repos.conversations, humans: repos.humanRecords,
      // The subscription asked before each text is shared by the deliveries of one turn on PostgreSQL.
      identities: { humanOf: (channelId, address) => repos.identities.humanOf(channelId, address), subscriptionAt: pass.subscriptionAt },
      inbox: repos.inbox, messages: repos.messages, bots: repos.bots,
    };
    const { log } = this.logger;
    const training = new TrainingWorkerPool({
      size: config.conversations.trainingWorkers,
      onFallback: (err) => log.warn({ err }, 'recognizer training workers cannot start here; bots are trained on the event loop'),
    });
    this.programs = new ProgramCache(repos, (id) => parts.records.bot(id), {
      training,
      ...(config.conversations.storeModels ? { models: new StoredModels(new NluModelRepository(store.db), clock) } : {}),
      onRecognizer: (botId, revision, cost) => log.info({ botId, revision, ...cost }, 'bot recognizer ready'),
      onStoreError: (botId, revision, err) => log.warn({ err, botId, revision }, 'the trained recognizer could not be stored; it will be trained again after a restart'),
    });
    this.deliveryRate = new DeliveryRate(store.db, store.dialect, (rule) => config.conversations.deliveryRates[rule]);
    const delivery = new OutboxDelivery(repos, (channel) => this.adapterFor(channel), parts.mailer, this.channels, parts.jobs, this.events, config.conversations, clock, this.deliveryRate, store.db, store.transactions, this.webhookEvents, log, pass);
    this.liveness = new Liveness(randomUUID(), new ProcessRepository(store.db, store.dialect), config.conversations,
      () => void this.sweeper.sweep(), () => log);
    this.pump = new ConversationPump(store.db, { transactions: store.transactions, oneStatement: store.dialect === 'postgres' ? { db: store.db, commit: sharedRunCommits(store.db) } : null, pass }, config, this.programs, delivery, parts.jobs, this.webhookEvents, parts.records, parts.http, this.events, clock, log, this.liveness);
    this.ingest = new Ingest(store.db, store.transactions, clock, this.pump, this.webhookEvents, store.dialect);
    this.sweeper = new Sweeper(repos, this.pump, clock, config.conversations.sweepIntervalMs);
    this.analyticsFolder = new AnalyticsFolder(store.db, store.dialect === 'postgres', (err) => log.warn({ err }, 'the analytics journal could not be folded; it is tried again in a second'));
    // Conversations a producer stored but did not kick (its bound was reached) are swept in as soon as the pump runs low, not at the next tick.
    this.pump.whenBacklogLow(() => void this.sweeper.sweep());
  }

  /** The server's logger once it handed it over (silent before). */
  get log(): Logger {
    return this.logger.log;
  }

  useLogger(log: Logger): void {
    this.logger.use(log);
  }

  /** Gives answer steps their port (services/knowledge): every run from now on gets one. */
  useKnowledge(factory: KnowledgeFactory): void {
    this.pump.knowledge = factory;
  }

  registerAdapter(adapter: ChannelAdapter): void {
    this.adapters.set(adapter.type, adapter);
  }

  /**
   * Lets `pick` deliver the channels it returns an adapter for, ahead of the adapter of their type; it returns null for
   * the others, which stay with their provider. The sandbox (src/channels/sandbox) takes channels whose token is `sandbox`.
   */
  overrideAdapter(pick: (channel: ChannelRecord) => ChannelAdapter | null): void {
    this.adapterOverrides.push(pick);
  }

  /** The adapter that delivers this channel's messages: an override's, else the one registered for its type. */
  adapterFor(channel: ChannelRecord): ChannelAdapter | undefined {
    for (const pick of this.adapterOverrides) {
      const adapter = pick(channel);
      if (adapter !== null) return adapter;
    }
    return this.adapters.get(channel.type);
  }

  /** The adapter of a channel type, for a provider that hands a message on (RCS falling back to SMS). */
  adapter(type: string): ChannelAdapter | undefined {
    return this.adapters.get(type);
  }

  /** Waits for a channel's delivery slot (DELIVERY_RATES), for a provider that delivers on another channel than the message's. */
  paceDelivery(channel: { id: number; type: string }, pace: Pace): Promise<void> {
    return this.deliveryRate.take(channel, pace);
  }

  /** The other serving processes, as this one's heartbeat last read them. */
  get peers(): ProcessPeers {
    return this.liveness;
  }

  /** A PostgreSQL notification to every process (web chat and sandbox fan-out); only called on PostgreSQL. */
  async notify(channel: string, payload: string): Promise<void> {
    await sql`SELECT pg_notify(${channel}, ${payload})`.execute(this.parts.store.db);
  }

  /** A provider's report on a message: its status moves forward (never back), and listeners hear of it. */
  async reportStatus(report: StatusReport): Promise<void> {
    const now = this.parts.clock().toISOString();
    // The status change and its webhook event (message.delivered/read/failed) commit together.
    const row = await this.parts.store.db.transaction().execute(async (tx) => {
      const repos = repositories(tx);
      const changed = await repos.messages.updateStatusByProviderId(report.channel.id, report.providerMessageId, report.status, report.reason ?? null, now);
      if (changed === undefined) return undefined;
      await this.webhookEvents.record(tx, changed.row.accountId, { type: `message.${report.status}`, messageId: changed.row.id, at: now });
      // Analytics: the day the provider said so, on the message's channel and its conversation's bot.
      const message = changed.row;
      const on = { day: now.slice(0, 10), channelId: message.channelId };
      const tallies = report.status === 'failed' ? failureTallies(on, report.reason ?? null)
        : [report.status, ...(changed.reachedDelivered && report.status === 'read' ? ['delivered'] : [])].map((metric) => ({ ...on, metric, key: '', n: 1 }));
      await repos.analytics.addForConversation(message.accountId, message.conversationId, tallies);
      return message;
    });
    if (row === undefined) return;
    const info = { accountId: row.accountId, conversationId: row.conversationId, messageId: row.id, channelType: report.channel.type, ...(report.reason ? { reason: report.reason } : {}) };
    this.events.emit(`message.${report.status}`, info);
  }

  /**
   * Waits (up to `timeoutMs`) until the event has been run, then gives what its run sent and the
   * conversation's state: for channels that answer in the webhook's own response (the voice
   * assistant). Works whichever process runs the event. null on timeout.
   */
  async awaitRun(eventId: number, conversationId: number, timeoutMs: number): Promise<{ messages: MessageRow[]; state: ConversationState } | null> {
    const deadline = Date.now() + timeoutMs;
    while ((await this.repos.inbox.status(eventId)) !== 'done') {
      if (Date.now() >= deadline) return null;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const conversation = await this.repos.conversations.find(conversationId);
    return { messages: await this.repos.messages.producedBy(eventId), state: parseState(conversation?.state) };
  }

  /** Producers of many conversations (a broadcast) store their events but stop kicking while this holds. */
  get backlogFull(): boolean {
    return this.pump.backlogFull;
  }

  kick(conversationId: number): void {
    this.pump.kick(conversationId);
  }

  /** Resolves once this process has no conversation running (tests wait on it). */
  settled(): Promise<void> {
    return this.pump.settled();
  }

  /** Adds a durable-job handler of another service (broadcasts, webhooks); registered when the runtime starts. */
  work<T>(queue: string, handler: JobHandler<T>, options?: WorkOptions): void {
    this.workers.push(() => this.jobs.work(queue, handler, options));
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await registerJobHandlers(this.jobs, this.ingest, this.parts.http, (id) => this.pump.kick(id), this.logger.log);
    for (const register of this.workers) await register();
    await this.liveness.start();
    await this.jobs.start();
    // This release may read the states an older one parked: they are tried again (and parked again if not).
    const unparked = await this.repos.conversations.unparkAll(this.parts.clock().toISOString());
    if (unparked.length > 0) this.logger.log.warn({ conversations: unparked.length }, 'parked conversations are tried again');
    this.sweeper.start();
    this.analyticsFolder.start();
  }

  async stop(): Promise<void> {
    this.sweeper.stop();
    if (!(await this.pump.stop(this.parts.config.conversations.drainMs))) {
      this.logger.log.warn({ drainMs: this.parts.config.conversations.drainMs }, 'conversation runs still going after the drain; their claims are released and they deliver nothing more');
    }
    if (this.started) await this.analyticsFolder.stop();
    if (this.started) await this.liveness.stop();
    await this.programs.close();
    if (this.started) await this.jobs.stop(5000);
  }
}
