// The consent ledger by API (docs/consent.md): a human's opt-ins and opt-outs, and the account's export for an audit.
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DATE_RULE, SERVER_RULE } from '../../formats.js';
import { CONSENT_FAMILIES } from '../../channel-types.js';
import { MAX_RANGE_DAYS, type Services } from '../../services/index.js';
import { errorResponses, IdParam, Nullable } from '../schemas/common.js';

const tags = ['Consent'];
const DAY = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';

const ConsentEvent = Type.Object({
  family: Type.String({ description: `The channel family: ${CONSENT_FAMILIES.join(', ')}.` }),
  state: Type.Union([Type.Literal('in'), Type.Literal('out')], { description: 'in: opted in (subscribed); out: opted out.' }),
  source: Type.String({ description: 'Where it came from: api (a token), agent (a person in the console), import (a bulk import\'s row), keyword (a word the human sent: STOP, START …), provider (an event of the provider: RCS UNSUBSCRIBE, a Telegram block), bot (a subscribe step), history (a subscription stored before the ledger existed).' }),
  channelId: Nullable(Type.Integer()),
  proof: Nullable(Type.String({ description: 'What shows it: the words the human sent, for a keyword; the person\'s e-mail, for an agent; the row\'s proof, for an import.' })),
  date: Type.String(),
});

export const consentRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { consent } = services;

  app.get('/v1/humans/:human_id/consent', {
    schema: {
      tags, summary: 'A human\'s consent: every opt-in and opt-out per channel family, oldest first, and the newest per family',
      params: IdParam('human_id', 'human'),
      response: { 200: Type.Object({ humanId: Type.Integer(), current: Type.Array(ConsentEvent), events: Type.Array(ConsentEvent) }), ...errorResponses(403, 404) },
    },
  }, async (req) => consent.ofHuman(req.accountId, req.params.human_id));

  app.get('/v1/consent/export', {
    schema: {
      tags, summary: 'The account\'s consent ledger over a range of days, as CSV (RFC 4180), for an audit',
      querystring: Type.Object({
        from: Type.Optional(Type.String({ pattern: DAY, maxLength: 10, description: 'First day, UTC (yyyy-mm-dd); by default 29 days before `to`.', [SERVER_RULE]: DATE_RULE })),
        to: Type.Optional(Type.String({ pattern: DAY, maxLength: 10, description: 'Last day, inclusive, UTC; by default today (or 29 days after `from`, up to today), as analytics ranges.', [SERVER_RULE]: `${DATE_RULE} Not before \`from\`; at most ${MAX_RANGE_DAYS} days from \`from\` to \`to\` (422).` })),
      }),
      response: { 200: { description: 'text/csv; charset=utf-8: date, humanId, family, state, source, channelId, proof', content: { 'text/csv': { schema: Type.String() } } }, ...errorResponses(422) },
    },
  }, async (req, reply) => {
    const range = consent.range(req.query.from, req.query.to);
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="parley-consent-${range.from}-${range.to}.csv"`)
      // The document's string, sent a page at a time (the typed reply knows bodies only as whole strings).
      .send(Readable.from(consent.csv(req.accountId, range)) as never);
  });
};
