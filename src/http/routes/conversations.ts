// Conversations API: list, read one with its state, its message history and attributes, hand it to people and back.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Services } from '../../services/index.js';
import { errorResponses, IdParam, MAX_ID, Nullable } from '../schemas/common.js';

const tags = ['Conversations'];
const Params = IdParam('conversation_id', 'conversation');

const ConversationObject = Type.Object({
  id: Type.Integer(),
  channelId: Type.Integer(),
  humanId: Type.Integer(),
  botEnabled: Type.Boolean({ description: 'false: the bot is silent and people answer (set by updateSettings or this API).' }),
  priority: Type.String({ description: 'normal or high.' }),
  context: Nullable(Type.String(), { description: 'sys:context.' }),
  waitingFor: Nullable(Type.String(), { description: 'answer (a waitFor), form, pause; null when the bot is idle.' }),
  dialogs: Type.Array(Type.String(), { description: 'Names of the open dialogs, outermost first.' }),
  parked: Nullable(Type.String(), { description: 'Why the conversation takes no runs (its stored state was written by a newer release, or cannot be read); null: it runs. Its messages are still stored.' }),
  dateCreated: Type.String(),
  dateUpdated: Type.String(),
});

const MessageObject = Type.Object({
  id: Type.Integer(),
  direction: Type.String({ description: 'in (from the human), out (from the bot), note (for staff).' }),
  kind: Type.String({ description: 'message, email or note.' }),
  status: Type.String({ description: 'in: received; out: queued, sent, delivered, read or failed.' }),
  failureReason: Nullable(Type.String()),
  content: Type.Unsafe<unknown>({ description: 'The inbound message, or the rendered outbound message, e-mail or note.' }),
  batchId: Nullable(Type.Integer()),
  dateCreated: Type.String(),
  dateUpdated: Type.String(),
});

const Page = { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })), cursor: Type.Optional(Type.String({ maxLength: 200 })) };
const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });

export const conversationRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { conversations } = services;

  app.get('/v1/conversations', {
    schema: {
      tags, summary: 'List conversations, oldest first, a page at a time',
      querystring: Type.Object({
        ...Page, channel_id: Type.Optional(Id), human_id: Type.Optional(Id),
        parked: Type.Optional(Type.Boolean({ description: 'true: only the parked conversations (after an upgrade or a rollback, the ones to look at).' })),
      }),
      response: { 200: Type.Object({ conversations: Type.Array(ConversationObject), nextCursor: Nullable(Type.String()) }), ...errorResponses(422) },
    },
  }, async (req) => conversations.list(req.accountId, { channelId: req.query.channel_id, humanId: req.query.human_id, parked: req.query.parked }, req.query.limit ?? 50, req.query.cursor));

  app.get('/v1/conversations/:conversation_id', {
    schema: { tags, summary: 'Get a conversation', params: Params, response: { 200: ConversationObject, ...errorResponses(403, 404) } },
  }, async (req) => conversations.get(req.accountId, req.params.conversation_id));

  app.patch('/v1/conversations/:conversation_id', {
    schema: {
      tags, summary: 'Hand a conversation to people (botEnabled false) or back to the bot; set its priority', params: Params,
      body: Type.Object({ botEnabled: Type.Optional(Type.Boolean()), priority: Type.Optional(Type.Unsafe<'normal' | 'high'>({ type: 'string', enum: ['normal', 'high'] })) }),
      response: { 200: ConversationObject, ...errorResponses(403, 404, 409, 422) },
    },
  }, async (req) => conversations.update(req.accountId, req.params.conversation_id, req.body));

  app.get('/v1/conversations/:conversation_id/messages', {
    schema: {
      tags, summary: 'A conversation\'s messages, oldest first, a page at a time', params: Params, querystring: Type.Object(Page),
      response: { 200: Type.Object({ messages: Type.Array(MessageObject), nextCursor: Nullable(Type.String()) }), ...errorResponses(403, 404) },
    },
  }, async (req) => conversations.messages(req.accountId, req.params.conversation_id, req.query.limit ?? 50, req.query.cursor));

  app.get('/v1/conversations/:conversation_id/attributes', {
    schema: {
      tags, summary: 'The conversation\'s human-scope attributes', params: Params,
      response: { 200: Type.Record(Type.String(), Type.String()), ...errorResponses(403, 404) },
    },
  }, async (req) => conversations.attributes(req.accountId, req.params.conversation_id));
};
