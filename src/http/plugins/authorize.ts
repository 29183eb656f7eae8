// Authorization: after authentication, every /v1 route's requirement (access-rules.ts) is checked against the principal.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ALL_SCOPES, authorize, type Requirement } from '../../services/index.js';
import { ACCESS_RULES, routeKey } from '../access-rules.js';

/** A route nobody wrote a rule for is open only to a credential holding every scope: it fails closed. */
const UNLISTED: readonly Requirement[] = ALL_SCOPES;

export function requirementsOf(method: string, url: string): readonly Requirement[] {
  const rule = ACCESS_RULES[routeKey(method, url)];
  return rule === undefined ? UNLISTED : [rule];
}

export default fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    const principal = request.principal;
    const url = request.routeOptions.url;
    if (principal === null || url === undefined) return;
    for (const needed of requirementsOf(request.method === 'HEAD' ? 'GET' : request.method, url)) authorize(principal, needed);
  });
}, { name: 'parley-authorize', dependencies: ['parley-auth'] });
