// The authorization matrix, walked whole: every authenticated route × every role is allowed (never 403, never 5xx) or 403,
// as access-rules.ts and roles.ts say; a route without a rule fails here; docs/security.md shows the same matrix.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATRIX_END, MATRIX_START, renderAccessMatrix } from '../../src/http/access-matrix.js';
import { ACCESS_RULES, routeKey } from '../../src/http/access-rules.js';
import { ROLES, roleScopes, type Requirement, type Role } from '../../src/services/index.js';
import { client, type Call } from '../helpers/http.js';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server.js';

const SECURITY_DOC = 'docs/security.md';

/** A value for each path parameter: ids no account has (so an allowed request ends in 404 or a validation error). */
const PARAM_VALUES: Record<string, string> = { phone_number: '+14155550123', token_id: '00000000-0000-0000-0000-000000000000', revision: '1' };

function fill(url: string): string {
  return url.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(PARAM_VALUES[name] ?? '999999'));
}

function allowed(role: Role | 'no scope', needed: Requirement): boolean {
  if (needed === 'any') return true;
  if (role === 'no scope') return false;
  const scopes = roleScopes(role);
  return scopes.includes(needed) || (needed.endsWith(':read') && scopes.includes(needed.replace(':read', ':write') as typeof needed));
}

it('docs/security.md shows the matrix the code checks (UPDATE_DOCS=1 rewrites it)', () => {
  const doc = fs.readFileSync(SECURITY_DOC, 'utf8');
  const start = doc.indexOf(MATRIX_START);
  const end = doc.indexOf(MATRIX_END);
  expect(start, 'the matrix markers in docs/security.md').toBeGreaterThanOrEqual(0);
  const current = doc.slice(start, end + MATRIX_END.length);
  if (process.env.UPDATE_DOCS === '1' && current !== renderAccessMatrix()) {
    fs.writeFileSync(SECURITY_DOC, doc.slice(0, start) + renderAccessMatrix() + doc.slice(end + MATRIX_END.length));
    return;
  }
  expect(current).toBe(renderAccessMatrix());
});

describe.each(DATABASES)('the access matrix on %s', (kind) => {
  let server: TestServer;
  /** `scopes: []` is a token made with no scope at all: it may call only what any credential may. */
  const principals = new Map<string, { role: Role | 'no scope'; api: Call }>();

  beforeAll(async () => {
    server = await startTestServer(kind);
    const { token } = await server.account();
    const owner = client(server.url, token);
    principals.set('account credential', { role: 'owner', api: owner });
    for (const role of ROLES) {
      const invited = await owner('POST', '/v1/members', { email: `${role}-${kind}-${Date.now()}@example.com`, role });
      const secret = String(invited.body.inviteUrl).split('/').pop()!;
      const accepted = await client(server.url)('POST', `/v1/invitations/${secret}/accept`, { password: 'a good password' });
      expect(accepted.status).toBe(200);
      principals.set(role, { role, api: client(server.url, accepted.body.token.token) });
    }
    const bare = await owner('POST', '/v1/tokens', { name: 'no scope', scopes: [] });
    principals.set('token without scopes', { role: 'no scope', api: client(server.url, bare.body.token) });
  });
  afterAll(async () => server?.close());

  it('has a rule for every authenticated route, and no rule for a route that is gone', () => {
    const routes = server.app.routeEntries.filter((r) => !r.open).map((r) => routeKey(r.method, r.url));
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((r) => !(r in ACCESS_RULES)), 'routes without a rule in src/http/access-rules.ts').toEqual([]);
    expect(Object.keys(ACCESS_RULES).filter((r) => !routes.includes(r)), 'rules of routes that do not exist').toEqual([]);
  });

  it('lists every documented /v1 operation in the route table', async () => {
    const doc = await (await fetch(`${server.url}/v1/openapi.json`)).json() as { paths: Record<string, Record<string, unknown>> };
    const seen = new Set(server.app.routeEntries.map((r) => routeKey(r.method, r.url.replace(/:(\w+)/g, '{$1}'))));
    const documented = Object.entries(doc.paths).filter(([p]) => p.startsWith('/v1/'))
      .flatMap(([p, ops]) => Object.keys(ops).map((m) => routeKey(m, p)));
    expect(documented.filter((r) => !seen.has(r))).toEqual([]);
  });

  it('answers every route × role with the matrix: allowed (never 403, never 5xx) or 403', async () => {
    const wrong: string[] = [];
    for (const entry of server.app.routeEntries.filter((r) => !r.open)) {
      const needed = ACCESS_RULES[routeKey(entry.method, entry.url)]!;
      for (const [name, { role, api }] of principals) {
        const body = ['POST', 'PUT', 'PATCH'].includes(entry.method) ? {} : undefined;
        const res = await api(entry.method, fill(entry.url), body);
        const ok = allowed(role, needed) ? res.status !== 403 && res.status < 500 : res.status === 403;
        if (!ok) wrong.push(`${entry.method} ${entry.url} as ${name}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
