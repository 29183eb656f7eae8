// GET /v1/overview: the account today (since midnight UTC), as the console's overview shows it.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Services } from '../../services/index.js';
import { errorResponses } from '../schemas/common.js';

const Count = Type.Integer({ minimum: 0 });
const Overview = Type.Object({
  since: Type.String({ description: 'Start of "today": midnight UTC.' }),
  channels: Type.Array(Type.Object({ channelType: Type.String(), count: Count })),
  conversations: Type.Object({
    total: Count,
    activeSince: Type.Integer({ minimum: 0, description: 'Conversations with activity since `since`.' }),
    withAgent: Type.Integer({ minimum: 0, description: 'Conversations taken over (botEnabled false) now.' }),
  }),
  messages: Type.Array(Type.Object({
    channelType: Type.String(), direction: Type.String({ description: 'in or out.' }), count: Count,
  }), { description: 'Messages since `since`, per channel type and direction.' }),
  deliveryFailures: Type.Integer({ minimum: 0, description: 'Outbound messages since `since` that failed.' }),
  webhooks: Type.Object({ endpoints: Count, disabled: Count, failedDeliveries: Type.Integer({ minimum: 0, description: 'Webhook deliveries given up since `since`.' }) }),
});

export const overviewRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  app.get('/v1/overview', {
    schema: { tags: ['Overview'], summary: 'The account today: channels, conversations, messages in and out per channel type, failures', response: { 200: Overview, ...errorResponses() } },
  }, async (req) => services.overview.today(req.accountId));
};
