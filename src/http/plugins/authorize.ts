// Authorization: after authentication, every /v1 route's requirement (access-rules.ts) is checked against the principal.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ALL_SCOPES, authorize, type Requirement } from '../../services/index.js';
import { ACCESS_RULES, routeKey } from '../access-rules.js';

/** A route nobody wrote a rule for is open only to a credential holding every scope: it fails closed. */
const UNLISTED: readonly Requirement[] = ALL_SCOPES;

/** A route as authorization sees it: the matrix test walks these. */
export interface RouteEntry {
  method: string;
  url: string;
  /** Marked public (no credential), or outside /v1 (pages, provider webhooks): no principal to check. */
  open: boolean;
}

declare module 'fastify' {
  interface FastifyInstance { routeEntries: RouteEntry[] }
}

export function requirementsOf(method: string, url: string): readonly Requirement[] {
  const rule = ACCESS_RULES[routeKey(method, url)];
  return rule === undefined ? UNLISTED : [rule];
}

export default fp(async (app: FastifyInstance) => {
  const entries: RouteEntry[] = [];
  app.decorate('routeEntries', entries);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const open = !route.url.startsWith('/v1/') || (route.config as { public?: boolean } | undefined)?.public === true;
    for (const method of methods) {
      if (method === 'HEAD') continue;
      entries.push({ method, url: route.url, open });
      if (!open && ACCESS_RULES[routeKey(method, route.url)] === undefined) {
        app.log.warn(`${method} ${route.url} has no rule in src/http/access-rules.ts: only a credential with every scope may call it`);
      }
    }
  });
  app.addHook('preValidation', async (request) => {
    // Routes registered before the auth plugin (the API reference at /docs) lack the decoration: undefined, not null.
    const principal = request.principal ?? null;
    const url = request.routeOptions.url;
    if (principal === null || url === undefined) return;
    for (const needed of requirementsOf(request.method === 'HEAD' ? 'GET' : request.method, url)) authorize(principal, needed);
  });
}, { name: 'parley-authorize', dependencies: ['parley-auth'] });
