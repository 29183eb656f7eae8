// Webhooks API use cases: subscriptions (URL checks, secrets shown once and sealed at rest, rotation) and the delivery log.
import type { Kysely } from 'kysely';
import { ownedBy, UnprocessableError } from '../../errors.js';
import { HttpFailure } from '../../engine/index.js';
import { AllowList, checkUrl } from '../../net/index.js';
import type { SecretBox } from '../../security/index.js';
import {
  type Database, type DeliveryRow, type DeliveryStatus, WebhookDeliveryRepository, WebhookRepository, type WebhookRow,
} from '../../store/index.js';
import type { CachedRecords } from '../cached-records.js';
import { apiDate, isoNow, type Clock } from '../../time.js';
import { decodeCursor, pageOf } from '../cursor.js';
import { EVENT_TYPES, type EventType } from './event-types.js';
import { newSecret } from './signing.js';

/** Webhooks one account may have: every event fans out to each of them. */
export const MAX_WEBHOOKS_PER_ACCOUNT = 50;
/** After a rotation, deliveries are signed with the old secret too for this long, so receivers can switch without losing any. */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;

/** A webhook as the API shows it: never its secret. */
export interface Webhook {
  id: number;
  url: string;
  description: string;
  eventTypes: EventType[];
  enabled: boolean;
  disabledReason: string | null;
  dateCreated: string;
  dateUpdated: string;
}

export interface WebhookWithSecret extends Webhook {
  secret: string;
}

export interface WebhookInput {
  url: string;
  eventTypes: EventType[];
  description?: string;
}

export interface WebhookUpdate extends WebhookInput {
  enabled?: boolean;
}

export interface DeliveryView {
  id: number;
  eventId: string;
  eventType: string;
  status: DeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  lastAttemptAt: string | null;
  dateCreated: string;
  dateUpdated: string;
  payload: unknown;
}

function present(row: WebhookRow): Webhook {
  return {
    id: row.id, url: row.url, description: row.description, eventTypes: row.eventTypes as EventType[], enabled: row.enabled,
    disabledReason: row.disabledReason, dateCreated: apiDate(row.createdAt), dateUpdated: apiDate(row.updatedAt),
  };
}

export function presentDelivery(row: DeliveryRow): DeliveryView {
  return {
    id: row.id, eventId: row.messageId, eventType: row.eventType, status: row.status, attempts: row.attempts, lastStatusCode: row.lastStatusCode,
    lastError: row.lastError, nextAttemptAt: row.status === 'pending' && row.nextAttemptAt !== null ? apiDate(row.nextAttemptAt) : null,
    lastAttemptAt: row.lastAttemptAt === null ? null : apiDate(row.lastAttemptAt), dateCreated: apiDate(row.createdAt), dateUpdated: apiDate(row.updatedAt),
    payload: JSON.parse(row.payload),
  };
}

export class WebhookService {
  private readonly webhooks: WebhookRepository;
  private readonly deliveries: WebhookDeliveryRepository;
  private readonly allowList: AllowList;

  constructor(
    db: Kysely<Database>,
    private readonly secrets: SecretBox,
    allowHosts: readonly string[],
    private readonly clock: Clock,
    private readonly records: Pick<CachedRecords, 'changedWebhooks'>,
  ) {
    this.webhooks = new WebhookRepository(db);
    this.deliveries = new WebhookDeliveryRepository(db);
    this.allowList = new AllowList(allowHosts);
  }

  async list(accountId: number): Promise<Webhook[]> {
    return (await this.webhooks.list(accountId)).map(present);
  }

  async get(accountId: number, id: number): Promise<Webhook> {
    return present(await this.owned(accountId, id));
  }

  async create(accountId: number, input: WebhookInput): Promise<WebhookWithSecret> {
    const write = this.checked(input);
    if ((await this.webhooks.count(accountId)) >= MAX_WEBHOOKS_PER_ACCOUNT) {
      throw new UnprocessableError(`An account may have at most ${MAX_WEBHOOKS_PER_ACCOUNT} webhooks; delete one first.`);
    }
    const secret = newSecret();
    const row = await this.webhooks.insert(accountId, write, this.secrets.seal(secret), isoNow(this.clock));
    await this.records.changedWebhooks(accountId);
    return { ...present(row), secret };
  }

  async update(accountId: number, id: number, input: WebhookUpdate): Promise<Webhook> {
    const current = await this.owned(accountId, id);
    const write = this.checked({ ...input, description: input.description ?? current.description });
    const updated = await this.webhooks.update(id, write, input.enabled, isoNow(this.clock));
    await this.records.changedWebhooks(accountId);
    return present(updated);
  }

  async delete(accountId: number, id: number): Promise<void> {
    await this.owned(accountId, id);
    await this.webhooks.delete(id);
    await this.records.changedWebhooks(accountId);
  }

  /** A new secret, shown once; the old one keeps signing beside it for ROTATION_OVERLAP_MS. */
  async rotateSecret(accountId: number, id: number): Promise<WebhookWithSecret> {
    const row = await this.owned(accountId, id);
    const secret = newSecret();
    const now = this.clock();
    await this.webhooks.rotateSecret(id, this.secrets.seal(secret), row.secretSealed, new Date(now.getTime() + ROTATION_OVERLAP_MS).toISOString(), now.toISOString());
    return { ...present((await this.webhooks.find(id))!), secret };
  }

  /** The delivery log, newest first. */
  async log(accountId: number, id: number, limit: number, cursor?: string): Promise<{ deliveries: DeliveryView[]; nextCursor: string | null }> {
    await this.owned(accountId, id);
    const rows = await this.deliveries.page(id, decodeCursor(cursor), limit + 1);
    const { items, nextCursor } = pageOf(rows, limit, presentDelivery);
    return { deliveries: items, nextCursor };
  }

  private async owned(accountId: number, id: number): Promise<WebhookRow> {
    return ownedBy(await this.webhooks.find(id), accountId, 'Webhook', id);
  }

  /** http(s) only, and no address the SSRF guard would refuse when written as an IP; names are checked again at each delivery. */
  private checked(input: WebhookInput): { url: string; description: string; eventTypes: string[] } {
    let url: URL;
    try {
      url = new URL(input.url);
    } catch {
      throw new UnprocessableError(`url "${input.url.slice(0, 200)}" is not an absolute URL.`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UnprocessableError(`url must be http: or https:, not ${url.protocol}`);
    // A password in the URL would be stored and shown in clear; the signature is what authenticates a delivery.
    if (url.username !== '' || url.password !== '') throw new UnprocessableError('url must not contain a user name or password; receivers authenticate deliveries by their signature.');
    try {
      checkUrl(url, input.url, this.allowList);
    } catch (err) {
      if (err instanceof HttpFailure) throw new UnprocessableError(`url cannot receive webhooks: ${err.message}.`);
      throw err;
    }
    const eventTypes = EVENT_TYPES.filter((t) => input.eventTypes.includes(t));
    return { url: url.href, description: input.description ?? '', eventTypes };
  }
}
