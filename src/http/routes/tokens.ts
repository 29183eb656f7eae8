// API tokens: list, create (the value is shown once; scopes no wider than the creator's), revoke.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ALL_SCOPES, type Services } from '../../services/index.js';
import { principalOf } from '../principal.js';
import { errorResponses, Nullable } from '../schemas/common.js';
import { INSTANT_PATTERN, SERVER_RULE } from '../../formats.js';

const tags = ['Tokens'];
const ScopeSchema = Type.Unsafe<string>({ type: 'string', enum: [...ALL_SCOPES] });
const tokenFields = {
  id: Type.String(), name: Type.String(), dateCreated: Type.String(),
  scopes: Type.Array(ScopeSchema, { description: 'What the token may do; a write scope also reads (docs/security.md).' }),
  expiresAt: Nullable(Type.String(), { description: '`yyyy-mm-ddThh:mm:ss` UTC; null: never expires.' }),
  memberId: Nullable(Type.Integer(), { description: 'The member who made it; null for the account\'s own credential.' }),
};
const TokenInfo = Type.Object(tokenFields);
export const NewToken = Type.Object({
  ...tokenFields,
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
      body: Type.Object({
        name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
        scopes: Type.Optional(Type.Array(ScopeSchema, {
          maxItems: 50, description: 'Default: every scope the caller holds. Any scope beyond them is a 422.',
        })),
        expiresAt: Type.Optional(Nullable(Type.String({ maxLength: 40, pattern: INSTANT_PATTERN }), {
          description: 'A future date-time (ISO 8601; without a zone: UTC). Default: never.',
          [SERVER_RULE]: 'A date that exists in the calendar, in the future.',
        })),
      }),
      response: { 200: NewToken, ...errorResponses(413, 422) },
    },
    // A bodiless POST is a token with the default name.
    preValidation: async (req) => { req.body ??= {}; },
  }, async (req) => tokens.create(principalOf(req), { name: req.body.name ?? 'API token', scopes: req.body.scopes, expiresAt: req.body.expiresAt }));

  app.delete('/v1/tokens/:token_id', {
    schema: {
      tags, summary: 'Revoke an API token (owners and admins: any; others: their own)',
      params: Type.Object({ token_id: Type.String({ maxLength: 64 }) }),
      response: { 200: Type.Object({}), ...errorResponses(403, 404) },
    },
  }, async (req) => {
    await tokens.revoke(principalOf(req), req.params.token_id);
    return {};
  });
};
