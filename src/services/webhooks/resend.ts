// Sending a delivery again on request (the console's "send again"): the same event, the same webhook-id, a fresh schedule.
import type { Kysely } from 'kysely';
import { ConflictError, NotFoundError, ownedBy } from '../../errors.js';
import type { JobQueue } from '../../jobs/index.js';
import { type Database, WebhookDeliveryRepository, WebhookRepository } from '../../store/index.js';
import { isoNow, type Clock } from '../../time.js';
import { JOB_RETRY_LIMIT, jobKey, WEBHOOK_QUEUE, type DeliverJob } from './queue.js';
import { presentDelivery, type DeliveryView } from './service.js';

export class WebhookResender {
  constructor(private readonly db: Kysely<Database>, private readonly jobs: JobQueue, private readonly clock: Clock) {}

  async resend(accountId: number, webhookId: number, deliveryId: number): Promise<DeliveryView> {
    const webhook = ownedBy(await new WebhookRepository(this.db).find(webhookId), accountId, 'Webhook', webhookId);
    const delivery = await new WebhookDeliveryRepository(this.db).find(deliveryId);
    if (delivery === undefined || delivery.subscriptionId !== webhook.id) throw new NotFoundError(`Webhook ${webhookId} has no delivery ${deliveryId}.`);
    if (!webhook.enabled) throw new ConflictError(`Webhook ${webhookId} is disabled; enable it (PUT with "enabled": true) before sending again.`);
    if (delivery.status === 'pending') throw new ConflictError(`Delivery ${deliveryId} is still pending; it is sent on its own schedule.`);
    const now = isoNow(this.clock);
    const reopened = await this.db.transaction().execute(async (tx) => {
      const row = await new WebhookDeliveryRepository(tx).reopen(deliveryId, now);
      if (row === undefined) return undefined;
      const job: DeliverJob = { deliveryId, seq: row.seq };
      await this.jobs.send(WEBHOOK_QUEUE, job, { key: jobKey(job), retryLimit: JOB_RETRY_LIMIT }, tx);
      return row;
    });
    if (reopened === undefined) throw new ConflictError(`Delivery ${deliveryId} is pending again already.`);
    return presentDelivery(reopened);
  }
}
