// Journeys (docs/journeys.md): versioned outbound definitions, their runs for one human (an API trigger) or a segment,
// each run's live report, and cancelling.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { SERVER_RULE } from '../../formats.js';
import type { Services } from '../../services/index.js';
import { errorResponses, IdParam, MAX_ID, Nullable } from '../schemas/common.js';

const tags = ['Journeys'];

const Hours = Type.Object({
  from: Type.String({ maxLength: 5, description: 'Local time, HH:MM.' }),
  to: Type.String({ maxLength: 5, description: 'Local time, HH:MM; before `from`, the hours span midnight.' }),
});

const Schedule = Type.Object({
  timeZone: Type.Optional(Type.String({ maxLength: 64, description: 'IANA zone for humans whose phone number names none (default UTC).' })),
  window: Type.Optional(Nullable(Hours, { description: 'Local hours a start may happen in; null: any hour.' })),
  days: Type.Optional(Nullable(Type.Array(Type.Integer({ minimum: 1, maximum: 7 }), { maxItems: 7 }), { description: 'ISO weekdays (1 Monday … 7 Sunday); null: every day.' })),
  quietHours: Type.Optional(Type.Record(Type.String({ maxLength: 2 }), Hours, { description: 'Per country (ISO 3166-1 alpha-2): local hours no start happens in.' })),
});

const JourneyBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  channelId: Type.Integer({ minimum: 1, maximum: MAX_ID }),
  script: Type.String({ minLength: 1, maxLength: 200, description: 'The interaction, workflow or action of the channel\'s bot each start runs.' }),
  goal: Type.Optional(Nullable(Type.String({ maxLength: 200 }), { description: 'The interaction whose entry counts as a conversion.' })),
  schedule: Type.Optional(Schedule),
}, { [SERVER_RULE]: 'script and goal name an interaction, workflow or action of the channel\'s bot; name and script are not only spaces; times are HH:MM (00:00–23:59), timeZone an IANA zone, quietHours keyed by ISO 3166-1 alpha-2 country codes.' });

const HoursOut = Type.Object({ from: Type.String(), to: Type.String() });
export const JourneyObject = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  version: Type.Integer({ description: 'Each change is a new version; a run follows the version it started with.' }),
  channelId: Type.Integer(),
  script: Type.String(),
  goal: Nullable(Type.String()),
  schedule: Type.Object({
    timeZone: Type.String(), window: Nullable(HoursOut), days: Nullable(Type.Array(Type.Integer())), quietHours: Type.Record(Type.String(), HoursOut),
  }),
  dateCreated: Type.String(),
  dateUpdated: Type.String(),
});

const Counts = Type.Object({ queued: Type.Integer(), sent: Type.Integer(), delivered: Type.Integer(), read: Type.Integer(), failed: Type.Integer() });
export const RunObject = Type.Object({
  id: Type.Integer(),
  journeyId: Type.Integer(),
  version: Type.Integer(),
  trigger: Type.Union([Type.Literal('human'), Type.Literal('segment')]),
  key: Type.String(),
  status: Type.Union([Type.Literal('entering'), Type.Literal('running'), Type.Literal('sending'), Type.Literal('done'), Type.Literal('cancelled')], {
    description: 'entering: the audience is being read; running: entries wait for their sending time; sending: everyone started, '
      + 'messages still to leave (pending, messages.queued); done; cancelled.',
  }),
  targeted: Type.Integer({ description: 'Humans of the audience read so far.' }),
  alreadyEntered: Type.Integer({ description: 'Humans the key had entered before (an earlier run): left alone.' }),
  waiting: Type.Integer({ description: 'Humans waiting for their sending time.' }),
  started: Type.Integer({ description: 'Conversations started.' }),
  cancelled: Type.Integer(),
  skipped: Type.Object({
    noConsent: Type.Integer({ description: 'Not subscribed to the channel, or opted out of its family (the consent ledger).' }),
    unreachable: Type.Integer({ description: 'No address on the channel.' }),
    quietHours: Type.Integer({ description: 'No sending time in their time zone before the run expires.' }),
    expired: Type.Integer({ description: 'Still waiting when the run expired.' }),
  }),
  pending: Type.Integer({ description: 'Humans started whose interaction has not run yet: their messages do not exist yet.' }),
  messages: Counts,
  replied: Type.Integer({ description: 'Started humans who wrote back on the channel.' }),
  optedOut: Type.Integer({ description: 'Started humans who opted out of the channel\'s family since.' }),
  converted: Type.Integer({ description: 'Started humans whose conversation entered the goal interaction.' }),
  nextDue: Nullable(Type.String()),
  startsAt: Nullable(Type.String()),
  expiresAt: Nullable(Type.String()),
  dateCreated: Type.String(),
  dateCompleted: Nullable(Type.String()),
});

