// Channels API: spec endpoints 1–9.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Services } from '../../services/index.js';
import {
  ChannelCreateBody, ChannelListQuery, ChannelObject, ChannelTypeObject, ChannelUpdateBody, HumanIdsBody,
  SubscribeResult, SubscriptionStatus, UnsubscribeResult,
} from '../schemas/channels.js';
import { errorResponses, IdParam } from '../schemas/common.js';
import { TemplateInfoObject } from '../schemas/templates.js';
import { principalOf } from '../principal.js';

const tags = ['Channels'];
const Params = IdParam('channel_id', 'channel');

/**
 * Who changed a subscription, as the consent ledger keeps it: a person signed in to the console is `agent`, with their
 * e-mail as what shows it; a token is `api`.
 */
function consentBy(req: FastifyRequest): [source: string, proof: string | null] {
  const principal = principalOf(req);
  return principal.sessionId !== null ? ['agent', principal.email] : ['api', null];
}

export const channelRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { channels, subscriptions } = services;

  app.get('/v1/channels/types', {
    schema: { tags, summary: 'List channel types', response: { 200: Type.Array(ChannelTypeObject), ...errorResponses() } },
  }, async () => channels.types());

  app.get('/v1/channels', {
    schema: { tags, summary: 'List channels', querystring: ChannelListQuery, response: { 200: Type.Array(ChannelObject), ...errorResponses(422) } },
  }, async (req) => channels.list(req.accountId, req.query.bot_id));

  app.get('/v1/channels/:channel_id', {
    schema: { tags, summary: 'Get a channel', params: Params, response: { 200: ChannelObject, ...errorResponses(403, 404) } },
  }, async (req) => channels.get(req.accountId, req.params.channel_id));

  app.post('/v1/channels', {
    schema: { tags, summary: 'Create a channel', body: ChannelCreateBody, response: { 200: ChannelObject, ...errorResponses(403, 413, 422) } },
  }, async (req) => channels.create(req.accountId, req.body));

  app.put('/v1/channels/:channel_id', {
    schema: { tags, summary: 'Update a channel', params: Params, body: ChannelUpdateBody, response: { 200: ChannelObject, ...errorResponses(403, 404, 413, 422) } },
  }, async (req) => channels.update(req.accountId, req.params.channel_id, req.body));

  app.delete('/v1/channels/:channel_id', {
    schema: { tags, summary: 'Delete a channel', params: Params, response: { 200: Type.Object({}), ...errorResponses(403, 404) } },
  }, async (req) => {
    await channels.delete(req.accountId, req.params.channel_id);
    return {};
  });

  app.post('/v1/channels/:channel_id/subscribe', {
    schema: { tags, summary: 'Subscribe humans to a channel', params: Params, body: HumanIdsBody, response: { 200: SubscribeResult, ...errorResponses(403, 404, 413, 422) } },
  }, async (req) => ({
    channelId: req.params.channel_id,
    subscribedHumansCount: await subscriptions.set(req.accountId, req.params.channel_id, req.body.humanIds, true, 'api', ...consentBy(req)),
  }));

  app.post('/v1/channels/:channel_id/unsubscribe', {
    schema: { tags, summary: 'Unsubscribe humans from a channel', params: Params, body: HumanIdsBody, response: { 200: UnsubscribeResult, ...errorResponses(403, 404, 413, 422) } },
  }, async (req) => ({
    channelId: req.params.channel_id,
    unsubscribedHumansCount: await subscriptions.set(req.accountId, req.params.channel_id, req.body.humanIds, false, 'api', ...consentBy(req)),
  }));

  app.get('/v1/channels/:channel_id/subscription', {
    schema: { tags, summary: 'Count the humans subscribed to a channel', params: Params, response: { 200: SubscriptionStatus, ...errorResponses(403, 404) } },
  }, async (req) => ({
    channelId: req.params.channel_id,
    subscribedHumansCount: await subscriptions.count(req.accountId, req.params.channel_id),
  }));

  app.get('/v1/channels/:channel_id/templates', {
    schema: {
      tags, summary: 'List the message templates a channel may send (WhatsApp: declared in its token, and its business account\'s)',
      description: 'Empty for channel types without provider templates. The business account\'s templates are read with the channel\'s token and kept for WHATSAPP_TEMPLATE_CACHE_MS.',
      params: Params, response: { 200: Type.Array(TemplateInfoObject), ...errorResponses(403, 404) },
    },
  }, async (req) => {
    const row = await services.channels.owned(req.accountId, req.params.channel_id);
    const catalog = services.providers.templatesOf(row.channelType);
    const channel = catalog === undefined ? undefined : await services.runtime.channels.find(row.id);
    return channel === undefined ? [] : catalog!.list(channel);
  });
};
