// The console's first run (no credential: no account exists yet): whether to offer it, and making the owner, signed in.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { SignInThrottledError, type Services } from '../../services/index.js';
import { setSessionCookies } from '../cookies.js';
import { errorResponses } from '../schemas/common.js';

const tags = ['Sessions'];
const LOOPBACK = /^(?:127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
/** Headers a reverse proxy adds: behind one, every request reaches the server from a loopback address. */
const FORWARDED = ['forwarded', 'x-forwarded-for', 'x-real-ip', 'x-forwarded-host', 'via'];

/** From this host: the connection's own peer is a loopback address, and no proxy says it passes someone else's request on. */
export function fromThisHost(request: FastifyRequest): boolean {
  return LOOPBACK.test(request.socket.remoteAddress ?? '') && FORWARDED.every((h) => request.headers[h] === undefined);
}

export const setupRoutes: FastifyPluginAsyncTypebox<{ services: Services; publicUrl: string | null }> = async (app, { services, publicUrl }) => {
  const { firstRun } = services;

  app.get('/v1/setup', {
    schema: {
      tags, summary: 'Whether the server waits for its first account (the console then offers to make the owner)', security: [],
      response: {
        200: Type.Object({
          needed: Type.Boolean({ description: 'true while the server has no account.' }),
          codeRequired: Type.Boolean({ description: 'true when this request does not come from the server\'s own host: the setup code printed at start is then needed.' }),
        }),
        ...errorResponses(),
      },
    },
    config: { public: true },
  }, async (req) => firstRun.state({ local: fromThisHost(req) }));

  app.post('/v1/setup', {
    schema: {
      tags, summary: 'Make the first account and its owner, and sign the owner in (only while no account exists: 409 after)', security: [],
      description: 'From another host than the server\'s (or through a proxy) the setup code the server printed at start is needed (403 without it; wrong ones are throttled like failed sign-ins, 429).',
      body: Type.Object({
        email: Type.String({ minLength: 3, maxLength: 254 }),
        password: Type.String({ minLength: 1, maxLength: 1000, description: 'At least 8 characters.' }),
        name: Type.Optional(Type.String({ maxLength: 100, description: 'The owner\'s display name.' })),
        code: Type.Optional(Type.String({ maxLength: 40, description: 'The setup code, from another host.' })),
      }),
      response: {
        200: Type.Object({ account: Type.Object({ id: Type.Integer(), email: Type.String() }), csrfToken: Type.String() }),
        ...errorResponses(403, 409, 413, 422, 429),
      },
    },
    config: { public: true },
  }, async (req, reply) => {
    try {
      const signed = await firstRun.complete(req.body, { address: req.ip, userAgent: req.headers['user-agent'] ?? '', local: fromThisHost(req) });
      setSessionCookies(req, reply, publicUrl, signed);
      return { account: signed.account, csrfToken: signed.csrfToken };
    } catch (error) {
      if (error instanceof SignInThrottledError) reply.header('retry-after', String(error.retryAfterSeconds));
      throw error;
    }
  });
};
