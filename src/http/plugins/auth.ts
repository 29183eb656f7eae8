// Authentication for every /v1 route not marked public: a bearer token, or the console's session cookie (CSRF-checked); sets request.principal.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ForbiddenError, UnauthorizedError } from '../../errors.js';
import type { MemberService, Principal, SessionService, TokenService } from '../../services/index.js';
import { CSRF_HEADER, readCookie, SESSION_COOKIE } from '../cookies.js';

declare module 'fastify' {
  interface FastifyRequest {
    accountId: number;
    /** Who the request acts as; null on public routes. Authorization (plugins/authorize.ts) checks it. */
    principal: Principal | null;
    /** The console session the request came with; null for a bearer token. */
    sessionId: string | null;
  }
  interface FastifyContextConfig { public?: boolean }
}

/** Methods that change nothing, so a session cookie alone authenticates them. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

export default fp<{ tokens: TokenService; sessions: SessionService; members: MemberService }>(async (app: FastifyInstance, opts) => {
  app.decorateRequest('accountId', 0);
  app.decorateRequest('principal', null);
  app.decorateRequest('sessionId', null);
  app.addHook('preValidation', async (request) => {
    // Only the /v1 API authenticates; unknown routes (404), pages and routes marked public need nothing.
    const url = request.routeOptions.url;
    if (url === undefined || !url.startsWith('/v1/') || request.routeOptions.config.public === true) return;
    // A request with an Authorization header is a script's: the header alone decides, whatever cookies come with it.
    if (request.headers.authorization !== undefined) {
      const token = bearerToken(request);
      if (token === null) throw new UnauthorizedError();
      const principal = await opts.tokens.authenticate(token);
      request.principal = principal;
      request.accountId = principal.accountId;
      return;
    }
    const cookie = readCookie(request, SESSION_COOKIE);
    if (cookie === null) throw new UnauthorizedError();
    const session = await opts.sessions.authenticate(cookie);
    // A browser sends the cookie on any request to this site; only the console's own pages can read the CSRF token to repeat it.
    if (!SAFE_METHODS.has(request.method)) {
      const header = request.headers[CSRF_HEADER];
      if (!opts.sessions.csrfMatches(session, typeof header === 'string' ? header : undefined)) {
        throw new ForbiddenError(`A request signed in by the session cookie must repeat the CSRF token in the ${CSRF_HEADER} header.`);
      }
    }
    // The member's role is read afresh: a role changed or a member removed since sign-in counts at once.
    const principal = session.memberId === null ? null : await opts.members.sessionPrincipal(session.memberId, session.sessionId);
    if (principal === null || principal.accountId !== session.accountId) throw new UnauthorizedError('The session is not valid any more; sign in again.');
    request.principal = principal;
    request.accountId = principal.accountId;
    request.sessionId = session.sessionId;
  });
}, { name: 'parley-auth' });
