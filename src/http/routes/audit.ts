// The audit log: every change by a member or a token, newest first, with filters and a cursor.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Services } from '../../services/index.js';
import { errorResponses, MAX_ID, Nullable } from '../schemas/common.js';
import { DATE_RULE, INSTANT_PATTERN, SERVER_RULE } from '../../formats.js';

const tags = ['Audit'];

const AuditEntryObject = Type.Object({
  id: Type.Integer(),
  at: Type.String({ description: '`yyyy-mm-ddThh:mm:ss` UTC.' }),
  actor: Type.Object({
    memberId: Nullable(Type.Integer(), { description: 'Null: the account\'s own credential.' }),
    email: Nullable(Type.String(), { description: 'The member\'s e-mail when the change was made.' }),
    name: Type.String({ description: 'The member\'s name as it is now, else the e-mail kept, else "The account\'s own credential".' }),
    role: Type.String(),
    tokenId: Nullable(Type.String(), { description: 'The API token used, if any.' }),
    sessionId: Nullable(Type.String(), { description: 'The console session used, if any.' }),
  }),
  action: Type.String({ description: 'create, update, delete, or what the route names (publish, subscribe, link, accept…).' }),
  resource: Type.String({ description: 'bots, channels, humans, conversations, messages, webhooks, tokens, members…' }),
  resourceId: Nullable(Type.String()),
  resourceName: Nullable(Type.String(), { description: 'The name of what was changed as it was then (a channel\'s, a bot\'s, a member\'s…); a human\'s and a conversation\'s as the human is named now (a human\'s name is never kept in the log, so an erasure takes it out); null: none known.' }),
  summary: Type.String({ description: 'The entry in words: "Ana took over conversation 12 (Ada Lovelace)", "Bob changed the token of channel SMS US", "Ana signed in".' }),
  fields: Type.Array(Type.String(), { description: 'Names of the fields the request set; never their values.' }),
  method: Type.String(),
  route: Type.String(),
  status: Type.Integer(),
  address: Nullable(Type.String(), { description: 'The client\'s address.' }),
});

export const auditRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { audit } = services;

  app.get('/v1/audit', {
    schema: {
      tags, summary: 'The audit log, newest first, a page at a time',
      querystring: Type.Object({
        member_id: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'Changes by this member.' })),
        token_id: Type.Optional(Type.String({ maxLength: 64, description: 'Changes made with this token.' })),
        resource: Type.Optional(Type.String({ maxLength: 40 })),
        resource_id: Type.Optional(Type.String({ maxLength: 64 })),
        since: Type.Optional(Type.String({ maxLength: 40, pattern: INSTANT_PATTERN, description: 'From this date-time, inclusive (no zone: UTC).', [SERVER_RULE]: DATE_RULE })),
        until: Type.Optional(Type.String({ maxLength: 40, pattern: INSTANT_PATTERN, description: 'Up to this date-time, inclusive.', [SERVER_RULE]: DATE_RULE })),
        limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })),
        cursor: Type.Optional(Type.String({ maxLength: 200, [SERVER_RULE]: 'Only a nextCursor this server returned, unchanged; any other text is a 400.' })),
      }),
      response: { 200: Type.Object({ entries: Type.Array(AuditEntryObject), nextCursor: Nullable(Type.String()) }), ...errorResponses(422) },
    },
  }, async (req) => {
    const q = req.query;
    return audit.list(req.accountId, {
      memberId: q.member_id, tokenId: q.token_id, resource: q.resource, resourceId: q.resource_id, since: q.since, until: q.until,
    }, q.limit ?? 50, q.cursor);
  });
};
