// Recording events: inside the caller's transaction, one delivery row and one durable job per matching subscription.
import type { Kysely } from 'kysely';
import type { JobQueue } from '../../jobs/index.js';
import { type Database, WebhookDeliveryRepository, WebhookRepository } from '../../store/index.js';
import type { WebhookEvent } from './event-types.js';
import { eventData } from './payloads.js';
import { JOB_RETRY_LIMIT, jobKey, WEBHOOK_QUEUE, type DeliverJob } from './queue.js';
import { newMessageId } from './signing.js';

/**
 * Records events for the account's webhooks. Call it with the transaction that makes the change the events
 * report: the deliveries and their jobs then commit with the change or not at all, so a crash can neither lose
 * an event nor report a change that did not happen. Costs one indexed read when the account has no webhooks.
 * Returns the number of deliveries queued.
 */
export async function recordEvents(db: Kysely<Database>, jobs: JobQueue, accountId: number, events: readonly WebhookEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const subscriptions = await new WebhookRepository(db).enabledFor(accountId);
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
      await jobs.send(WEBHOOK_QUEUE, job, { key: jobKey(job), retryLimit: JOB_RETRY_LIMIT }, db);
      queued += 1;
    }
  }
  return queued;
}

/** The usual single-event form of recordEvents. */
export async function recordEvent(db: Kysely<Database>, jobs: JobQueue, accountId: number, event: WebhookEvent): Promise<number> {
  return recordEvents(db, jobs, accountId, [event]);
}

