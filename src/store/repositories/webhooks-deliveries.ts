// The webhook delivery log: one row per (event, subscription) with the body to send, and what its attempts got back.
import type { Kysely, Selectable } from 'kysely';
import type { Database, WebhookDeliveriesTable } from '../schema.js';

export type DeliveryStatus = 'pending' | 'delivered' | 'failed' | 'cancelled';

export interface DeliveryRow {
  id: number;
  accountId: number;
  subscriptionId: number;
  messageId: string;
  eventType: string;
  payload: string;
  status: DeliveryStatus;
  attempts: number;
  seq: number;
  lastStatusCode: number | null;
  lastError: string | null;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface NewDelivery {
  accountId: number;
  subscriptionId: number;
  messageId: string;
  eventType: string;
  payload: string;
}

/** What one attempt came to: the delivery's new status, and when it goes again while still pending. */
export interface AttemptRecord {
  status: DeliveryStatus;
  statusCode: number | null;
  error: string | null;
  nextAttemptAt: string | null;
}

const toRow = (r: Selectable<WebhookDeliveriesTable>): DeliveryRow => ({
  id: r.id, accountId: r.account_id, subscriptionId: r.subscription_id, messageId: r.message_id, eventType: r.event_type, payload: r.payload,
  status: r.status as DeliveryStatus, attempts: r.attempts, seq: r.seq, lastStatusCode: r.last_status_code, lastError: r.last_error,
  lastAttemptAt: r.last_attempt_at, nextAttemptAt: r.next_attempt_at, createdAt: r.created_at, updatedAt: r.updated_at,
});

export class WebhookDeliveryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(d: NewDelivery, now: string): Promise<number> {
    const r = await this.db.insertInto('webhook_deliveries').values({
      account_id: d.accountId, subscription_id: d.subscriptionId, message_id: d.messageId, event_type: d.eventType, payload: d.payload,
      status: 'pending', attempts: 0, seq: 0, last_status_code: null, last_error: null, last_attempt_at: null, next_attempt_at: now,
      created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    return r.id;
  }

  async find(id: number): Promise<DeliveryRow | undefined> {
    const r = await this.db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
    return r && toRow(r);
  }

  /** A subscription's log, newest first, before `beforeId` (0: from the newest). */
  async page(subscriptionId: number, beforeId: number, limit: number): Promise<DeliveryRow[]> {
    let q = this.db.selectFrom('webhook_deliveries').selectAll().where('subscription_id', '=', subscriptionId);
    if (beforeId > 0) q = q.where('id', '<', beforeId);
    return (await q.orderBy('id', 'desc').limit(limit).execute()).map(toRow);
  }

  /**
   * Writes an attempt's outcome if the delivery is still pending under `seq` (the job that ran it is current), and bumps
   * `seq` for the job that follows. False: a newer job or another process has moved it on; nothing was written.
   */
  async recordAttempt(id: number, seq: number, outcome: AttemptRecord, now: string): Promise<boolean> {
    const r = await this.db.updateTable('webhook_deliveries').set((eb) => ({
      status: outcome.status, attempts: eb('attempts', '+', 1), seq: eb('seq', '+', 1), last_status_code: outcome.statusCode,
      last_error: outcome.error, last_attempt_at: now, next_attempt_at: outcome.nextAttemptAt, updated_at: now,
    })).where('id', '=', id).where('seq', '=', seq).where('status', '=', 'pending').executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Moves a pending delivery to a later time without an attempt (its endpoint is throttled), fenced by `seq` as above. */
  /** Whether any delivery to the webhook succeeded at or after `since`. */
  async deliveredSince(subscriptionId: number, since: string): Promise<boolean> {
    const row = await this.db.selectFrom('webhook_deliveries').select('id')
      .where('subscription_id', '=', subscriptionId).where('status', '=', 'delivered').where('last_attempt_at', '>=', since).limit(1).executeTakeFirst();
    return row !== undefined;
  }

  async defer(id: number, seq: number, nextAttemptAt: string, now: string): Promise<boolean> {
    const r = await this.db.updateTable('webhook_deliveries').set((eb) => ({ seq: eb('seq', '+', 1), next_attempt_at: nextAttemptAt, updated_at: now }))
      .where('id', '=', id).where('seq', '=', seq).where('status', '=', 'pending').executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Ends a pending delivery without an attempt (its endpoint was disabled). */
  async cancel(id: number, reason: string, now: string): Promise<void> {
    await this.db.updateTable('webhook_deliveries').set({ status: 'cancelled', last_error: reason, next_attempt_at: null, updated_at: now })
      .where('id', '=', id).where('status', '=', 'pending').execute();
  }

  /** Pending deliveries due before `before` (long overdue: their job was lost), for the safety net to schedule again. */
  async overdue(before: string, limit: number): Promise<{ id: number; seq: number }[]> {
    return this.db.selectFrom('webhook_deliveries').select(['id', 'seq']).where('status', '=', 'pending').where('next_attempt_at', '<', before)
      .orderBy('next_attempt_at').limit(limit).execute();
  }

  /** Removes finished deliveries last changed before `before`; returns how many. */
  async prune(before: string): Promise<number> {
    const r = await this.db.deleteFrom('webhook_deliveries').where('status', 'in', ['delivered', 'failed', 'cancelled']).where('updated_at', '<', before).executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  /**
   * Makes a finished delivery (delivered, failed, cancelled) pending again, due now, under a new `seq` for the job that
   * sends it; undefined when it is pending already (its own schedule will send it).
   */
  async reopen(id: number, now: string): Promise<DeliveryRow | undefined> {
    const r = await this.db.updateTable('webhook_deliveries').set((eb) => ({ status: 'pending', seq: eb('seq', '+', 1), next_attempt_at: now, updated_at: now }))
      .where('id', '=', id).where('status', '!=', 'pending').returningAll().executeTakeFirst();
    return r && toRow(r);
  }
}
