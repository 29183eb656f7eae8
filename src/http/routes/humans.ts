// Humans API: create, read, update, delete, list with filters and cursor pagination, their own attributes, and links (the shared scope).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ATTRIBUTE_LIMITS, type Services } from '../../services/index.js';
import { errorResponses, IdParam, Nullable } from '../schemas/common.js';
import { EMAIL_PATTERN, PHONE_PATTERN, PHONE_RULE, SERVER_RULE } from '../../formats.js';

const tags = ['Humans'];

const Tag = Type.String({ minLength: 1, maxLength: 100, pattern: '^[^,]+$', description: 'A tag name (no commas: tag lists are comma-separated elsewhere).' });

const HumanObject = Type.Object({
  id: Type.Integer(),
  firstName: Nullable(Type.String()),
  lastName: Nullable(Type.String()),
  phone: Nullable(Type.String(), { description: 'E.164.' }),
  email: Nullable(Type.String()),
  tags: Type.Array(Type.String()),
  dateCreated: Type.String(),
});

const HumanCreateBody = Type.Object({
  firstName: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
  lastName: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
  phone: Type.Optional(Nullable(Type.String({ maxLength: 32, pattern: PHONE_PATTERN }), { description: 'International format; stored as E.164.', [SERVER_RULE]: PHONE_RULE })),
  email: Type.Optional(Nullable(Type.String({ maxLength: 254, pattern: EMAIL_PATTERN }))),
  tags: Type.Optional(Type.Array(Tag, { maxItems: 100 })),
});

const HumanListQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })),
  cursor: Type.Optional(Type.String({ maxLength: 200, description: 'nextCursor of the previous page.', [SERVER_RULE]: 'Only a nextCursor this server returned, unchanged; any other text is a 400.' })),
  tag: Type.Optional(Tag),
  phone: Type.Optional(Type.String({ maxLength: 32, pattern: PHONE_PATTERN, [SERVER_RULE]: PHONE_RULE })),
  email: Type.Optional(Type.String({ maxLength: 254 })),
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'Part of the first or last name (or "first last"), any case.' })),
});

export const humanRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { humans } = services;

  app.post('/v1/humans', {
    schema: { tags, summary: 'Create a human', body: HumanCreateBody, response: { 200: HumanObject, ...errorResponses(413, 422) } },
  }, async (req) => humans.create(req.accountId, req.body));

  app.get('/v1/humans/:human_id', {
    schema: { tags, summary: 'Get a human', params: IdParam('human_id', 'human'), response: { 200: HumanObject, ...errorResponses(403, 404) } },
  }, async (req) => humans.get(req.accountId, req.params.human_id));

  const Params = IdParam('human_id', 'human');
  const Links = Type.Object({ humanId: Type.Integer(), linkedHumanIds: Type.Array(Type.Integer(), { description: 'Humans sharing the `shared` attribute scope with this one.' }) });

  app.put('/v1/humans/:human_id', {
    schema: { tags, summary: 'Update a human (fields given replace; tags replace the list)', params: Params, body: HumanCreateBody, response: { 200: HumanObject, ...errorResponses(403, 404, 413, 422) } },
  }, async (req) => humans.update(req.accountId, req.params.human_id, req.body));

  const Attributes = Type.Record(Type.String(), Type.String(), {
    description: 'The human-scope attributes of the human\'s conversations, by name; where they differ, the value set last.',
  });
  app.get('/v1/humans/:human_id/attributes', {
    schema: { tags, summary: 'The human\'s own (human-scope) attributes, across their conversations', params: Params, response: { 200: Attributes, ...errorResponses(403, 404) } },
  }, async (req) => services.humanAttributes.get(req.accountId, req.params.human_id));

  app.patch('/v1/humans/:human_id/attributes', {
    schema: {
      tags, summary: 'Set human-scope attributes (null removes one) on every conversation of the human', params: Params,
      body: Type.Record(Type.String({ maxLength: ATTRIBUTE_LIMITS.nameLength }), Nullable(Type.String({ maxLength: ATTRIBUTE_LIMITS.valueLength })), {
        maxProperties: ATTRIBUTE_LIMITS.names,
        description: 'Attribute name (`plan`, `human:plan`, `plan:index`) to its new text value, or null to remove it.',
      }),
      response: { 200: Attributes, ...errorResponses(403, 404, 409, 413, 422) },
    },
  }, async (req) => services.humanAttributes.change(req.accountId, req.params.human_id, req.body));

  app.get('/v1/humans/:human_id/subscriptions', {
    schema: {
      tags, summary: 'The channels the human is subscribed to, or was (subscribed false: unsubscribed, e.g. by STOP)', params: Params,
      response: { 200: Type.Array(Type.Object({ channelId: Type.Integer(), subscribed: Type.Boolean(), dateUpdated: Type.String() })), ...errorResponses(403, 404) },
    },
  }, async (req) => services.subscriptions.ofHuman(req.accountId, req.params.human_id));

  app.delete('/v1/humans/:human_id', {
    schema: { tags, summary: 'Delete a human with their conversations and subscriptions', params: Params, response: { 200: Type.Object({}), ...errorResponses(403, 404) } },
  }, async (req) => {
    await humans.delete(req.accountId, req.params.human_id);
    return {};
  });

  app.get('/v1/humans/:human_id/links', {
    schema: { tags, summary: 'Humans linked to this one', params: Params, response: { 200: Links, ...errorResponses(403, 404) } },
  }, async (req) => humans.links(req.accountId, req.params.human_id));

  app.post('/v1/humans/:human_id/links', {
    schema: {
      tags, summary: 'Link another human to this one (they share the `shared` attribute scope)', params: Params,
      body: Type.Object({ humanId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }), response: { 200: Links, ...errorResponses(403, 404, 422) },
    },
  }, async (req) => humans.link(req.accountId, req.params.human_id, req.body.humanId));

  app.delete('/v1/humans/:human_id/links', {
    schema: { tags, summary: 'Take this human out of their group of linked humans', params: Params, response: { 200: Links, ...errorResponses(403, 404) } },
  }, async (req) => humans.unlink(req.accountId, req.params.human_id));

  app.get('/v1/humans', {
    schema: {
      tags, summary: 'List humans, oldest first, a page at a time', querystring: HumanListQuery,
      response: { 200: Type.Object({ humans: Type.Array(HumanObject), nextCursor: Nullable(Type.String()) }), ...errorResponses(422) },
    },
  }, async (req) => {
    const { limit, cursor, tag, phone, email, name } = req.query;
    return humans.list(req.accountId, { tag, phone, email, name }, limit ?? 50, cursor);
  });
};
