// Bots API: definitions in the bot or RCS experience format, revisions, publishing, validation.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Services } from '../../services/index.js';
import { SERVER_RULE } from '../../formats.js';
import { errorResponses, IdParam, MAX_ID } from '../schemas/common.js';

const tags = ['Bots'];

const Problem = Type.Object({ pointer: Type.String({ description: 'JSON pointer (RFC 6901) into the definition.' }), message: Type.String() });

const BotObject = Type.Unsafe<Record<string, unknown>>({
  type: 'object',
  additionalProperties: true,
  required: ['id', 'name', 'dateCreated', 'currentRevision', 'latestRevision'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    interactions: { type: 'array', description: 'Bot format: the interactions of the shown revision.' },
    workflows: { type: 'array', description: 'RCS experience format: the workflows of the shown revision.' },
    dateCreated: { type: 'string' },
    currentRevision: { type: 'integer' },
    latestRevision: { type: 'integer' },
  },
  description: 'The definition of the shown revision (every field as submitted) plus the bot\'s id, name, dateCreated and revision numbers.',
});

/** Either format; the full schema and lint rules are applied by the engine, not here. */
const Definition = Type.Unsafe<Record<string, unknown>>({
  type: 'object',
  additionalProperties: true,
  required: ['name'],
  // Only the shape a definition must have to be read at all (400 otherwise); its length limits and
  // every other rule are the engine's, so they come back as a 422 with the structured `problems`.
  properties: { name: { type: 'string' }, interactions: { type: 'array' }, workflows: { type: 'array' } },
  description: 'A bot definition: `name` (1 to 100 characters) plus `interactions` (bot format) or `workflows` (RCS experience format). See docs/bot-language.md.',
});

const BotParams = IdParam('bot_id', 'bot');
const RevisionParams = Type.Object({ ...BotParams.properties, revision: Type.Integer({ minimum: 1, maximum: MAX_ID }) });

/** A bot created with only a name starts with no interactions. */
function withDefaults(definition: Record<string, unknown>): Record<string, unknown> {
  return definition.interactions === undefined && definition.workflows === undefined ? { ...definition, interactions: [] } : definition;
}

export const botRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { bots } = services;

  app.post('/v1/bots', {
    schema: { tags, summary: 'Create a bot from a definition (revision 1, published)', body: Definition, response: { 200: BotObject, ...errorResponses(409, 413, 422) } },
  }, async (req) => bots.create(req.accountId, withDefaults(req.body)));

  app.post('/v1/bots/validate', {
    schema: {
      tags, summary: 'Validate a definition without saving it', body: Type.Unsafe<unknown>({ description: 'A bot definition in either format.' }),
      response: {
        200: Type.Object({
          valid: Type.Boolean(),
          format: Type.Union([Type.Literal('bot'), Type.Literal('experience'), Type.Null()], { description: 'bot (interactions) or experience (workflows); null when neither.' }),
          problems: Type.Array(Problem),
          warnings: Type.Array(Problem, { description: 'For a valid definition, what would surprise the people writing to the bot: no catch-all (no sys:text interaction), so unrecognised messages get no answer.' }),
        }),
        ...errorResponses(413),
      },
    },
  }, async (req) => bots.validate(req.accountId, req.body));

  const Failure = Type.Object({
    step: Type.Integer({ description: 'The failing step, counted from 1.' }),
    line: Type.Integer({ description: 'Its line in the tests file.' }),
    lines: Type.Array(Type.String(), { description: 'What went wrong, then what was expected and what came.' }),
  });
  app.post('/v1/bots/test', {
    schema: {
      tags, summary: 'Run conversation tests against a definition, with what they exercised of it',
      description: 'The tests file is the one `parley test` reads (docs/authoring.md); requests, models and knowledge come from its fixtures, so nothing is sent or stored. At most 100 runs (a test once per channel).',
      body: Type.Object({
        definition: Definition,
        tests: Type.String({ maxLength: 262_144, description: 'A conversation tests file (YAML).' }),
      }, { additionalProperties: false, [SERVER_RULE]: 'A definition the validator accepts, and a tests file `parley test` reads, of at most 100 runs.' }),
      response: {
        200: Type.Object({
          passed: Type.Integer(),
          failed: Type.Integer(),
          results: Type.Array(Type.Object({ label: Type.String(), passed: Type.Boolean(), failure: Type.Union([Failure, Type.Null()]) })),
          coverage: Type.Object({
            interactions: Type.Object({ total: Type.Integer(), entered: Type.Integer() }),
            actions: Type.Object({ total: Type.Integer(), run: Type.Integer() }),
            notEntered: Type.Array(Type.Object({ label: Type.String(), pointer: Type.String(), reachable: Type.Boolean() }), { description: 'Interactions no test entered.' }),
            notRun: Type.Array(Type.String(), { description: 'Pointers of the actions of entered interactions that never ran.' }),
          }),
        }),
        ...errorResponses(413, 422),
      },
    },
  }, async (req) => services.botTests.run(req.accountId, withDefaults(req.body.definition), req.body.tests));

  app.get('/v1/bots', {
    schema: { tags, summary: 'List bots (each at its current revision)', response: { 200: Type.Array(BotObject), ...errorResponses() } },
  }, async (req) => bots.list(req.accountId));

  app.get('/v1/bots/:bot_id', {
    schema: { tags, summary: 'Get a bot at its current revision', params: BotParams, response: { 200: BotObject, ...errorResponses(403, 404) } },
  }, async (req) => bots.get(req.accountId, req.params.bot_id));

  app.put('/v1/bots/:bot_id', {
    schema: {
      tags, summary: 'Store a new revision (latestRevision + 1); ?publish=true also makes it current',
      params: BotParams, querystring: Type.Object({ publish: Type.Optional(Type.Boolean({ default: false })) }),
      body: Definition, response: { 200: BotObject, ...errorResponses(403, 404, 409, 413, 422) },
    },
  }, async (req) => bots.update(req.accountId, req.params.bot_id, withDefaults(req.body), req.query.publish ?? false));

  app.post('/v1/bots/:bot_id/publish', {
    schema: {
      tags, summary: 'Make a stored revision current', params: BotParams,
      body: Type.Object({ revision: Type.Integer({ minimum: 1, maximum: MAX_ID }) }),
      response: { 200: BotObject, ...errorResponses(403, 404, 422) },
    },
  }, async (req) => bots.publish(req.accountId, req.params.bot_id, req.body.revision));

  app.get('/v1/bots/:bot_id/revisions', {
    schema: {
      tags, summary: 'List a bot\'s revisions', params: BotParams,
      response: { 200: Type.Array(Type.Object({ revision: Type.Integer(), dateCreated: Type.String(), current: Type.Boolean() })), ...errorResponses(403, 404) },
    },
  }, async (req) => bots.revisions(req.accountId, req.params.bot_id));

  app.get('/v1/bots/:bot_id/revisions/:revision', {
    schema: { tags, summary: 'Get a bot at one revision', params: RevisionParams, response: { 200: BotObject, ...errorResponses(403, 404) } },
  }, async (req) => bots.revision(req.accountId, req.params.bot_id, req.params.revision));

  app.delete('/v1/bots/:bot_id', {
    schema: { tags, summary: 'Delete a bot (409 while channels use it or another bot includes it)', params: BotParams, response: { 200: Type.Object({}), ...errorResponses(403, 404, 409) } },
  }, async (req) => {
    await bots.delete(req.accountId, req.params.bot_id);
    return {};
  });
};
