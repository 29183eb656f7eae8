// The console's first run: while the server has no account, the owner is made in the browser, from this host or with the
// setup code the server prints; never again once an account exists. And an invited member lands signed in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupCode } from '../../src/services/first-run.js';
import { loadServerSecrets } from '../../src/security/index.js';
import { client } from '../helpers/http.js';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server.js';

/** The cookies a response sets, as a Cookie header for the next request. */
function cookiesOf(headers: Headers): string {
  return headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

describe.each(DATABASES)('the first run on %s', (kind) => {
  let server: TestServer;
  const anonymous = () => client(server.url);
  // Through a proxy (or from another host), the request is not local: the code is needed.
  const remote = { 'x-forwarded-for': '203.0.113.9' };

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => server?.close());

  it('asks for the setup code from another host, makes the owner with it and signs them in; then never again', async () => {
    expect((await anonymous()('GET', '/v1/setup')).body).toEqual({ needed: true, codeRequired: false });
    expect((await anonymous()('GET', '/v1/setup', undefined, remote)).body).toEqual({ needed: true, codeRequired: true });
    const owner = { email: 'Owner@Example.com', password: 'a long password', name: 'Olga' };
    const refused = await anonymous()('POST', '/v1/setup', owner, remote);
    expect(refused.status).toBe(403);
    expect(refused.body.description).toContain('setup code');
    expect((await anonymous()('POST', '/v1/setup', { ...owner, code: 'AAAA-BBBB-CCCC' }, remote)).status).toBe(403);
    const code = setupCode(loadServerSecrets(server.config).jwtSecret);
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);

    // Two browsers at once: one owner.
    const [a, b] = await Promise.all([
      anonymous()('POST', '/v1/setup', { ...owner, code: code.toLowerCase() }, remote),
      anonymous()('POST', '/v1/setup', { email: 'other@example.com', password: 'a long password' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const won = a.status === 200 ? a : b;
    const cookie = cookiesOf(won.headers);
    expect(cookie).toContain('parley_session=');
    const me = await anonymous()('GET', '/v1/me', undefined, { cookie });
    expect(me.body).toMatchObject({ role: 'owner', email: a.status === 200 ? 'owner@example.com' : 'other@example.com' });
    expect((await anonymous()('GET', '/v1/setup', undefined, remote)).body).toEqual({ needed: false, codeRequired: false });
    expect((await anonymous()('POST', '/v1/setup', { email: 'late@example.com', password: 'a long password' })).status).toBe(409);
    expect((await anonymous()('POST', '/v1/setup', { email: 'late@example.com', password: 'a long password', code }, remote)).status).toBe(409);
    const audit = await anonymous()('GET', '/v1/audit', undefined, { cookie });
    expect(audit.body.entries.map((e: { summary: string }) => e.summary).reverse().slice(0, 2)).toEqual([
      `${a.status === 200 ? 'Olga' : 'other@example.com'} created the account and its first owner in the browser`,
      `${a.status === 200 ? 'Olga' : 'other@example.com'} signed in`,
    ]);
  });

  it('lands an invited member signed in on the console, with the name they gave and no token shown', async () => {
    const { token } = await server.account();
    const invited = await client(server.url, token)('POST', '/v1/members', { email: `new-${kind}@example.com`, role: 'agent' });
    const secret = String(invited.body.inviteUrl).split('/').pop()!;
    const accepted = await anonymous()('POST', `/v1/invitations/${secret}/accept`, { password: 'a long password', name: 'Nia', signIn: true });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ member: { name: 'Nia', role: 'agent', status: 'active' }, token: null });
    const me = await anonymous()('GET', '/v1/me', undefined, { cookie: cookiesOf(accepted.headers) });
    expect(me.body).toMatchObject({ name: 'Nia', role: 'agent', email: `new-${kind}@example.com` });
  });
});
