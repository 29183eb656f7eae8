// GET /v1/analytics/…: the account's conversations, messages, interactions, delivery and unrecognised texts over a range of
// days, read from rollups kept as messages flow (docs/analytics.md); each table also as CSV.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { MAX_RANGE_DAYS, toCsv, type Cell, type ChannelFigures, type Figures, type Services } from '../../services/index.js';
import { DATE_RULE, SERVER_RULE } from '../../formats.js';
import { errorResponses, MAX_ID, Nullable } from '../schemas/common.js';

const tags = ['Analytics'];
const DAY = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';
const Count = Type.Integer();

const queryFields = {
  from: Type.Optional(Type.String({ pattern: DAY, maxLength: 10, description: 'First day counted, UTC (yyyy-mm-dd); by default 29 days before `to`.', [SERVER_RULE]: DATE_RULE })),
  to: Type.Optional(Type.String({
    pattern: DAY, maxLength: 10, description: 'Last day counted, inclusive, UTC; by default today (or 29 days after `from`, up to today).',
    [SERVER_RULE]: `${DATE_RULE} Not before \`from\`; at most ${MAX_RANGE_DAYS} days from \`from\` to \`to\` (422).`,
  })),
  bot_id: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'Only this bot\'s conversations (403: another account\'s).' })),
  channel_id: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'Only this channel (403: another account\'s).' })),
};
const Query = Type.Object(queryFields);
type QueryValue = Static<typeof Query>;

const figureFields = {
  conversations: Type.Integer({ minimum: 0, description: 'Conversations the bot started in (a first message, a welcome, a script).' }),
  messagesIn: Type.Integer({ minimum: 0 }),
  messagesOut: Type.Object({ bot: Count, agent: Count, keyword: Count, total: Count }, { description: 'By who wrote them: the bot, people, automatic keyword replies.' }),
  handoffs: Type.Integer({ minimum: 0, description: 'Times the bot handed a conversation to people.' }),
  takeovers: Type.Integer({ minimum: 0, description: 'Times a person took a conversation from the bot.' }),
  contained: Type.Integer({ minimum: 0, description: 'conversations − handoffs − takeovers.' }),
  containment: Nullable(Type.Number({ minimum: 0, maximum: 1 }), { description: 'contained / conversations; null without conversations.' }),
  unrecognised: Type.Integer({ minimum: 0, description: 'Messages whose text matched no button, answer or intent.' }),
  optouts: Type.Integer({ minimum: 0, description: 'Unsubscriptions: by a STOP keyword, a bot step, the API or the provider.' }),
  agentFirstReplies: Type.Integer({ minimum: 0, description: 'People\'s replies that ended a wait for a person (after a handoff, or the human asking for one).' }),
  agentFirstReplySeconds: Nullable(Type.Integer({ minimum: 0 }), { description: 'The average time to those replies, in seconds; null without any.' }),
  delivered: Type.Integer({ minimum: 0, description: 'Outbound messages the provider reported delivered (or read without a delivery receipt).' }),
  read: Type.Integer({ minimum: 0 }),
  failed: Type.Integer({ minimum: 0 }),
};
const RangeFields = { from: Type.String(), to: Type.String() };
const Totals = Type.Object({ ...RangeFields, ...figureFields });
const Daily = Type.Object({ ...RangeFields, days: Type.Array(Type.Object({ day: Type.String(), ...figureFields })) });
const Channels = Type.Object({
  ...RangeFields,
  channels: Type.Array(Type.Object({
    channelId: Type.Integer(), ...figureFields,
    failures: Type.Array(Type.Object({ reason: Type.String(), count: Count }), { description: 'Failed messages by reason, most frequent first.' }),
  })),
});
const Interactions = Type.Object({
  ...RangeFields,
  interactions: Type.Array(Type.Object({
    interaction: Type.String({ description: 'Its name, else its pointer in the definition.' }),
    entered: Count, finished: Count,
    left: Type.Integer({ description: 'Conversations whose last interaction entered this is (by the day they entered it).' }),
    dropped: Type.Integer({ description: 'Of those, the ones that did not finish it.' }),
    dropOff: Nullable(Type.Number({ minimum: 0 }), { description: 'dropped / entered; null when nothing entered it.' }),
  })),
});
const Unrecognised = Type.Object({
  ...RangeFields,
  texts: Type.Array(Type.Object({
    text: Type.String({ description: 'As typed, in lower case with spaces collapsed, at most 200 characters.' }),
    count: Count, lastAt: Type.String(),
  })),
});

const TABLES = ['daily', 'channels', 'interactions', 'unrecognised'] as const;
type Table = (typeof TABLES)[number];

