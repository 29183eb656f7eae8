// The process's Prometheus metrics: counters and histograms bumped in memory as work happens, queue depths read on each scrape.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { unreadableCounts } from '../../engine/index.js';
import type { JobQueue } from '../../jobs/index.js';
import { equalSecrets } from '../../security/index.js';
import { queueDepths, type Store } from '../../store/index.js';

/** Seconds: from a fast API call to a slow provider; Prometheus's usual buckets, with sub-millisecond ones for classification. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const DELIVERY_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800];
const CLASSIFY_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1];

export type WebhookVerdict = 'delivered' | 'retry' | 'give-up' | 'gone';

export interface MetricsSettings {
  /** Bearer token a scrape must carry; null: none (the private port alone guards it). */
  token: string | null;
}

/** The analytics metrics counted in Prometheus too, by the outcome label they take there (interaction names stay out: unbounded). */
const OUTCOMES: Record<string, string> = {
  conversations: 'conversation_started', entered: 'interaction_entered', finished: 'interaction_finished', handoffs: 'handoff', unrecognised: 'unrecognised',
};

export class Metrics {
  /** One registry per server, so two servers in one process (tests) count apart. */
  readonly registry = new Registry();
  private readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  private readonly inbound: Counter<'channel_type' | 'status'>;
  private readonly outbound: Counter<'channel_type' | 'status'>;
  private readonly outcomes: Counter<'channel_type' | 'outcome'>;
  private readonly deliveryLatency: Histogram<'channel_type'>;
  private readonly webhookAttempts: Counter<'outcome'>;
  private readonly webhookFailures: Counter<'outcome'>;
  private readonly classifyTime: Histogram;
  private readonly depth: Gauge<'queue'>;
  private readonly depthErrors: Counter;

  constructor(private readonly store: Store, private readonly jobs: Pick<JobQueue, 'counts'>, private readonly settings: MetricsSettings) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'parley_' });
    this.httpDuration = new Histogram({
      name: 'parley_http_request_duration_seconds', help: 'HTTP requests by method, route template and status, in seconds.',
      labelNames: ['method', 'route', 'status'], buckets: HTTP_BUCKETS, registers,
    });
    this.inbound = new Counter({
      name: 'parley_messages_inbound_total', help: 'Inbound messages stored, by channel type and status (received; duplicate: a provider retry already stored).',
      labelNames: ['channel_type', 'status'], registers,
    });
    this.outbound = new Counter({
      name: 'parley_messages_outbound_total', help: 'Outbound messages by channel type and the status they reached (sent, failed, delivered, read).',
      labelNames: ['channel_type', 'status'], registers,
    });
    this.outcomes = new Counter({
      name: 'parley_conversation_outcomes_total',
      help: 'What the bot\'s runs did, by channel type: conversation_started, interaction_entered, interaction_finished, handoff (the bot handed over), unrecognised (a text it did not understand). GET /v1/analytics has them per day, bot, channel and interaction.',
      labelNames: ['channel_type', 'outcome'], registers,
    });
    this.deliveryLatency = new Histogram({
      name: 'parley_delivery_latency_seconds', help: 'From an outbound message queued to its provider accepting it, in seconds, retries included.',
      labelNames: ['channel_type'], buckets: DELIVERY_BUCKETS, registers,
    });
    this.webhookAttempts = new Counter({
      name: 'parley_webhook_attempts_total', help: 'Webhook delivery attempts by outcome (delivered, retry, give-up, gone).',
      labelNames: ['outcome'], registers,
    });
    this.webhookFailures = new Counter({
      name: 'parley_webhook_delivery_failures_total', help: 'Webhook delivery attempts that failed, by outcome (retry: tried again later; give-up: no more attempts; gone: the endpoint answered 410 and was disabled).',
      labelNames: ['outcome'], registers,
    });
    this.classifyTime = new Histogram({
      name: 'parley_recognizer_classify_seconds', help: 'Time the intent recognizer took on one message, in seconds.',
      buckets: CLASSIFY_BUCKETS, registers,
    });
    this.depth = new Gauge({
      name: 'parley_queue_depth', help: 'Work waiting across every process, read at scrape time: inbox (events not yet run), outbox (messages queued for delivery), jobs (waiting), jobs_active (running).',
      labelNames: ['queue'], registers,
    });
    new Gauge({
      name: 'parley_unreadable_stored_records', labelNames: ['format'], registers,
      help: 'Stored records this process could not read since it started (a newer release wrote them, or they are damaged), by format: conversations parked, items failed, jobs failed.',
      collect() {
        for (const [format, count] of Object.entries(unreadableCounts())) this.set({ format }, count);
      },
    });
    this.depthErrors = new Counter({
      name: 'parley_queue_depth_errors_total', help: 'Scrapes whose queue depths could not be read (the gauges keep their last values).', registers,
    });
  }

  /** Whether a scrape may read the metrics: the bearer token when one is configured. */
  allows(authorization: string | undefined): boolean {
    const { token } = this.settings;
    if (token === null) return true;
    const given = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
    return given !== undefined && equalSecrets(token, given);
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The exposition text, with the queue depths read now (three cheap statements per scrape). */
  async scrape(): Promise<string> {
    try {
      const [depths, jobs] = await Promise.all([queueDepths(this.store.db), this.jobs.counts()]);
      this.depth.set({ queue: 'inbox' }, depths.inboxPending);
      this.depth.set({ queue: 'outbox' }, depths.outboxQueued);
      this.depth.set({ queue: 'jobs' }, jobs.waiting);
      this.depth.set({ queue: 'jobs_active' }, jobs.active);
    } catch {
      // The database is away (readyz says so): the rest of the metrics are still worth a scrape.
      this.depthErrors.inc();
    }
    return this.registry.metrics();
  }

  httpRequest(method: string, route: string, status: number, seconds: number): void {
    this.httpDuration.observe({ method, route, status: String(status) }, seconds);
  }

  inboundMessage(channelType: string, status: 'received' | 'duplicate'): void {
    this.inbound.inc({ channel_type: channelType, status });
  }

  outboundMessage(channelType: string, status: string, queuedAt?: string): void {
    this.outbound.inc({ channel_type: channelType, status });
    if (status === 'sent' && queuedAt !== undefined) {
      const seconds = (Date.now() - Date.parse(queuedAt)) / 1000;
      if (Number.isFinite(seconds) && seconds >= 0) this.deliveryLatency.observe({ channel_type: channelType }, seconds);
    }
  }

  /** A run's analytics tallies (services/analytics/run-tally.ts), the ones that are outcomes. */
  runCounted(channelType: string, counted: readonly { metric: string; n: number }[]): void {
    for (const { metric, n } of counted) {
      const outcome = OUTCOMES[metric];
      if (outcome !== undefined && n > 0) this.outcomes.inc({ channel_type: channelType, outcome }, n);
    }
  }

  webhookAttempt(outcome: WebhookVerdict): void {
    this.webhookAttempts.inc({ outcome });
    if (outcome !== 'delivered') this.webhookFailures.inc({ outcome });
  }

  classified(seconds: number): void {
    this.classifyTime.observe(seconds);
  }
}
