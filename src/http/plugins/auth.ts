// Bearer-token authentication for every /v1 route not marked public; sets request.principal (and request.accountId).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { UnauthorizedError } from '../../errors.js';
import type { Principal, TokenService } from '../../services/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    accountId: number;
    /** Who the request acts as; null on public routes. Authorization (plugins/authorize.ts) checks it. */
    principal: Principal | null;
  }
  interface FastifyContextConfig { public?: boolean }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

export default fp<{ tokens: TokenService }>(async (app: FastifyInstance, opts) => {
  app.decorateRequest('accountId', 0);
  app.decorateRequest('principal', null);
  app.addHook('preValidation', async (request) => {
    // Only the /v1 API takes bearer tokens; unknown routes (404), pages and routes marked public need none.
    const url = request.routeOptions.url;
    if (url === undefined || !url.startsWith('/v1/') || request.routeOptions.config.public === true) return;
    const token = bearerToken(request);
    if (token === null) throw new UnauthorizedError();
    const principal = await opts.tokens.authenticate(token);
    request.principal = principal;
    request.accountId = principal.accountId;
  });
}, { name: 'parley-auth' });
