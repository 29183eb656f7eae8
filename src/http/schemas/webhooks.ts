// TypeBox schemas of the webhooks API: subscriptions, their one-time secret, and the delivery log.
import { Type } from 'typebox';
import { EVENT_DESCRIPTIONS, EVENT_TYPES, type EventType } from '../../services/index.js';
import { SERVER_RULE } from '../../formats.js';
import { Nullable } from './common.js';

const EventTypeName = Type.Unsafe<EventType>({
  type: 'string', enum: [...EVENT_TYPES],
  description: EVENT_TYPES.map((t) => `${t}: ${EVENT_DESCRIPTIONS[t]}`).join(' '),
});

const fields = {
  // Its form (format, scheme, no user-info) is the service's to check, which says what is wrong in words; the OpenAPI
  // document states it too (src/http/openapi-rules.ts).
  url: Type.String({ minLength: 1, maxLength: 2048, description: 'Where deliveries are POSTed: an absolute http(s) URL (https recommended). Redirects are not followed.' }),
  eventTypes: Type.Array(EventTypeName, { minItems: 1, maxItems: 64, description: 'The events to send; see docs/webhooks.md for each payload.' }),
  description: Type.Optional(Type.String({ maxLength: 200 })),
};

export const WebhookCreateBody = Type.Object(fields);

export const WebhookUpdateBody = Type.Object({
  ...fields,
  enabled: Type.Optional(Type.Boolean({ description: 'false stops deliveries; true resumes them (also after the endpoint answered 410 Gone).' })),
});

export const WebhookObject = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  description: Type.String(),
  eventTypes: Type.Array(Type.String()),
  enabled: Type.Boolean(),
  disabledReason: Nullable(Type.String(), { description: 'Why deliveries stopped (the endpoint answered 410 Gone, or the API disabled it); null while enabled.' }),
  dateCreated: Type.String({ description: 'yyyy-mm-ddThh:mm:ss, UTC.' }),
  dateUpdated: Type.String({ description: 'yyyy-mm-ddThh:mm:ss, UTC.' }),
});

export const WebhookWithSecretObject = Type.Object({
  ...WebhookObject.properties,
  secret: Type.String({ description: 'The signing secret (whsec_…, Standard Webhooks). Shown only in this response; store it now.' }),
});

export const DeliveryObject = Type.Object({
  id: Type.Integer(),
  eventId: Type.String({ description: 'The webhook-id header: the same on every attempt, the receiver\'s idempotency key.' }),
  eventType: Type.String(),
  status: Type.Unsafe<string>({ type: 'string', enum: ['pending', 'delivered', 'failed', 'cancelled'], description: 'pending (to be tried, again), delivered (2xx), failed (given up, or 410), cancelled (the webhook was disabled first).' }),
  attempts: Type.Integer({ description: 'Attempts made so far.' }),
  lastStatusCode: Nullable(Type.Integer(), { description: 'HTTP status of the last attempt; null when it got no answer.' }),
  lastError: Nullable(Type.String(), { description: 'What went wrong on the last attempt; null after a success.' }),
  nextAttemptAt: Nullable(Type.String(), { description: 'When a pending delivery is tried next (UTC); null otherwise.' }),
  lastAttemptAt: Nullable(Type.String()),
  dateCreated: Type.String({ description: 'When the event happened (UTC).' }),
  dateUpdated: Type.String(),
  payload: Type.Unsafe<unknown>({ description: 'The body sent: {type, timestamp, data}.' }),
});

export const DeliveryPage = Type.Object({ deliveries: Type.Array(DeliveryObject), nextCursor: Nullable(Type.String()) });

export const DeliveryListQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 25 })),
  cursor: Type.Optional(Type.String({ maxLength: 200, description: 'nextCursor of the previous page.', [SERVER_RULE]: 'Only a nextCursor this server returned, unchanged; any other text is a 400.' })),
});
