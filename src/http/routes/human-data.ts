// Data subject requests: export everything held about one human (JSON), and erase a human with everything linked.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Services } from '../../services/index.js';
import { errorResponses, IdParam, Nullable } from '../schemas/common.js';

const tags = ['Humans'];
const Params = IdParam('human_id', 'human');

const Message = Type.Object({
  id: Type.Integer(), direction: Type.String(), kind: Type.String(), status: Type.String(), failureReason: Nullable(Type.String()),
  content: Type.Unknown({ description: 'As received, or as rendered for the channel.' }), dateCreated: Type.String(), dateUpdated: Type.String(),
});

const HumanExport = Type.Object({
  exportedAt: Type.String(),
  human: Type.Object({
    id: Type.Integer(), firstName: Nullable(Type.String()), lastName: Nullable(Type.String()), phone: Nullable(Type.String()), email: Nullable(Type.String()),
    tags: Type.Array(Type.String()), rcsEnabled: Nullable(Type.Boolean()), rcsFeatures: Type.Unknown(), linkedHumanIds: Type.Array(Type.Integer()),
    dateCreated: Type.String(), dateUpdated: Type.String(),
  }),
  identities: Type.Array(Type.Object({ channelId: Type.Integer(), address: Type.String({ description: 'How the channel knows the human: phone, page-scoped id, visitor id.' }), dateCreated: Type.String() })),
  subscriptions: Type.Array(Type.Object({ channelId: Type.Integer(), subscribed: Type.Boolean(), dateUpdated: Type.String() })),
  attributes: Type.Object({
    human: Type.Array(Type.Object({ conversationId: Type.Integer(), name: Type.String(), value: Type.String(), dateUpdated: Type.String() })),
    shared: Type.Array(Type.Object({ name: Type.String(), value: Type.String(), dateUpdated: Type.String() })),
  }),
  conversations: Type.Array(Type.Object({
    id: Type.Integer(), channelId: Type.Integer(), botId: Type.Integer(), address: Type.String(), botEnabled: Type.Boolean(), priority: Type.String(),
    dateCreated: Type.String(), dateUpdated: Type.String(), messages: Type.Array(Message),
  })),
});

const Erased = Type.Object({
  humanId: Type.Integer(),
  erased: Type.Object({
    conversations: Type.Integer(), messages: Type.Integer(), events: Type.Integer(), attributes: Type.Integer(), subscriptions: Type.Integer(),
    identities: Type.Integer(), tags: Type.Integer(), webhookDeliveries: Type.Integer(),
    media: Type.Integer({ description: 'Files the human sent over WhatsApp or Telegram that were kept.' }),
  }, { description: 'Rows deleted, by kind.' }),
});

export const humanDataRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  app.get('/v1/humans/:human_id/export', {
    schema: {
      tags, summary: 'Export everything held about a human: fields, tags, identities, subscriptions, attributes, conversations with their messages',
      params: Params, response: { 200: HumanExport, ...errorResponses(403, 404) },
    },
  }, async (req, reply) => {
    const data = await services.humanData.export(req.accountId, req.params.human_id);
    return reply.header('content-disposition', `attachment; filename="human-${req.params.human_id}.json"`).send(data);
  });

  app.post('/v1/humans/:human_id/erase', {
    schema: {
      tags, summary: 'Erase a human with everything linked: conversations, history, inbox, attributes, identities, subscriptions, tags and webhook deliveries naming them',
      params: Params, response: { 200: Erased, ...errorResponses(403, 404) },
    },
  }, async (req) => services.humanData.erase(req.accountId, req.params.human_id));
};
