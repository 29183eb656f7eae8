// Canned replies: an account's ready texts, by title, that its people put in a reply.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Services } from '../../services/index.js';
import { errorResponses, IdParam } from '../schemas/common.js';

const tags = ['Canned replies'];
const Params = IdParam('canned_reply_id', 'canned reply');
const CannedReplyObject = Type.Object({ id: Type.Integer(), title: Type.String(), text: Type.String(), dateCreated: Type.String(), dateUpdated: Type.String() });
const Body = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S', description: 'Unique in the account.' }),
  text: Type.String({ minLength: 1, maxLength: 3072, pattern: '\\S', description: 'Put in the reply box as it is, to change before sending.' }),
});

export const cannedReplyRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { cannedReplies } = services;

  app.get('/v1/canned-replies', {
    schema: { tags, summary: 'The account\'s canned replies, by title', response: { 200: Type.Array(CannedReplyObject), ...errorResponses() } },
  }, async (req) => cannedReplies.list(req.accountId));

  app.post('/v1/canned-replies', {
    schema: { tags, summary: 'Add a canned reply', body: Body, response: { 200: CannedReplyObject, ...errorResponses(409, 413, 422) } },
  }, async (req) => cannedReplies.create(req.accountId, req.body));

  app.put('/v1/canned-replies/:canned_reply_id', {
    schema: { tags, summary: 'Change a canned reply', params: Params, body: Body, response: { 200: CannedReplyObject, ...errorResponses(403, 404, 409, 413, 422) } },
  }, async (req) => cannedReplies.update(req.accountId, req.params.canned_reply_id, req.body));

  app.delete('/v1/canned-replies/:canned_reply_id', {
    schema: { tags, summary: 'Delete a canned reply', params: Params, response: { 200: Type.Object({}), ...errorResponses(403, 404) } },
  }, async (req) => {
    await cannedReplies.delete(req.accountId, req.params.canned_reply_id);
    return {};
  });
};
