// Appends an audit entry for every change a member or a token makes through /v1: who, with which credential, what,
// which fields (never their values), from where. Written before the answer leaves, so a client that got it can read it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuditChange, AuditService } from '../../services/index.js';
import { ACCESS_RULES, routeKey } from '../access-rules.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * What a route says of its change beyond what its path and fields say: a precise action ("take-over", which a
     * field's value decides and the log never keeps), the name of what it changed. Null: the path says it all.
     */
    auditDetail: { action?: string; name?: string | null } | null;
    /** The changed resource's name before the change (read ahead of a rename or a deletion); null: none known. */
    auditName: string | null;
  }
}

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

/** The name an answer gives what it made or changed: a channel's or bot's name, a human's, an invited member's. */
function nameIn(body: Record<string, unknown> | null): string | null {
  if (body === null) return null;
  const member = body.member as Record<string, unknown> | undefined;
  const person = [body.firstName, body.lastName].filter((v) => typeof v === 'string' && v !== '').join(' ');
  const name = body.name ?? body.title ?? (person === '' ? undefined : person) ?? member?.name ?? member?.email ?? body.url;
  return typeof name === 'string' && name !== '' ? name : null;
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
  const answer = parsed(payload);
  return {
    action: request.auditDetail?.action ?? action,
    resource: RESOURCE_OF[resource] ?? resource,
    resourceId: firstParam !== undefined && resource !== 'invitations' ? String(params[firstParam.slice(1)]) : idIn(answer),
    // A human's name is never kept (the log outlives an erasure): humans and conversations are named when read.
    resourceName: resource === 'humans' || resource === 'conversations' ? null : request.auditDetail?.name ?? request.auditName ?? nameIn(answer),
    fields: typeof body === 'object' && body !== null && !Array.isArray(body) ? Object.keys(body).sort() : [],
    method: request.method,
    route: url,
    status,
    address: request.ip,
  };
}

/** A change the log records: not a route that only reads, though by POST (a lint), nor one every member may make of their own. */
function audited(method: string, url: string): boolean {
  if (!CHANGES.has(method)) return false;
  const rule = ACCESS_RULES[routeKey(method, url)];
  return !(rule === 'any' || rule?.endsWith(':read') === true);
}

export default fp<{ audit: AuditService }>(async (app: FastifyInstance, { audit }) => {
  app.decorateRequest('auditDetail', null);
  app.decorateRequest('auditName', null);
  // The name of what a change names by id, read before the handler renames or deletes it.
  app.addHook('preHandler', async (request) => {
    const principal = request.principal ?? null;
    const url = request.routeOptions.url;
    if (principal === null || url === undefined || !audited(request.method, url)) return;
    const segments = url.split('/').slice(2);
    const param = segments[1]?.startsWith(':') === true ? segments[1].slice(1) : undefined;
    const id = param === undefined ? undefined : (request.params as Record<string, unknown> | undefined)?.[param];
    if (id === undefined || (typeof id !== 'string' && typeof id !== 'number')) return;
    try {
      request.auditName = await audit.nameOf(principal.accountId, segments[0] ?? '', String(id));
    } catch (err) {
      request.log.warn({ err, route: url }, 'the name of a changed resource could not be read for the audit log');
    }
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // Routes registered before the auth plugin (the API reference at /docs) lack the decoration: undefined, not null.
    const principal = request.principal ?? null;
    const url = request.routeOptions.url;
    if (principal === null || url === undefined || !audited(request.method, url) || reply.statusCode >= 400) return payload;
    try {
      await audit.record(principal, describeChange(request, url, reply.statusCode, payload));
    } catch (err) {
      // The change itself is done and committed: the answer says so, and the missing entry is logged loudly.
      request.log.error({ err, route: url }, 'the audit entry of a change could not be written');
    }
    return payload;
  });
}, { name: 'parley-audit', dependencies: ['parley-authorize'] });
