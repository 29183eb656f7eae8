// API tokens: list, create (the value is shown once), revoke.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Services } from '../../services/index.js';
import { errorResponses } from '../schemas/common.js';

const tags = ['Tokens'];
const TokenInfo = Type.Object({ id: Type.String(), name: Type.String(), dateCreated: Type.String() });
const NewToken = Type.Object({
  id: Type.String(), name: Type.String(), dateCreated: Type.String(),
  token: Type.String({ description: 'The bearer token. Shown only in this response; store it now.' }),
});

export const tokenRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { tokens } = services;

  app.get('/v1/tokens', {
    schema: { tags, summary: 'List the account\'s active API tokens (never their values)', response: { 200: Type.Array(TokenInfo), ...errorResponses() } },
  }, async (req) => tokens.list(req.accountId));

  app.post('/v1/tokens', {
    schema: {
      tags, summary: 'Create an API token',
      body: Type.Object({ name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })) }),
      response: { 200: NewToken, ...errorResponses(413, 422) },
    },
    // A bodiless POST is a token with the default name.
    preValidation: async (req) => { req.body ??= {}; },
  }, async (req) => tokens.create(req.accountId, req.body.name ?? 'API token'));

  app.delete('/v1/tokens/:token_id', {
    schema: {
      tags, summary: 'Revoke an API token',
      params: Type.Object({ token_id: Type.String({ maxLength: 64 }) }),
      response: { 200: Type.Object({}), ...errorResponses(403, 404) },
    },
  }, async (req) => {
    await tokens.revoke(req.accountId, req.params.token_id);
    return {};
  });
};
