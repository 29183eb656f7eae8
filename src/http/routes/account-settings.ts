// The account's own settings: for now, how long its message history is kept.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Services } from '../../services/index.js';
import { errorResponses, Nullable } from '../schemas/common.js';

const Settings = Type.Object({
  messageRetentionDays: Nullable(Type.Integer({ minimum: 1, maximum: 36_500 }), {
    description: 'Days of message history kept; older messages are deleted by a daily job. null keeps everything (the default).',
  }),
});

export const accountSettingsRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  app.get('/v1/account/settings', {
    schema: { tags: ['Account'], summary: "The account's settings", response: { 200: Settings, ...errorResponses() } },
  }, async (req) => services.retention.get(req.accountId));

  app.patch('/v1/account/settings', {
    schema: { tags: ['Account'], summary: "Change the account's settings (the fields given)", body: Type.Partial(Settings), response: { 200: Settings, ...errorResponses(413, 422) } },
  }, async (req) => {
    const days = req.body.messageRetentionDays;
    return days === undefined ? services.retention.get(req.accountId) : services.retention.set(req.accountId, { messageRetentionDays: days });
  });
};
