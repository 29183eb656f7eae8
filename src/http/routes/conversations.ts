// Conversations API: list, read one with its state and triage, its message history and attributes, hand it to people and
// back, set its status and assignee, reply and note as an agent.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Services } from '../../services/index.js';
import { errorResponses, IdParam, MAX_ID, Nullable } from '../schemas/common.js';
import { TemplateSend } from '../schemas/templates.js';
import { SERVER_RULE } from '../../formats.js';
import { principalOf } from '../principal.js';
import { auditActionOfChange } from './conversation-audit.js';

const tags = ['Conversations'];
const Params = IdParam('conversation_id', 'conversation');

export const StatusSchema = Type.Unsafe<'open' | 'pending' | 'resolved'>({
  type: 'string', enum: ['open', 'pending', 'resolved'],
  description: 'open (to answer), pending (waiting on the human or on someone else), resolved (done). A message from the human makes it open again.',
});

export const ConversationObject = Type.Object({
  id: Type.Integer(),
  channelId: Type.Integer(),
  humanId: Type.Integer(),
  botEnabled: Type.Boolean({ description: 'false: the bot is silent and people answer (set by updateSettings or this API).' }),
  priority: Type.String({ description: 'normal or high.' }),
  context: Nullable(Type.String(), { description: 'sys:context.' }),
  waitingFor: Nullable(Type.String(), { description: 'answer (a waitFor), form, pause; null when the bot is idle.' }),
  dialogs: Type.Array(Type.String(), { description: 'Names of the open dialogs, outermost first.' }),
  parked: Nullable(Type.String(), { description: 'Why the conversation takes no runs (its stored state was written by a newer release, or cannot be read); null: it runs. Its messages are still stored.' }),
  status: StatusSchema,
  assigneeId: Nullable(Type.Integer(), { description: 'The member the conversation is assigned to; null: nobody.' }),
  wantsPerson: Type.Boolean({ description: 'The bot handed the conversation to people (updateSettings bot.enabled false) or the human asked for a person, and no member has answered, taken it over or resolved it since.' }),
  wantsPersonSince: Nullable(Type.String()),
  dateLastActivity: Nullable(Type.String({ description: 'When it last had a message (in, out or a note); null before its first. The inbox\'s order.' })),
  dateCreated: Type.String(),
  dateUpdated: Type.String(),
});

export const MessageObject = Type.Object({
  id: Type.Integer(),
  direction: Type.String({ description: 'in (from the human), out (from the bot), note (for staff).' }),
  kind: Type.String({ description: 'message, email or note.' }),
  status: Type.String({ description: 'in: received; out: queued, sent, delivered, read or failed.' }),
  failureReason: Nullable(Type.String()),
  content: Type.Unsafe<unknown>({ description: 'The inbound message, or the rendered outbound message, e-mail or note.' }),
  batchId: Nullable(Type.Integer()),
  author: Type.Unsafe<'human' | 'bot' | 'agent'>({ type: 'string', enum: ['human', 'bot', 'agent'], description: 'Who wrote it: the human (in), the bot, or an agent (a person).' }),
  authorName: Nullable(Type.String(), { description: 'The member who wrote a reply or a note, named as they were then (the visitor sees "<name> (agent)" on web chat); null for the human, the bot and a script\'s token.' }),
  channelView: Type.Optional(Type.Unsafe<unknown>({ description: 'With channel_view=true, on outbound messages: what the provider gets (kind sms: text, segments, encoding; rcs: agent messages; messenger: Send API messages; dm: message_data; voice: speech and card); null on web chat and where none applies.' })),
  dateCreated: Type.String(),
  dateUpdated: Type.String(),
});

const Button = Type.Object({
  type: Type.Unsafe<'postback' | 'weburl' | 'call'>({ type: 'string', enum: ['postback', 'weburl', 'call'] }),
  title: Type.String({ minLength: 1, maxLength: 25 }),
  payload: Type.Optional(Type.String({ minLength: 1, maxLength: 1000, description: 'postback: the payload (default: the title); weburl: the URL; call: the phone number.' })),
});
const QuickReply = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 25 }),
  payload: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })),
});
const AgentMessage = Type.Object({
  text: Type.Optional(Type.String({ maxLength: 4096, description: 'At most what the channel takes in one message (SMS 1600, messenger 2000, most 3072, WhatsApp and Telegram 4096).' })),
  media: Type.Optional(Type.String({ minLength: 1, maxLength: 2048, format: 'uri', description: 'URL of an image, video, audio or file.' })),
  mediaType: Type.Optional(Type.Unsafe<'image' | 'video' | 'audio' | 'file'>({ type: 'string', enum: ['image', 'video', 'audio', 'file'] })),
  buttons: Type.Optional(Type.Array(Button, { maxItems: 4 })),
  quickReplies: Type.Optional(Type.Array(QuickReply, { maxItems: 11 })),
  template: Type.Optional(TemplateSend),
});

const Page = { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })), cursor: Type.Optional(Type.String({ maxLength: 200, [SERVER_RULE]: 'Only a nextCursor this server returned, unchanged; any other text is a 400.' })) };
const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });

