// Webhook subscriptions: an account's endpoints, the event types each wants, sealed signing secrets, enabled and throttled state.
import type { Kysely, Selectable } from 'kysely';
import type { Database, WebhookSubscriptionsTable } from '../schema.js';

export interface WebhookRow {
  id: number;
  accountId: number;
  url: string;
  description: string;
  eventTypes: string[];
  secretSealed: string;
  previousSecretSealed: string | null;
  previousSecretUntil: string | null;
  enabled: boolean;
  disabledReason: string | null;
  throttledUntil: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface WebhookWrite {
  url: string;
  description: string;
  eventTypes: string[];
}

function toRow(r: Selectable<WebhookSubscriptionsTable>): WebhookRow {
  return {
    id: r.id, accountId: r.account_id, url: r.url, description: r.description, eventTypes: JSON.parse(r.event_types) as string[],
    secretSealed: r.secret_sealed, previousSecretSealed: r.previous_secret_sealed, previousSecretUntil: r.previous_secret_until,
    enabled: r.enabled === 1, disabledReason: r.disabled_reason, throttledUntil: r.throttled_until, createdAt: r.created_at, updatedAt: r.updated_at,
  };
}

export class WebhookRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(accountId: number, w: WebhookWrite, secretSealed: string, now: string): Promise<WebhookRow> {
    const r = await this.db.insertInto('webhook_subscriptions').values({
      account_id: accountId, url: w.url, description: w.description, event_types: JSON.stringify(w.eventTypes), secret_sealed: secretSealed,
      previous_secret_sealed: null, previous_secret_until: null, enabled: 1, disabled_reason: null, throttled_until: null, created_at: now, updated_at: now,
    }).returningAll().executeTakeFirstOrThrow();
    return toRow(r);
  }

  async find(id: number): Promise<WebhookRow | undefined> {
    const r = await this.db.selectFrom('webhook_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
    return r && toRow(r);
  }

  async list(accountId: number): Promise<WebhookRow[]> {
    return (await this.db.selectFrom('webhook_subscriptions').selectAll().where('account_id', '=', accountId).orderBy('id').execute()).map(toRow);
  }

  async count(accountId: number): Promise<number> {
    const r = await this.db.selectFrom('webhook_subscriptions').select((eb) => eb.fn.countAll<number>().as('n')).where('account_id', '=', accountId).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** The account's enabled subscriptions: the candidates for an event (filtered by type by the caller). */
  async enabledFor(accountId: number): Promise<WebhookRow[]> {
    const rows = await this.db.selectFrom('webhook_subscriptions').selectAll().where('account_id', '=', accountId).where('enabled', '=', 1).orderBy('id').execute();
    return rows.map(toRow);
  }

  /** Changes URL, description and event types; `enabled` true also clears why it was disabled and any throttle. */
  async update(id: number, w: WebhookWrite, enabled: boolean | undefined, now: string): Promise<WebhookRow> {
    const state = enabled === undefined ? {} : enabled
      ? { enabled: 1, disabled_reason: null, throttled_until: null }
      : { enabled: 0, disabled_reason: 'disabled through the API' };
    const r = await this.db.updateTable('webhook_subscriptions')
      .set({ url: w.url, description: w.description, event_types: JSON.stringify(w.eventTypes), updated_at: now, ...state })
      .where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    return toRow(r);
  }

  /** A new secret; the one it replaces keeps signing (beside it) until `previousUntil`. */
  async rotateSecret(id: number, secretSealed: string, previousSealed: string, previousUntil: string, now: string): Promise<void> {
    await this.db.updateTable('webhook_subscriptions')
      .set({ secret_sealed: secretSealed, previous_secret_sealed: previousSealed, previous_secret_until: previousUntil, updated_at: now })
      .where('id', '=', id).execute();
  }

  async disable(id: number, reason: string, now: string): Promise<void> {
    await this.db.updateTable('webhook_subscriptions').set({ enabled: 0, disabled_reason: reason, updated_at: now }).where('id', '=', id).execute();
  }

  /** Holds the endpoint back until `until`; an existing later hold is kept. */
  async throttle(id: number, until: string): Promise<void> {
    await this.db.updateTable('webhook_subscriptions').set({ throttled_until: until }).where('id', '=', id)
      .where((eb) => eb.or([eb('throttled_until', 'is', null), eb('throttled_until', '<', until)])).execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('webhook_subscriptions').where('id', '=', id).execute();
  }
}
