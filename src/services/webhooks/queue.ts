// The durable job queue webhook deliveries go through, and what a job carries.
import { hasIds, jobFormat } from '../stored-jobs.js';

export const WEBHOOK_QUEUE = 'webhook.deliver';

/** One attempt (or a deferral) of one delivery; `seq` must still be the delivery's, or the job is stale and does nothing. */
export interface DeliverJob {
  deliveryId: number;
  seq: number;
}

/** Reruns of a job whose handler threw (the store was unreachable); HTTP failures are retried by the delivery's own schedule. */
export const JOB_RETRY_LIMIT = 5;

/** The stored data of a delivery job (version 1 names no version). */
export const DELIVER_JOB_FORMAT = jobFormat<DeliverJob>(WEBHOOK_QUEUE, (doc) => hasIds('deliveryId')(doc) && Number.isSafeInteger(doc.seq));

export function jobKey(job: DeliverJob): string {
  return `webhook:${job.deliveryId}:${job.seq}`;
}