export const conversationRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { conversations, agentReplies } = services;

  app.get('/v1/conversations', {
    schema: {
      tags, summary: 'List conversations, oldest first, a page at a time (order=recent: latest activity first)',
      querystring: Type.Object({
        ...Page, channel_id: Type.Optional(Id), human_id: Type.Optional(Id),
        parked: Type.Optional(Type.Boolean({ description: 'true: only the parked conversations (after an upgrade or a rollback, the ones to look at).' })),
        order: Type.Optional(Type.Unsafe<'id' | 'recent'>({ type: 'string', enum: ['id', 'recent'], description: 'id (default): oldest first, a page at a time. recent: the `limit` conversations with the latest activity, newest first, in one page (nextCursor null).' })),
      }),
      response: { 200: Type.Object({ conversations: Type.Array(ConversationObject), nextCursor: Nullable(Type.String()) }), ...errorResponses(422) },
    },
  }, async (req) => conversations.list(req.accountId, { channelId: req.query.channel_id, humanId: req.query.human_id, parked: req.query.parked }, req.query.limit ?? 50, req.query.cursor, req.query.order ?? 'id'));

  app.get('/v1/conversations/:conversation_id', {
    schema: { tags, summary: 'Get a conversation', params: Params, response: { 200: ConversationObject, ...errorResponses(403, 404) } },
  }, async (req) => conversations.get(req.accountId, req.params.conversation_id));

  app.patch('/v1/conversations/:conversation_id', {
    schema: {
      tags, summary: 'Hand a conversation to people (botEnabled false) or back to the bot; set its priority, status and assignee', params: Params,
      description: 'Taking a conversation over assigns it to the member who does when nobody has it. Taking it over, replying or resolving it answers its "wants a person" flag (an assignment alone does not: the human still waits). An assignee is an active member whose role answers conversations (422 otherwise).',
      body: Type.Object({
        botEnabled: Type.Optional(Type.Boolean()),
        priority: Type.Optional(Type.Unsafe<'normal' | 'high'>({ type: 'string', enum: ['normal', 'high'] })),
        status: Type.Optional(StatusSchema),
        assigneeId: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: MAX_ID }), { description: 'A member\'s id; null: nobody.' })),
      }),
      response: { 200: ConversationObject, ...errorResponses(403, 404, 409, 422) },
    },
  }, async (req) => {
    const by = principalOf(req);
    req.auditDetail = { action: auditActionOfChange(req.body, by.memberId) };
    const updated = await conversations.update(req.accountId, req.params.conversation_id, req.body, { memberId: by.memberId });
    services.accountEvents.tell(req.accountId, updated.id);
    return updated;
  });

  app.get('/v1/conversations/:conversation_id/messages', {
    schema: {
      tags, summary: 'A conversation\'s messages, oldest first, a page at a time', params: Params,
      querystring: Type.Object({ ...Page, channel_view: Type.Optional(Type.Boolean({ description: 'Add each outbound message as its channel\'s provider gets it (channelView).' })) }),
      response: { 200: Type.Object({ messages: Type.Array(MessageObject), nextCursor: Nullable(Type.String()) }), ...errorResponses(403, 404) },
    },
  }, async (req) => conversations.messages(req.accountId, req.params.conversation_id, req.query.limit ?? 50, req.query.cursor, req.query.channel_view ?? false));

  app.post('/v1/conversations/:conversation_id/messages', {
    schema: {
      tags, summary: 'Reply as an agent: the message goes out through the channel after what the bot queued, and is kept with author "agent"', params: Params,
      description: 'Refused with 409 when the channel cannot take it now (the human sent STOP; the messenger 24-hour window passed and the channel has no message tag; the WhatsApp 24-hour customer-service window closed and no template was given; a voice channel; the channel was deleted) and 422 when the message breaks a limit (text over the channel\'s length, too many buttons, neither text nor media).',
      body: Type.Object({
        ...AgentMessage.properties,
        takeOver: Type.Optional(Type.Boolean({ description: 'Pause the bot first (as PATCH botEnabled false), so it does not answer beside the agent.' })),
      }),
      response: { 200: MessageObject, ...errorResponses(403, 404, 409, 413, 422) },
    },
  }, async (req) => {
    const { takeOver, ...message } = req.body;
    const by = { memberId: principalOf(req).memberId };
    if (takeOver === true) req.auditDetail = { action: 'reply-take-over' };
    const sent = await agentReplies.reply(req.accountId, req.params.conversation_id, message, by, takeOver === true);
    services.accountEvents.tell(req.accountId, req.params.conversation_id);
    return sent;
  });

  app.post('/v1/conversations/:conversation_id/notes', {
    schema: {
      tags, summary: 'Add an internal note: kept in the history for the account\'s people, never sent to the human', params: Params,
      body: Type.Object({ text: Type.String({ minLength: 1, maxLength: 3072 }) }),
      response: { 200: MessageObject, ...errorResponses(403, 404, 413, 422) },
    },
  }, async (req) => {
    const note = await agentReplies.note(req.accountId, req.params.conversation_id, req.body.text, { memberId: principalOf(req).memberId });
    services.accountEvents.tell(req.accountId, req.params.conversation_id);
    return note;
  });

  app.get('/v1/conversations/:conversation_id/attributes', {
    schema: {
      tags, summary: 'The conversation\'s human-scope attributes', params: Params,
      response: { 200: Type.Record(Type.String(), Type.String()), ...errorResponses(403, 404) },
    },
  }, async (req) => conversations.attributes(req.accountId, req.params.conversation_id));
};
