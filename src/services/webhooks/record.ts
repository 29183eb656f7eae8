// Recording events: inside the caller's transaction, one delivery row and one durable job per matching subscription.
import type { Kysely } from 'kysely';
import type { JobQueue } from '../../jobs/index.js';
import { type Database, WebhookDeliveryRepository, WebhookRepository } from '../../store/index.js';
import type { WebhookTarget } from '../cached-records.js';
import type { WebhookEvent } from './event-types.js';
import { eventData } from './payloads.js';
import { JOB_RETRY_LIMIT, jobKey, WEBHOOK_QUEUE, type DeliverJob } from './queue.js';
import { newMessageId } from './signing.js';

/** The account's enabled subscriptions (cached by the services: most accounts have none, and every message asks). */
export type WebhookTargets = (accountId: number, db: Kysely<Database>) => Promise<readonly WebhookTarget[]>;

/**
 * Records events for the account's webhooks. Call it with the transaction that makes the change the events
 * report: the deliveries and their jobs then commit with the change or not at all, so a crash can neither lose
 * an event nor report a change that did not happen.
 */
export class EventRecorder {
  constructor(private readonly jobs: JobQueue, private readonly targets: WebhookTargets) {}

  /** Whether any of the account's subscriptions takes events of this type (from the cache: no statement). */
  async wants(db: Kysely<Database>, accountId: number, type: WebhookEvent['type']): Promise<boolean> {
    return (await this.targets(accountId, db)).some((s) => s.eventTypes.includes(type));
  }

  /** Returns the number of deliveries queued. */
  async record(db: Kysely<Database>, accountId: number, ...events: readonly WebhookEvent[]): Promise<number> {
    if (events.length === 0) return 0;
    const subscriptions = await this.targets(accountId, db);
    if (subscriptions.length === 0) return 0;
    const deliveries = new WebhookDeliveryRepository(db);
    let queued = 0;
    for (const event of events) {
      const targets = subscriptions.filter((s) => s.eventTypes.includes(event.type));
      if (targets.length === 0) continue;
      const data = await eventData(db, accountId, event);
      if (data === null) continue;
      const at = event.at ?? new Date().toISOString();
      const payload = JSON.stringify({ type: event.type, timestamp: at, data });
      // One webhook-id per event: a receiver with two endpoints can tell it got the same event twice.
      const messageId = newMessageId();
      for (const target of targets) {
        const deliveryId = await deliveries.insert({ accountId, subscriptionId: target.id, messageId, eventType: event.type, payload }, at);
        const job: DeliverJob = { deliveryId, seq: 0 };
        await this.jobs.send(WEBHOOK_QUEUE, job, { key: jobKey(job), retryLimit: JOB_RETRY_LIMIT }, db);
        queued += 1;
      }
    }
    return queued;
  }
}

/** Subscriptions read from the store each time (tools and tests that run without the services' cache). */
export const uncachedTargets: WebhookTargets = async (accountId, db) =>
  (await new WebhookRepository(db).enabledFor(accountId)).map((w) => ({ id: w.id, eventTypes: w.eventTypes }));
