// Per-token rate limiting (per client address without a token), answering 429 with Retry-After.
import crypto from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RateLimitConfig } from '../../config.js';
import { AppError } from '../../errors.js';
import { bearerToken } from './auth.js';

export default fp<RateLimitConfig>(async (app: FastifyInstance, opts) => {
  await app.register(rateLimit, {
    max: opts.max,
    timeWindow: opts.windowMs,
    keyGenerator: (request) => {
      const token = bearerToken(request);
      return token === null ? `ip:${request.ip}` : `token:${crypto.createHash('sha256').update(token).digest('base64url').slice(0, 22)}`;
    },
    errorResponseBuilder: (_request, context) =>
      new AppError(429, `Rate limit of ${context.max} requests per ${context.after} exceeded; retry in ${Math.ceil(context.ttl / 1000)} s.`),
  });
}, { name: 'parley-rate-limit' });
