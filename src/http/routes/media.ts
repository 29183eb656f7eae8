// GET /media/{channelId}/{ref}/{signature}: a file a person sent over WhatsApp or Telegram, at the signed URL the bot saw.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Services } from '../../services/index.js';

/** Types a browser may show in place; anything else is a download, so a document someone sent never runs as a page of ours. */
const INLINE = /^(image|audio|video)\/[a-z0-9.+-]+$/i;

export const mediaRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  app.get('/media/:channel_id/:ref/:signature', {
    config: { public: true },
    schema: {
      hide: true,
      params: Type.Object({
        channel_id: Type.Integer({ minimum: 1 }),
        ref: Type.String({ pattern: '^[A-Za-z0-9_-]{1,700}$' }),
        signature: Type.String({ pattern: '^[A-Za-z0-9_-]{22}$' }),
      }),
    },
  }, async (request, reply) => {
    const { channel_id: channelId, ref, signature } = request.params;
    const file = await services.media.open(channelId, ref, signature);
    const type = file.contentType ?? 'application/octet-stream';
    reply.header('content-type', type);
    reply.header('content-disposition', INLINE.test(type) ? 'inline' : 'attachment');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('content-security-policy', "default-src 'none'; sandbox");
    // The URL names one file forever: those who have it may keep it.
    reply.header('cache-control', 'private, max-age=86400, immutable');
    return reply.send(file.bytes);
  });
};
