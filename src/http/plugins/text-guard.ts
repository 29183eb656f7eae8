// Every parsed request (body, query, path) is searched for text no store keeps faithfully before any route sees it: a 400 naming the field.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { BadRequestError } from '../../errors.js';
import { describeBadText, findBadText } from '../../text-guard.js';

export default fp(async (app: FastifyInstance) => {
  // preValidation runs after authentication (also preValidation, registered first) and before the schema,
  // so a caller without a token still gets 401 and the field named is the one the client sent.
  app.addHook('preValidation', async (request) => {
    for (const [where, value] of [['params', request.params], ['query', request.query], ['body', request.body]] as const) {
      const bad = findBadText(value);
      if (bad !== null) throw new BadRequestError(describeBadText(where, bad));
    }
  });
}, { name: 'parley-text-guard' });
