// Webhooks API: subscribe URLs to events, read and change them, rotate the signing secret, read the delivery log.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Services } from '../../services/index.js';
import { errorResponses, IdParam, MAX_ID } from '../schemas/common.js';
import { DeliveryListQuery, DeliveryObject, DeliveryPage, WebhookCreateBody, WebhookObject, WebhookUpdateBody, WebhookWithSecretObject } from '../schemas/webhooks.js';

const tags = ['Webhooks'];
const Params = IdParam('webhook_id', 'webhook');

export const webhookRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { webhooks } = services;

  app.get('/v1/webhooks', {
    schema: { tags, summary: 'List webhooks (never their secrets)', response: { 200: Type.Array(WebhookObject), ...errorResponses() } },
  }, async (req) => webhooks.list(req.accountId));

  app.post('/v1/webhooks', {
    schema: {
      tags, summary: 'Subscribe a URL to events; the signing secret is shown once', body: WebhookCreateBody,
      response: { 200: WebhookWithSecretObject, ...errorResponses(413, 422) },
    },
  }, async (req) => webhooks.create(req.accountId, req.body));

  app.get('/v1/webhooks/:webhook_id', {
    schema: { tags, summary: 'Get a webhook', params: Params, response: { 200: WebhookObject, ...errorResponses(403, 404) } },
  }, async (req) => webhooks.get(req.accountId, req.params.webhook_id));

  app.put('/v1/webhooks/:webhook_id', {
    schema: {
      tags, summary: 'Change a webhook\'s URL, events or description; disable or enable it', params: Params, body: WebhookUpdateBody,
      response: { 200: WebhookObject, ...errorResponses(403, 404, 413, 422) },
    },
  }, async (req) => webhooks.update(req.accountId, req.params.webhook_id, req.body));

  app.delete('/v1/webhooks/:webhook_id', {
    schema: { tags, summary: 'Delete a webhook and its delivery log', params: Params, response: { 200: Type.Object({}), ...errorResponses(403, 404) } },
  }, async (req) => {
    await webhooks.delete(req.accountId, req.params.webhook_id);
    return {};
  });

  app.post('/v1/webhooks/:webhook_id/secret', {
    schema: {
      tags, summary: 'Rotate the signing secret; the new one is shown once, the old one signs too for 24 hours', params: Params,
      response: { 200: WebhookWithSecretObject, ...errorResponses(403, 404) },
    },
  }, async (req) => webhooks.rotateSecret(req.accountId, req.params.webhook_id));

  app.get('/v1/webhooks/:webhook_id/deliveries', {
    schema: {
      tags, summary: 'The webhook\'s delivery log, newest first, a page at a time', params: Params, querystring: DeliveryListQuery,
      response: { 200: DeliveryPage, ...errorResponses(403, 404, 422) },
    },
  }, async (req) => webhooks.log(req.accountId, req.params.webhook_id, req.query.limit ?? 25, req.query.cursor));

  app.post('/v1/webhooks/:webhook_id/deliveries/:delivery_id/resend', {
    schema: {
      tags, summary: 'Send a finished delivery again: the same event and webhook-id, attempted at once and retried on the usual schedule',
      params: Type.Object({ ...Params.properties, delivery_id: Type.Integer({ minimum: 1, maximum: MAX_ID }) }),
      response: { 200: DeliveryObject, ...errorResponses(403, 404, 409) },
    },
  }, async (req) => services.webhookResender.resend(req.accountId, req.params.webhook_id, req.params.delivery_id));
};
