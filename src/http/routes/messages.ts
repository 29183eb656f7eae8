// Messages API: proactive sends to humans by ids and tags (the spec's generic payload plus channelId), and batch progress.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Services } from '../../services/index.js';
import { errorResponses, IdParam, MAX_ID, Nullable } from '../schemas/common.js';
import { TemplateSend } from '../schemas/templates.js';

const tags = ['Messages'];

const Target = Type.Object({
  targetType: Type.Unsafe<'humans'>({ type: 'string', enum: ['humans'], description: 'Who the ids and tags name.' }),
  ids: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: MAX_ID }), { maxItems: 10_000 })),
  tags: Type.Optional(Type.String({ maxLength: 2000, description: 'Comma-separated tag names; humans with any of them.' })),
});

const SendBody = Type.Object({
  channelId: Type.Integer({ minimum: 1, maximum: MAX_ID }),
  text: Type.Optional(Type.String({ minLength: 1, maxLength: 3072, description: 'Tags such as {sys:firstName} are rendered for each human.' })),
  media: Type.Optional(Type.String({ minLength: 1, maxLength: 2048, format: 'uri', description: 'URL of an image, video, audio or file.' })),
  mediaType: Type.Optional(Type.Unsafe<'image' | 'video' | 'audio' | 'file'>({ type: 'string', enum: ['image', 'video', 'audio', 'file'] })),
  script: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'An interaction, workflow or action of the channel\'s bot to run for each human.' })),
  template: Type.Optional(TemplateSend),
  targets: Type.Array(Target, { minItems: 1, maxItems: 100 }),
});

const StatusCounts = Type.Object({ queued: Type.Integer(), sent: Type.Integer(), delivered: Type.Integer(), read: Type.Integer(), failed: Type.Integer() });

const BatchObject = Type.Object({
  id: Type.Integer(),
  channelId: Type.Integer(),
  status: Type.String({ description: 'expanding (humans still being queued), sending, or done.' }),
  total: Type.Integer({ description: 'Subscribed humans the targets named.' }),
  queued: Type.Integer({ description: 'Humans queued so far.' }),
  unreachable: Type.Integer({ description: 'Humans the channel has no address for.' }),
  messages: StatusCounts,
  dateCreated: Type.String(),
  dateCompleted: Nullable(Type.String()),
});

export const messageRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { broadcasts } = services;

  app.post('/v1/messages', {
    schema: {
      tags, summary: 'Send a message (or run a script) to humans by ids and tags; subscribed humans only, each once',
      body: SendBody,
      response: { 200: Type.Object({ batchId: Type.Integer(), queued: Type.Integer({ description: 'Subscribed humans the send goes to.' }) }), ...errorResponses(403, 404, 409, 413, 422) },
    },
  }, async (req) => {
    const { batchId, queued } = await broadcasts.send(req.accountId, req.body);
    return { batchId, queued };
  });

  app.get('/v1/messages/batches/:batch_id', {
    schema: { tags, summary: 'Progress of a send', params: IdParam('batch_id', 'batch'), response: { 200: BatchObject, ...errorResponses(403, 404) } },
  }, async (req) => broadcasts.progress(req.accountId, req.params.batch_id));
};
