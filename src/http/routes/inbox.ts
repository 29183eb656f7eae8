// The inbox a support team triages (GET /v1/inbox): conversations with their human, channel, last message and unread count,
// filtered and searched; the counts of its tabs; a member's read marks.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Services } from '../../services/index.js';
import { principalOf } from '../principal.js';
import { SERVER_RULE } from '../../formats.js';
import { errorResponses, IdParam, MAX_ID, Nullable } from '../schemas/common.js';
import { ConversationObject, StatusSchema } from './conversations.js';

const tags = ['Conversations'];

const InboxItem = Type.Object({
  conversation: ConversationObject,
  human: Type.Object({
    id: Type.Integer(),
    name: Type.String({ description: 'First and last name, else the phone, the e-mail, or "Human <id>".' }),
    email: Nullable(Type.String()),
    phone: Nullable(Type.String()),
  }),
  channel: Type.Object({ id: Type.Integer(), name: Type.String(), channelType: Type.String() }),
  lastMessage: Nullable(Type.Object({
    id: Type.Integer(),
    direction: Type.Unsafe<'in' | 'out' | 'note'>({ type: 'string', enum: ['in', 'out', 'note'] }),
    author: Type.Unsafe<'human' | 'bot' | 'agent'>({ type: 'string', enum: ['human', 'bot', 'agent'] }),
    authorName: Nullable(Type.String()),
    preview: Type.String({ description: 'The message in one line of at most 140 characters: its text, else what it carries ([image], [form], [e-mail] …).' }),
    dateCreated: Type.String(),
  })),
  unread: Type.Integer({ description: 'Messages from the human after the member\'s read mark, at most 100 (100 means "99 or more"); 0 for a credential that is no member.' }),
});

const Summary = Type.Object({
  open: Type.Integer(), pending: Type.Integer(), resolved: Type.Integer(),
  mine: Type.Integer({ description: 'Not resolved, and assigned to the member asking.' }),
  unassigned: Type.Integer({ description: 'Not resolved, and assigned to nobody.' }),
  wantsPerson: Type.Integer({ description: 'Not resolved, and waiting for a person.' }),
});

export const inboxRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { inbox } = services;
  const reader = (req: { accountId: number } & Parameters<typeof principalOf>[0]) => ({ accountId: req.accountId, memberId: principalOf(req).memberId });

  app.get('/v1/inbox', {
    schema: {
      tags, summary: 'The inbox: conversations with the latest activity first, with their human, channel, last message and unread count',
      querystring: Type.Object({
        status: Type.Optional(StatusSchema),
        assignee: Type.Optional(Type.String({
          maxLength: 20, pattern: '^(me|none|[1-9][0-9]{0,9})$', description: '"me", "none" (unassigned) or a member\'s id.', [SERVER_RULE]: 'A member\'s id is at most 2147483647.',
        })),
        channel_id: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID })),
        wants_person: Type.Optional(Type.Boolean({ description: 'true: only the conversations waiting for a person.' })),
        q: Type.Optional(Type.String({ maxLength: 200, description: 'Part of the human\'s name, e-mail or phone, or of a message\'s or note\'s text, in any case.' })),
        limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
        cursor: Type.Optional(Type.String({ maxLength: 300, description: 'nextCursor of the previous page.', [SERVER_RULE]: 'Only a nextCursor this server returned, unchanged; any other text is a 400.' })),
      }),
      response: { 200: Type.Object({ conversations: Type.Array(InboxItem), nextCursor: Nullable(Type.String()) }), ...errorResponses(422) },
    },
  }, async (req) => {
    const q = req.query;
    return inbox.list(reader(req), { status: q.status, assignee: q.assignee, channelId: q.channel_id, wantsPerson: q.wants_person, search: q.q }, q.limit ?? 50, q.cursor);
  });

  app.get('/v1/inbox/summary', {
    schema: { tags, summary: 'The inbox\'s counts: by status, mine, unassigned, waiting for a person', response: { 200: Summary, ...errorResponses() } },
  }, async (req) => inbox.summary(reader(req)));

  app.put('/v1/conversations/:conversation_id/read', {
    schema: {
      tags, summary: 'Mark a conversation read by the member, up to a message (default: its newest); a mark never goes back',
      params: IdParam('conversation_id', 'conversation'),
      body: Type.Object({ messageId: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID })) }),
      response: { 200: Type.Object({ lastReadMessageId: Type.Integer() }), ...errorResponses(403, 404, 422) },
    },
  }, async (req) => inbox.markRead(reader(req), req.params.conversation_id, req.body.messageId));
};
