// Console sessions: sign-in cookies, CSRF on cookie-authenticated changes, listing and revoking, password change, throttled failures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, isErrorObject } from '../helpers/http.js';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server.js';

const PASSWORD = 'correct horse battery';

interface Browser { cookie: string; csrf: string; sessionId: string }

function cookiesOf(res: Response): string[] {
  return res.headers.getSetCookie();
}

async function signIn(url: string, email: string, password = PASSWORD): Promise<Browser> {
  const res = await fetch(`${url}/v1/sessions`, { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': 'test-browser' }, body: JSON.stringify({ email, password }) });
  expect(res.status).toBe(200);
  const body = await res.json() as { csrfToken: string; session: { id: string } };
  const cookie = cookiesOf(res).map((c) => c.split(';')[0]).join('; ');
  return { cookie, csrf: body.csrfToken, sessionId: body.session.id };
}

describe.each(DATABASES)('sessions on %s', (kind) => {
  let server: TestServer;
  let email: string;
  let token: string;

  const call = (b: Browser | null, method: string, path: string, body?: unknown, csrf?: string | null) =>
    client(server.url)(method, path, body, {
      ...(b ? { cookie: b.cookie } : {}),
      ...(csrf === null ? {} : b ? { 'x-csrf-token': csrf ?? b.csrf } : {}),
    });

  beforeAll(async () => {
    server = await startTestServer(kind);
    email = `console-${kind}@example.com`;
    token = (await server.account(email)).token;
  });
  afterAll(async () => server?.close());

  it('signs in into an httpOnly, SameSite=Strict session cookie and a CSRF cookie; a wrong password is a 401', async () => {
    const wrong = await fetch(`${server.url}/v1/sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'nope nope nope' }) });
    expect(wrong.status).toBe(401);
    expect(isErrorObject(await wrong.json(), 401)).toBe(true);

    const res = await fetch(`${server.url}/v1/sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: email.toUpperCase(), password: PASSWORD }) });
    expect(res.status).toBe(200);
    const body = await res.json() as { csrfToken: string; account: { email: string }; session: { current: boolean } };
    expect(body.account.email).toBe(email);
    expect(body.session.current).toBe(true);
    const [session, csrf] = cookiesOf(res);
    expect(session).toMatch(/^parley_session=[^;]{20,}; Path=\/; Expires=.+; SameSite=Strict; HttpOnly$/);
    expect(csrf).toBe(`parley_csrf=${body.csrfToken}; Path=/; Expires=${/Expires=([^;]+)/.exec(csrf!)![1]}; SameSite=Strict`);
    expect(session).not.toContain('Secure');
  });

  it("acts as the signed-in member's role: an agent answers conversations but may not write bots, and a removed member's session ends", async () => {
    const owner = client(server.url, token);
    const agentEmail = `agent-${kind}@example.com`;
    const invited = await owner('POST', '/v1/members', { email: agentEmail, role: 'agent' });
    expect(invited.status).toBe(200);
    const secret = String(invited.body.inviteUrl).split('/').pop()!;
    expect((await client(server.url)('POST', `/v1/invitations/${secret}/accept`, { password: 'an agent password' })).status).toBe(200);
    const agent = await signIn(server.url, agentEmail, 'an agent password');
    expect((await call(agent, 'GET', '/v1/conversations')).status).toBe(200);
    const refused = await call(agent, 'POST', '/v1/bots', { name: 'not mine to write', interactions: [] });
    expect(refused.status).toBe(403);
    expect(isErrorObject(refused.body, 403)).toBe(true);
    // The agent's own sessions only.
    const listed = await call(agent, 'GET', '/v1/sessions');
    expect(listed.body.map((s: { id: string }) => s.id)).toEqual([agent.sessionId]);
    expect((await owner('DELETE', `/v1/members/${invited.body.member.id}`)).status).toBe(200);
    expect((await call(agent, 'GET', '/v1/conversations')).status).toBe(401);
  });

  it('refuses a request without a session or token (401), and a cookie-authenticated change without the CSRF token (403)', async () => {
    const none = await call(null, 'GET', '/v1/channels');
    expect(none.status).toBe(401);
    expect(isErrorObject(none.body, 401)).toBe(true);
    expect((await call({ cookie: 'parley_session=made-up', csrf: 'x', sessionId: '' }, 'GET', '/v1/channels')).status).toBe(401);

    const b = await signIn(server.url, email);
    expect((await call(b, 'GET', '/v1/tokens', undefined, null)).status).toBe(200);
    const withoutCsrf = await call(b, 'POST', '/v1/tokens', { name: 'x' }, null);
    expect(withoutCsrf.status).toBe(403);
    expect(withoutCsrf.body.description).toContain('x-csrf-token');
    expect((await call(b, 'POST', '/v1/tokens', { name: 'x' }, 'not-the-token')).status).toBe(403);
    // Another session's CSRF token does not fit this one.
    const other = await signIn(server.url, email);
    expect((await call(b, 'POST', '/v1/tokens', { name: 'x' }, other.csrf)).status).toBe(403);
    expect((await call(b, 'POST', '/v1/tokens', { name: 'x' })).status).toBe(200);
  });

  it('leaves bearer tokens as they were: no CSRF token needed, a bad token is a 401 even with a good cookie', async () => {
    const api = client(server.url, token);
    expect((await api('POST', '/v1/tokens', { name: 'script' })).status).toBe(200);
    const b = await signIn(server.url, email);
    expect((await client(server.url, 'made.up.token')('GET', '/v1/channels', undefined, { cookie: b.cookie })).status).toBe(401);
  });

  it('lists sessions, marks the current one, stores them hashed, and signs out by revoking', async () => {
    const b = await signIn(server.url, email);
    const list = await call(b, 'GET', '/v1/sessions');
    expect(list.status).toBe(200);
    const mine = list.body.find((s: { id: string }) => s.id === b.sessionId);
    expect(mine).toMatchObject({ current: true, userAgent: 'test-browser', address: expect.any(String) });
    expect(list.body.filter((s: { current: boolean }) => s.current)).toHaveLength(1);

    const cookieValue = decodeURIComponent(b.cookie.split('; ')[0]!.split('=')[1]!);
    const row = await server.store.db.selectFrom('sessions').selectAll().where('id', '=', b.sessionId).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(cookieValue);
    expect(JSON.stringify(row)).not.toContain(b.csrf);
    // The account's e-mail signs in as its first owner: the session is that member's.
    const owner = await server.store.db.selectFrom('members').select('id').where('account_id', '=', row.account_id).where('role', '=', 'owner').executeTakeFirstOrThrow();
    expect(row.member_id).toBe(owner.id);

    const out = await call(b, 'DELETE', '/v1/sessions/current');
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().every((c) => c.includes('Expires=Thu, 01 Jan 1970'))).toBe(true);
    expect((await call(b, 'GET', '/v1/sessions')).status).toBe(401);
    expect((await client(server.url, token)('GET', '/v1/sessions')).body.map((s: { id: string }) => s.id)).not.toContain(b.sessionId);
  });

  it('revokes another session by id; another account\'s session is a 403, an unknown one a 404', async () => {
    const a = await signIn(server.url, email);
    const b = await signIn(server.url, email);
    expect((await call(a, 'DELETE', `/v1/sessions/${b.sessionId}`)).status).toBe(200);
    expect((await call(b, 'GET', '/v1/sessions')).status).toBe(401);
    const stranger = await server.account();
    const strangerEmail = (await server.store.db.selectFrom('accounts').select('email').where('id', '=', stranger.accountId).executeTakeFirstOrThrow()).email;
    const s = await signIn(server.url, strangerEmail);
    expect((await call(a, 'DELETE', `/v1/sessions/${s.sessionId}`)).status).toBe(403);
    expect((await call(a, 'DELETE', '/v1/sessions/00000000-0000-0000-0000-000000000000')).status).toBe(404);
  });

  it('changes the password: the current one is checked, other sessions are signed out, this one stays', async () => {
    const fresh = await server.account();
    const freshEmail = (await server.store.db.selectFrom('accounts').select('email').where('id', '=', fresh.accountId).executeTakeFirstOrThrow()).email;
    const a = await signIn(server.url, freshEmail);
    const b = await signIn(server.url, freshEmail);
    expect((await call(a, 'PUT', '/v1/account/password', { currentPassword: 'wrong wrong', newPassword: 'a new password' })).status).toBe(403);
    expect((await call(a, 'PUT', '/v1/account/password', { currentPassword: PASSWORD, newPassword: 'short' })).status).toBe(422);
    expect((await call(a, 'PUT', '/v1/account/password', { currentPassword: PASSWORD, newPassword: 'a new password' })).status).toBe(200);
    expect((await call(a, 'GET', '/v1/sessions')).status).toBe(200);
    expect((await call(b, 'GET', '/v1/sessions')).status).toBe(401);
    await signIn(server.url, freshEmail, 'a new password');
  });

  it('throttles failed sign-ins per e-mail and address with a 429 and Retry-After; other e-mails are not held up', async () => {
    const fresh = await server.account();
    const freshEmail = (await server.store.db.selectFrom('accounts').select('email').where('id', '=', fresh.accountId).executeTakeFirstOrThrow()).email;
    const attempt = (password: string, who = freshEmail) => fetch(`${server.url}/v1/sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: who, password }) });
    for (let i = 0; i < 5; i++) expect((await attempt('wrong password')).status).toBe(401);
    const held = await attempt(PASSWORD);
    expect(held.status).toBe(429);
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = await held.json() as { description: string };
    expect(body.description).toMatch(/try again in \d+ s/);
    await signIn(server.url, email);
  });
});

describe('sessions behind HTTPS', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer('sqlite', { PUBLIC_URL: 'https://parley.example.com' }); });
  afterAll(async () => server?.close());

  it('marks both cookies Secure', async () => {
    await server.account('secure@example.com');
    const res = await fetch(`${server.url}/v1/sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'secure@example.com', password: PASSWORD }) });
    expect(res.status).toBe(200);
    expect(cookiesOf(res).every((c) => c.endsWith('; Secure'))).toBe(true);
  });
});
