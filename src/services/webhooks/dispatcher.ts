// Sends webhook deliveries from the durable queue: signs, POSTs through the SSRF-guarded client, records the outcome, schedules the next try.
import { type Logger, SILENT_LOGGER } from '../../channels/index.js';
import type { Kysely } from 'kysely';
import type { WebhooksConfig } from '../../config.js';
import { HttpFailure, type HttpPort } from '../../engine/index.js';
import type { Job, JobQueue } from '../../jobs/index.js';
import type { SecretBox } from '../../security/index.js';
import {
  type AttemptRecord, type Database, type DeliveryRow, WebhookDeliveryRepository, WebhookRepository, type WebhookRow,
} from '../../store/index.js';
import { systemClock, type Clock } from '../../time.js';
import type { CachedRecords } from '../cached-records.js';
import { readJob } from '../stored-jobs.js';
import { DELIVER_JOB_FORMAT, JOB_RETRY_LIMIT, jobKey, WEBHOOK_QUEUE, type DeliverJob } from './queue.js';
import { judge, type AttemptResult, type Verdict } from './retry-policy.js';
import { signedHeaders } from './signing.js';

/** How often each process prunes the log and looks for deliveries whose job went missing. */
const MAINTENANCE_MS = 15 * 60_000;
/** A pending delivery this far past its time has lost its job (failed for good on store errors) and is scheduled again. */
const OVERDUE_MS = 60 * 60_000;
const OVERDUE_PER_RUN = 500;

function hoursBetween(from: string, to: string): string {
  return ((new Date(to).getTime() - new Date(from).getTime()) / 3_600_000).toFixed(1);
}