const FIGURE_COLUMNS = [
  'conversations', 'messagesIn', 'messagesOutBot', 'messagesOutAgent', 'messagesOutKeyword', 'handoffs', 'takeovers', 'contained', 'unrecognised',
  'optouts', 'agentFirstReplies', 'agentFirstReplySeconds', 'delivered', 'read', 'failed',
];
const figureCells = (f: Figures): Cell[] => [
  f.conversations, f.messagesIn, f.messagesOut.bot, f.messagesOut.agent, f.messagesOut.keyword, f.handoffs, f.takeovers, f.contained,
  f.unrecognised, f.optouts, f.agentFirstReplies, f.agentFirstReplySeconds, f.delivered, f.read, f.failed,
];

export const analyticsRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { analytics } = services;
  const asked = (q: QueryValue) => ({ from: q.from, to: q.to, botId: q.bot_id, channelId: q.channel_id });
  const errors = errorResponses(404, 422);

  app.get('/v1/analytics', {
    schema: { tags, summary: 'Totals over a range of days: conversations, messages, containment, opt-outs, delivery', querystring: Query, response: { 200: Totals, ...errors } },
  }, async (req) => analytics.totals(req.accountId, asked(req.query)));

  app.get('/v1/analytics/daily', {
    schema: { tags, summary: 'The same figures for each day of the range, days without anything included', querystring: Query, response: { 200: Daily, ...errors } },
  }, async (req) => analytics.daily(req.accountId, asked(req.query)));

  app.get('/v1/analytics/channels', {
    schema: { tags, summary: 'The figures per channel, with failures by reason', querystring: Query, response: { 200: Channels, ...errors } },
  }, async (req) => analytics.channels(req.accountId, asked(req.query)));

  app.get('/v1/analytics/interactions', {
    schema: { tags, summary: 'Per interaction: entered, finished, where conversations rest, and drop-off', querystring: Query, response: { 200: Interactions, ...errors } },
  }, async (req) => analytics.interactions(req.accountId, asked(req.query)));

  app.get('/v1/analytics/unrecognised', {
    schema: {
      tags, summary: 'What people wrote that the bot did not understand, most frequent first',
      querystring: Type.Object({ ...queryFields, limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })) }),
      response: { 200: Unrecognised, ...errors },
    },
  }, async (req) => analytics.unrecognised(req.accountId, asked(req.query), req.query.limit ?? 50));

  app.get('/v1/analytics/export', {
    schema: {
      tags, summary: 'One of the tables as CSV (RFC 4180), for a spreadsheet',
      querystring: Type.Object({ ...queryFields, table: Type.Union(TABLES.map((t) => Type.Literal(t)), { description: 'daily, channels, interactions or unrecognised (up to 10,000 texts).' }) }),
      response: { 200: { description: 'text/csv; charset=utf-8', content: { 'text/csv': { schema: Type.String() } } }, ...errors },
    },
  }, async (req, reply) => {
    const q = asked(req.query);
    const table: Table = req.query.table;
    const { csv, from, to } = await exportTable(table);
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="parley-${table}-${from}-${to}.csv"`).send(csv);

    /** The table as CSV, and the range it covers (as the service settled it: defaults filled in). */
    async function exportTable(t: Table): Promise<{ csv: string; from: string; to: string }> {
      switch (t) {
        case 'daily': {
          const { days, ...range } = await analytics.daily(req.accountId, q);
          return { ...range, csv: toCsv(['day', ...FIGURE_COLUMNS], days.map((d) => [d.day, ...figureCells(d)])) };
        }
        case 'channels': {
          const { channels, ...range } = await analytics.channels(req.accountId, q);
          return { ...range, csv: toCsv(['channelId', ...FIGURE_COLUMNS, 'failures'], channels.map((c: ChannelFigures) => [c.channelId, ...figureCells(c), c.failures.map((f) => `${f.count} ${f.reason}`).join('; ')])) };
        }
        case 'interactions': {
          const { interactions, ...range } = await analytics.interactions(req.accountId, q);
          return { ...range, csv: toCsv(['interaction', 'entered', 'finished', 'left', 'dropped', 'dropOff'], interactions.map((i) => [i.interaction, i.entered, i.finished, i.left, i.dropped, i.dropOff])) };
        }
        case 'unrecognised': {
          const { texts, ...range } = await analytics.unrecognised(req.accountId, q, 10_000);
          return { ...range, csv: toCsv(['text', 'count', 'lastAt'], texts.map((x) => [x.text, x.count, x.lastAt])) };
        }
      }
    }
  });
};
