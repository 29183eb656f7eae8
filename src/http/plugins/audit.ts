// Appends an audit entry for every change a member or a token makes through /v1: who, with which credential, what,
// which fields (never their values), from where. Written before the answer leaves, so a client that got it can read it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuditChange, AuditService } from '../../services/index.js';
import { ACCESS_RULES, routeKey } from '../access-rules.js';

const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Actions named by a route's last segment, by method where the method matters. */
const VERBS: Record<string, string | Record<string, string>> = { links: { POST: 'link', DELETE: 'unlink' } };
const BY_METHOD: Record<string, string> = { POST: 'create', PUT: 'update', PATCH: 'update', DELETE: 'delete' };
/** What a few routes change, where their path's first segment says it less well. */
const RESOURCE_OF: Record<string, string> = { invitations: 'members' };

function parsed(payload: unknown): Record<string, unknown> | null {
  if (typeof payload !== 'string') return null;
  try {
    const value: unknown = JSON.parse(payload);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value as Record<string, unknown> : null;
  } catch {
    return null;
  }
}

function idIn(body: Record<string, unknown> | null): string | null {
  if (body === null) return null;
  const member = body.member as Record<string, unknown> | undefined;
  const id = body.id ?? member?.id ?? body.batchId;
  return typeof id === 'number' || typeof id === 'string' ? String(id) : null;
}

/** What a successful change request did, read from its route, parameters, body field names and answer. */
export function describeChange(request: FastifyRequest, url: string, status: number, payload: unknown): AuditChange {
  const segments = url.split('/').slice(2);
  const params = (request.params ?? {}) as Record<string, unknown>;
  const firstParam = segments.find((s) => s.startsWith(':'));
  const last = segments[segments.length - 1]!;
  const verb = segments.length > 1 && !last.startsWith(':') ? VERBS[last] ?? last : undefined;
  const action = typeof verb === 'object' ? verb[request.method] ?? last : verb ?? BY_METHOD[request.method] ?? request.method.toLowerCase();
  const body = request.body;
  const resource = segments[0] ?? '';
  return {
    action,
    resource: RESOURCE_OF[resource] ?? resource,
    resourceId: firstParam !== undefined && resource !== 'invitations' ? String(params[firstParam.slice(1)]) : idIn(parsed(payload)),
    fields: typeof body === 'object' && body !== null && !Array.isArray(body) ? Object.keys(body).sort() : [],
    method: request.method,
    route: url,
    status,
    address: request.ip,
  };
}

export default fp<{ audit: AuditService }>(async (app: FastifyInstance, { audit }) => {
  app.addHook('onSend', async (request, reply, payload) => {
    // Routes registered before the auth plugin (the API reference at /docs) lack the decoration: undefined, not null.
    const principal = request.principal ?? null;
    const url = request.routeOptions.url;
    if (principal === null || url === undefined || !CHANGES.has(request.method) || reply.statusCode >= 400) return payload;
    const rule = ACCESS_RULES[routeKey(request.method, url)];
    // Routes that only read, though by POST (a lint).
    if (rule === 'any' || rule?.endsWith(':read') === true) return payload;
    try {
      await audit.record(principal, describeChange(request, url, reply.statusCode, payload));
    } catch (err) {
      // The change itself is done and committed: the answer says so, and the missing entry is logged loudly.
      request.log.error({ err, route: url }, 'the audit entry of a change could not be written');
    }
    return payload;
  });
}, { name: 'parley-audit', dependencies: ['parley-authorize'] });
