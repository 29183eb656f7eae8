// Bots API (minimal): create a bot by name and read it.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Services } from '../../services/index.js';
import { errorResponses, IdParam } from '../schemas/common.js';

const tags = ['Bots'];

const BotObject = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  interactions: Type.Array(Type.Unsafe({ type: 'object', additionalProperties: true })),
  dateCreated: Type.String(),
  currentRevision: Type.Integer(),
  latestRevision: Type.Integer(),
});

export const botRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { bots } = services;

  app.post('/v1/bots', {
    schema: { tags, summary: 'Create a bot', body: Type.Object({ name: Type.String({ minLength: 1, maxLength: 100 }) }), response: { 200: BotObject, ...errorResponses(413, 422) } },
  }, async (req) => bots.create(req.accountId, req.body.name));

  app.get('/v1/bots', {
    schema: { tags, summary: 'List bots', response: { 200: Type.Array(BotObject), ...errorResponses() } },
  }, async (req) => bots.list(req.accountId));

  app.get('/v1/bots/:bot_id', {
    schema: { tags, summary: 'Get a bot (its current revision)', params: IdParam('bot_id', 'bot'), response: { 200: BotObject, ...errorResponses(403, 404) } },
  }, async (req) => bots.get(req.accountId, req.params.bot_id));
};
