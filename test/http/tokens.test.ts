// API tokens: 401 for missing, invalid and revoked tokens; create/list/revoke; 403 across accounts.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, isErrorObject, type Call } from '../helpers/http.js';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server.js';

describe.each(DATABASES)('tokens on %s', (kind) => {
  let server: TestServer;
  let api: Call;
  let other: Call;

  beforeAll(async () => {
    server = await startTestServer(kind);
    api = client(server.url, (await server.account()).token);
    other = client(server.url, (await server.account()).token);
  });
  afterAll(async () => server?.close());

  it('refuses a missing, malformed or forged token with 401 and the error object', async () => {
    const forged = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setIssuer('parley').setSubject('1').setJti('x')
      .sign(new TextEncoder().encode('not-the-server-secret-not-the-server-secret'));
    const variants: Record<string, string>[] = [{}, { authorization: 'Bearer' }, { authorization: 'Basic abc' }, { authorization: 'Bearer abc.def.ghi' }, { authorization: `Bearer ${forged}` }];
    for (const headers of variants) {
      const res = await client(server.url)('GET', '/v1/channels', undefined, headers);
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(isErrorObject(res.body, 401)).toBe(true);
    }
  });

  it('creates a token shown once, lists it without its value, and revokes it', async () => {
    const created = await api('POST', '/v1/tokens', { name: 'ci' });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(String), name: 'ci', token: expect.any(String), dateCreated: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
      scopes: expect.arrayContaining(['bots:write', 'members:write', 'audit:read']), expiresAt: null, memberId: null,
    });
    const fresh = client(server.url, created.body.token);
    expect((await fresh('GET', '/v1/channels')).status).toBe(200);

    const list = await api('GET', '/v1/tokens');
    expect(list.body.map((t: { id: string }) => t.id)).toContain(created.body.id);
    expect(JSON.stringify(list.body)).not.toContain(created.body.token);

    expect((await api('DELETE', `/v1/tokens/${created.body.id}`)).body).toEqual({});
    const revoked = await fresh('GET', '/v1/channels');
    expect(revoked.status).toBe(401);
    expect(revoked.body.description).toContain('revoked');
    expect((await api('GET', '/v1/tokens')).body.map((t: { id: string }) => t.id)).not.toContain(created.body.id);
  });

  it('stores only the jti and a hash of each token', async () => {
    const created = (await api('POST', '/v1/tokens', {})).body;
    expect(created.name).toBe('API token');
    const row = await server.store.db.selectFrom('api_tokens').selectAll().where('jti', '=', created.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(created.token);
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('accepts a bodiless POST and validates the name', async () => {
    expect((await api('POST', '/v1/tokens')).status).toBe(200);
    expect((await api('POST', '/v1/tokens', { name: 'n'.repeat(101) })).status).toBe(422);
  });

  it('answers 403 when revoking another account\'s token and 404 for an unknown one', async () => {
    const theirs = (await other('POST', '/v1/tokens', { name: 'theirs' })).body;
    expect((await api('DELETE', `/v1/tokens/${theirs.id}`)).status).toBe(403);
    expect((await client(server.url, theirs.token)('GET', '/v1/channels')).status).toBe(200);
    expect((await api('DELETE', '/v1/tokens/00000000-0000-0000-0000-000000000000')).status).toBe(404);
  });
});