const Params = IdParam('journey_id', 'journey');
const RunParams = Type.Intersect([Params, IdParam('run_id', 'run')]);
const Page = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  cursor: Type.Optional(Type.String({ maxLength: 200, description: 'nextCursor of the previous page.', [SERVER_RULE]: 'Only a nextCursor this server returned, unchanged; any other text is a 400.' })),
});

export const journeyRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { journeys, journeyRuns } = services;

  app.post('/v1/journeys', {
    schema: { tags, summary: 'Define a journey (version 1)', body: JourneyBody, response: { 200: JourneyObject, ...errorResponses(404, 409, 422) } },
  }, async (req) => journeys.create(req.accountId, req.body));

  app.get('/v1/journeys', {
    schema: { tags, summary: 'List journeys, newest first', querystring: Page, response: { 200: Type.Object({ journeys: Type.Array(JourneyObject), nextCursor: Nullable(Type.String()) }), ...errorResponses(422) } },
  }, async (req) => journeys.list(req.accountId, req.query.limit ?? 20, req.query.cursor));

  app.get('/v1/journeys/:journey_id', {
    schema: { tags, summary: 'A journey (its current version)', params: Params, response: { 200: JourneyObject, ...errorResponses(404) } },
  }, async (req) => journeys.get(req.accountId, req.params.journey_id));

  app.put('/v1/journeys/:journey_id', {
    schema: { tags, summary: 'Change a journey: a new version; runs already going keep theirs', params: Params, body: JourneyBody, response: { 200: JourneyObject, ...errorResponses(404, 409, 422) } },
  }, async (req) => journeys.update(req.accountId, req.params.journey_id, req.body));

  app.post('/v1/journeys/:journey_id/runs', {
    schema: {
      tags, summary: 'Run a journey for one human (idempotent per human and key) or a segment',
      description: 'With `humanId`, a human enters once per `key` (default ""): the same trigger again answers the run that entered them (200) and sends nothing. '
        + 'With `audience`, every human it names is entered, each at their sending time; humans the key entered before are left alone.',
      params: Params,
      body: Type.Object({
        humanId: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID })),
        audience: Type.Optional(Type.Object({
          ids: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: MAX_ID }), { maxItems: 10_000 })),
          tags: Type.Optional(Type.String({ maxLength: 2000, description: 'Comma-separated: humans with any of them.' })),
          everyone: Type.Optional(Type.Boolean({ description: 'Everyone subscribed to the journey\'s channel.' })),
          attributes: Type.Optional(Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: 1000 }), {
            maxProperties: 20, description: 'Narrows to humans holding each of these human-scope attribute values (exactly).',
          })),
          activeSince: Type.Optional(Type.String({ format: 'date-time', description: 'Narrows to humans with a message (in or out) since then.' })),
          inactiveSince: Type.Optional(Type.String({ format: 'date-time', description: 'Narrows to humans with no message since then.' })),
        })),
        key: Type.Optional(Type.String({ maxLength: 200, description: 'The trigger\'s key, such as the CRM event\'s id.' })),
        startAt: Type.Optional(Type.String({ format: 'date-time', description: 'No one starts before it: each human at the first minute of their window from then.' })),
        expiresAt: Type.Optional(Type.String({ format: 'date-time', description: 'Humans whose sending time falls later are skipped (quietHours); still waiting then, expired.' })),
      }, { [SERVER_RULE]: 'Either humanId (a human of this account) or an audience naming someone (ids, tags or everyone), not both; attribute names as the bot language reads them; expiresAt after startAt.' }),
      response: { 200: RunObject, 201: RunObject, ...errorResponses(404, 409, 422) },
    },
  }, async (req, reply) => {
    const { run, created } = await journeyRuns.trigger(req.accountId, req.params.journey_id, req.body);
    return reply.code(created ? 201 : 200).send(run);
  });

  app.get('/v1/journeys/:journey_id/runs', {
    schema: { tags, summary: 'A journey\'s runs, newest first, with their reports', params: Params, querystring: Page, response: { 200: Type.Object({ runs: Type.Array(RunObject), nextCursor: Nullable(Type.String()) }), ...errorResponses(404, 422) } },
  }, async (req) => journeyRuns.list(req.accountId, req.params.journey_id, req.query.limit ?? 20, req.query.cursor));

  app.get('/v1/journeys/:journey_id/runs/:run_id', {
    schema: { tags, summary: 'A run\'s live progress and report', params: RunParams, response: { 200: RunObject, ...errorResponses(404) } },
  }, async (req) => journeyRuns.get(req.accountId, req.params.journey_id, req.params.run_id));

  app.post('/v1/journeys/:journey_id/runs/:run_id/cancel', {
    schema: { tags, summary: 'Cancel a run: what has not left stays unsent', params: RunParams, response: { 200: RunObject, ...errorResponses(404) } },
  }, async (req) => journeyRuns.cancel(req.accountId, req.params.journey_id, req.params.run_id));
};