export class WebhookDispatcher {
  private log: Logger | null = null;
  private timer: NodeJS.Timeout | null = null;
  private registered = false;
  private attempted: ((outcome: Verdict['kind']) => void) | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly jobs: JobQueue,
    /** The SSRF-guarded client, set not to follow redirects; closed by `stop`. */
    private readonly http: HttpPort & { close(): Promise<void> },
    private readonly secrets: SecretBox,
    private readonly config: WebhooksConfig,
    /** A webhook disabled here (410 Gone) stops taking events in every process. */
    private readonly records: Pick<CachedRecords, 'changedWebhooks'>,
    private readonly clock: Clock = systemClock,
    private readonly random: () => number = Math.random,
  ) {}

  /** Takes deliveries from the queue (the job queue may already run) and begins the periodic maintenance; logs to `log`. */
  async start(log: Logger): Promise<void> {
    this.log = log;
    if (!this.registered) {
      this.registered = true;
      await this.jobs.work<unknown>(WEBHOOK_QUEUE, (job) => this.deliver(job), { concurrency: this.config.concurrency });
    }
    if (this.timer === null) {
      this.timer = setInterval(() => void this.maintain(), MAINTENANCE_MS);
      this.timer.unref();
    }
  }

  /** Hears the outcome of each attempt that was recorded (metrics). */
  onAttempt(listener: (outcome: Verdict['kind']) => void): void {
    this.attempted = listener;
  }

  /** Call after the job queue has stopped: no delivery is in flight then. */
  async stop(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    await this.http.close();
  }

  /** One job: an attempt at the delivery, or a deferral while its endpoint is throttled. Stale jobs do nothing. */
  async deliver(job: Job<unknown>): Promise<void> {
    const { deliveryId, seq } = readJob(DELIVER_JOB_FORMAT, job.data, this.log ?? SILENT_LOGGER);
    const deliveries = new WebhookDeliveryRepository(this.db);
    const delivery = await deliveries.find(deliveryId);
    if (delivery === undefined || delivery.status !== 'pending' || delivery.seq !== seq) return;
    const webhook = await new WebhookRepository(this.db).find(delivery.subscriptionId);
    if (webhook === undefined) return;
    const now = this.clock();
    if (!webhook.enabled) {
      await deliveries.cancel(delivery.id, `not sent: the webhook is disabled (${webhook.disabledReason ?? 'no reason given'})`, now.toISOString());
      return;
    }
    if (webhook.throttledUntil !== null && new Date(webhook.throttledUntil) > now) {
      // Spread the held-back deliveries a little past the hold, so they do not all arrive in the same instant.
      const at = new Date(new Date(webhook.throttledUntil).getTime() + Math.round(this.random() * 1000));
      await this.db.transaction().execute(async (tx) => {
        if (await new WebhookDeliveryRepository(tx).defer(delivery.id, seq, at.toISOString(), now.toISOString())) await this.enqueue(tx, delivery.id, seq + 1, at);
      });
      return;
    }
    const result = await this.attempt(webhook, delivery, now);
    const attempt = delivery.attempts + 1;
    const verdict = judge(result, attempt, this.config, now, this.random);
    await this.record(webhook, delivery, verdict, now);
  }

  /** Runs the maintenance now (tests; the timer runs it every 15 minutes). */
  async maintain(): Promise<void> {
    try {
      const now = this.clock().getTime();
      const deliveries = new WebhookDeliveryRepository(this.db);
      await deliveries.prune(new Date(now - this.config.logRetentionDays * 86_400_000).toISOString());
      for (const { id, seq } of await deliveries.overdue(new Date(now - OVERDUE_MS).toISOString(), OVERDUE_PER_RUN)) {
        const at = new Date(now);
        await this.db.transaction().execute(async (tx) => {
          if (await new WebhookDeliveryRepository(tx).defer(id, seq, at.toISOString(), at.toISOString())) await this.enqueue(tx, id, seq + 1, at);
        });
      }
    } catch (err) {
      this.log?.warn({ err }, 'webhook maintenance failed; it runs again later');
    }
  }

  private async attempt(webhook: WebhookRow, delivery: DeliveryRow, now: Date): Promise<AttemptResult> {
    try {
      const headers = { 'content-type': 'application/json', ...signedHeaders(this.signingSecrets(webhook, now), delivery.messageId, now, delivery.payload) };
      const res = await this.http.request({ url: webhook.url, method: 'POST', headers, body: delivery.payload, timeoutMs: this.config.timeoutMs });
      return { kind: 'response', status: res.status, retryAfter: res.headers['retry-after'], location: res.headers.location, body: res.body };
    } catch (err) {
      if (err instanceof HttpFailure) return { kind: 'failure', reason: err.reason, message: err.message };
      return { kind: 'failure', reason: 'network', message: err instanceof Error ? err.message : String(err) };
    }
  }

  /** The current secret, and the one before a rotation while its overlap lasts. */
  private signingSecrets(webhook: WebhookRow, now: Date): string[] {
    const secrets = [this.secrets.open(webhook.secretSealed)];
    if (webhook.previousSecretSealed !== null && webhook.previousSecretUntil !== null && new Date(webhook.previousSecretUntil) > now) {
      secrets.push(this.secrets.open(webhook.previousSecretSealed));
    }
    return secrets;
  }

  /** The outcome, the endpoint's new state and the next job, in one transaction. */
  private async record(webhook: WebhookRow, delivery: DeliveryRow, verdict: Verdict, now: Date): Promise<void> {
    const at = now.toISOString();
    const next = verdict.kind === 'retry' ? new Date(now.getTime() + verdict.delayMs) : null;
    const outcome: AttemptRecord = verdict.kind === 'delivered'
      ? { status: 'delivered', statusCode: verdict.statusCode, error: null, nextAttemptAt: null }
      : { status: verdict.kind === 'retry' ? 'pending' : 'failed', statusCode: verdict.statusCode, error: verdict.error, nextAttemptAt: next?.toISOString() ?? null };
    const attempts = delivery.attempts + 1;
    let downSince: string | null = null;
    const recorded = await this.db.transaction().execute(async (tx) => {
      const deliveries = new WebhookDeliveryRepository(tx);
      if (!(await deliveries.recordAttempt(delivery.id, delivery.seq, outcome, at))) return false;
      const webhooks = new WebhookRepository(tx);
      if (verdict.kind === 'gone') await webhooks.disable(webhook.id, `the endpoint answered 410 Gone at ${at}`, at);
      // Every attempt of the whole schedule failed, for at least WEBHOOK_DISABLE_AFTER_HOURS, and nothing reached the
      // endpoint meanwhile: it is down, not flaky. It is disabled (as after a 410) rather than left to take a day and a
      // half of retries per event, forever.
      const failingMs = now.getTime() - new Date(delivery.createdAt).getTime();
      if (verdict.kind === 'give-up' && attempts >= this.config.maxAttempts && this.config.disableAfterMs > 0 && failingMs >= this.config.disableAfterMs
        && !(await deliveries.deliveredSince(webhook.id, delivery.createdAt))) {
        downSince = delivery.createdAt;
        await webhooks.disable(webhook.id, `every delivery failed since ${delivery.createdAt} (${attempts} attempts over ${hoursBetween(delivery.createdAt, at)} h); the last: ${verdict.error}`, at);
      }
      if (verdict.kind === 'retry' && verdict.throttleMs !== null) await webhooks.throttle(webhook.id, new Date(now.getTime() + verdict.throttleMs).toISOString());
      if (next !== null) await this.enqueue(tx, delivery.id, delivery.seq + 1, next);
      return true;
    });
    if (!recorded) return;
    this.attempted?.(verdict.kind);
    if (verdict.kind === 'gone' || downSince !== null) await this.records.changedWebhooks(webhook.accountId);
    const context = { webhookId: webhook.id, deliveryId: delivery.id, eventId: delivery.messageId, eventType: delivery.eventType, attempts };
    if (verdict.kind === 'gone') this.log?.warn(context, 'webhook endpoint answered 410 Gone; the webhook is disabled');
    if (downSince !== null) this.log?.warn({ ...context, downSince }, 'webhook endpoint failed every attempt of a whole retry schedule; the webhook is disabled');
    if (verdict.kind === 'give-up') this.log?.warn({ ...context, error: verdict.error }, 'webhook delivery given up');
  }

  private async enqueue(tx: Kysely<Database>, deliveryId: number, seq: number, runAt: Date): Promise<void> {
    const job: DeliverJob = { deliveryId, seq };
    await this.jobs.send(WEBHOOK_QUEUE, job, { runAt, key: jobKey(job), retryLimit: JOB_RETRY_LIMIT }, tx);
  }
}
