// Per-token rate limiting (per client address for requests without a token this server signed), answering 429 with Retry-After.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RateLimitConfig } from '../../config.js';
import { AppError } from '../../errors.js';
import type { TokenService } from '../../services/index.js';
import { bearerToken } from './auth.js';

export default fp<RateLimitConfig & { tokens: TokenService }>(async (app: FastifyInstance, opts) => {
  await app.register(rateLimit, {
    max: opts.max,
    timeWindow: opts.windowMs,
    // Counted by the token's id once its signature checks out (revoked tokens too); a missing or made-up
    // token counts against the client's address, or every invented string would get a fresh allowance.
    keyGenerator: async (request) => {
      const token = bearerToken(request);
      const id = token === null ? null : await opts.tokens.signedId(token);
      return id === null ? `ip:${request.ip}` : `token:${id}`;
    },
    errorResponseBuilder: (_request, context) =>
      new AppError(429, `Rate limit of ${context.max} requests per ${context.after} exceeded; retry in ${Math.ceil(context.ttl / 1000)} s.`),
  });
}, { name: 'parley-rate-limit' });
