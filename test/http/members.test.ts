// Members: invitation by e-mail (against the SMTP fake), acceptance with a password, roles, removal; an account keeps an owner.
import net from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeSmtp } from '../fakes/smtp.js';
import { client, isErrorObject, type Call } from '../helpers/http.js';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server.js';

describe.each(DATABASES)('members on %s', (kind) => {
  let server: TestServer;
  let smtp: FakeSmtp;
  let owner: Call;
  let ownerEmail: string;

  /** Invites `email` as `role` through `by`, accepts through the link's token and answers the new member's client. */
  async function join(by: Call, email: string, role: string): Promise<{ api: Call; id: number; token: string }> {
    const invited = await by('POST', '/v1/members', { email, role });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    const secret = String(invited.body.inviteUrl).split('/').pop()!;
    const accepted = await client(server.url)('POST', `/v1/invitations/${secret}/accept`, { password: 'a good password' });
    expect(accepted.status).toBe(200);
    return { api: client(server.url, accepted.body.token.token), id: accepted.body.member.id, token: accepted.body.token.token };
  }

  beforeAll(async () => {
    smtp = new FakeSmtp();
    const smtpUrl = await smtp.start();
    server = await startTestServer(kind, { SMTP_URL: smtpUrl, SMTP_FROM: 'parley@example.com', PUBLIC_URL: 'https://parley.example.com' });
    ownerEmail = `owner-${kind}@example.com`;
    owner = client(server.url, (await server.account(ownerEmail)).token);
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('lists the account\'s own credential as its first owner', async () => {
    const list = await owner('GET', '/v1/members');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([{ id: expect.any(Number), email: ownerEmail, name: null, role: 'owner', status: 'active', dateCreated: expect.any(String), invitedBy: null, inviteExpiresAt: null }]);
  });

  it('invites by e-mail: the link is mailed and returned, opens a page, and is accepted once with a password', async () => {
    const email = `dev-${kind}@example.com`;
    const invited = await owner('POST', '/v1/members', { email, role: 'developer' });
    expect(invited.status).toBe(200);
    expect(invited.body).toMatchObject({ member: { email, role: 'developer', status: 'invited' }, emailSent: true, emailError: null });
    expect(invited.body.inviteUrl).toMatch(/^https:\/\/parley\.example\.com\/invitations\/[\w-]{30,}$/);

    const mail = await smtp.mailTo(email);
    expect(mail.text).toContain(invited.body.inviteUrl);
    expect(mail.text).toContain('developer');

    const secret = String(invited.body.inviteUrl).split('/').pop()!;
    const anon = client(server.url);
    const page = await anon('GET', `/invitations/${secret}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect((await anon('GET', `/v1/invitations/${secret}`)).body).toEqual({ email, role: 'developer', expiresAt: expect.any(String) });

    expect((await anon('POST', `/v1/invitations/${secret}/accept`, { password: 'short' })).status).toBe(422);
    const accepted = await anon('POST', `/v1/invitations/${secret}/accept`, { password: 'a good password' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.member).toMatchObject({ email, role: 'developer', status: 'active' });
    expect(accepted.body.token.scopes).toContain('bots:write');
    expect(accepted.body.token.scopes).not.toContain('members:write');
    expect((await anon('POST', `/v1/invitations/${secret}/accept`, { password: 'a good password' })).status).toBe(404);

    const dev = client(server.url, accepted.body.token.token);
    expect((await dev('GET', '/v1/bots')).status).toBe(200);
    const refused = await dev('POST', '/v1/members', { email: 'x@example.com', role: 'viewer' });
    expect(refused.status).toBe(403);
    expect(isErrorObject(refused.body, 403)).toBe(true);
    // What the console's sign-in and its sessions use.
    const signedIn = await server.services.members.verifyCredentials(email, 'a good password');
    expect(signedIn).toMatchObject({ role: 'developer', memberId: accepted.body.member.id, email, tokenId: null });
    expect(await server.services.members.verifyCredentials(email, 'a wrong password')).toBeNull();
    expect(await server.services.members.sessionPrincipal(accepted.body.member.id, 's1')).toMatchObject({ role: 'developer', sessionId: 's1' });
    expect(await server.services.members.sessionPrincipal(invited.body.member.id + 1000, 's1')).toBeNull();
  });

  it('refuses an e-mail that is already a member, and an unknown role', async () => {
    expect((await owner('POST', '/v1/members', { email: ownerEmail, role: 'viewer' })).status).toBe(409);
    expect((await owner('POST', '/v1/members', { email: 'r@example.com', role: 'boss' })).status).toBe(422);
  });

  it('changes roles; the last owner can be neither demoted nor removed (409), another owner can', async () => {
    const ownerId = (await owner('GET', '/v1/members')).body.find((m: { email: string }) => m.email === ownerEmail).id;
    const demote = await owner('PATCH', `/v1/members/${ownerId}`, { role: 'admin' });
    expect(demote.status).toBe(409);
    expect(demote.body.description).toContain('last owner');
    expect((await owner('DELETE', `/v1/members/${ownerId}`)).status).toBe(409);

    const second = await join(owner, `owner2-${kind}@example.com`, 'owner');
    expect((await second.api('PATCH', `/v1/members/${ownerId}`, { role: 'admin' })).body).toMatchObject({ role: 'admin' });
    // Now the second is the last owner.
    expect((await second.api('DELETE', `/v1/members/${second.id}`)).status).toBe(409);
    expect((await second.api('PATCH', `/v1/members/${ownerId}`, { role: 'owner' })).body.role).toBe('owner');
  });

  it('lets exactly one of two owners demoting each other at once win; the other gets 409', async () => {
    const a = await join(owner, `race-a-${kind}@example.com`, 'owner');
    const b = await join(owner, `race-b-${kind}@example.com`, 'owner');
    // Leave a and b as the only two owners.
    const others = (await owner('GET', '/v1/members')).body.filter((m: { role: string; id: number }) => m.role === 'owner' && m.id !== a.id && m.id !== b.id);
    for (const m of others) expect((await a.api('PATCH', `/v1/members/${m.id}`, { role: 'admin' })).status).toBe(200);
    const [ab, ba] = await Promise.all([a.api('PATCH', `/v1/members/${b.id}`, { role: 'admin' }), b.api('PATCH', `/v1/members/${a.id}`, { role: 'admin' })]);
    // The loser is refused: 409 when it read the account before the winner's change committed, 403 when it was
    // already an admin by the time it asked.
    expect([ab.status, ba.status].filter((st) => st === 200)).toHaveLength(1);
    expect([ab.status, ba.status].filter((st) => st === 409 || st === 403)).toHaveLength(1);
    const owners = (await a.api('GET', '/v1/members')).body.filter((m: { role: string }) => m.role === 'owner');
    expect(owners).toHaveLength(1);
    // Hand the account back to the first owner for the tests that follow.
    const winner = ab.status === 200 ? a : b;
    for (const m of others) expect((await winner.api('PATCH', `/v1/members/${m.id}`, { role: 'owner' })).status).toBe(200);
  });

  it('accepts an invitation once even when two acceptances race', async () => {
    const invited = await owner('POST', '/v1/members', { email: `twice-${kind}@example.com`, role: 'viewer' });
    const secret = String(invited.body.inviteUrl).split('/').pop()!;
    const anon = client(server.url);
    const both = await Promise.all([1, 2].map(() => anon('POST', `/v1/invitations/${secret}/accept`, { password: 'a good password' })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 404]);
  });

  it('invites an address once when two accounts invite it at the same moment (409 for the other)', async () => {
    const other = client(server.url, (await server.account()).token);
    const email = `wanted-${kind}@example.com`;
    const both = await Promise.all([owner, other].map((api) => api('POST', '/v1/members', { email, role: 'viewer' })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('lets an invitation lapse, and a new invitation replace the old link', async () => {
    const email = `late-${kind}@example.com`;
    const first = await owner('POST', '/v1/members', { email, role: 'viewer' });
    const second = await owner('POST', '/v1/members', { email, role: 'agent' });
    expect(second.status).toBe(200);
    const anon = client(server.url);
    const secretOf = (r: { body: { inviteUrl: string } }) => r.body.inviteUrl.split('/').pop()!;
    expect((await anon('GET', `/v1/invitations/${secretOf(first)}`)).status).toBe(404);
    expect((await anon('GET', `/v1/invitations/${secretOf(second)}`)).body.role).toBe('agent');
    await server.store.db.updateTable('members').set({ invite_expires_at: '2000-01-01T00:00:00.000Z' }).where('email', '=', email).execute();
    const lapsed = await anon('POST', `/v1/invitations/${secretOf(second)}/accept`, { password: 'a good password' });
    expect(lapsed.status).toBe(404);
    expect(lapsed.body.description).toContain('lapsed');
  });

  it('keeps admins below owners: they make no owners and touch none', async () => {
    const admin = await join(owner, `admin-${kind}@example.com`, 'admin');
    expect((await admin.api('POST', '/v1/members', { email: `o3-${kind}@example.com`, role: 'owner' })).status).toBe(403);
    const ownerId = (await owner('GET', '/v1/members')).body.find((m: { email: string }) => m.email === ownerEmail).id;
    expect((await admin.api('DELETE', `/v1/members/${ownerId}`)).status).toBe(403);
    // Nor an owner's pending invitation, by inviting the address again.
    expect((await owner('POST', '/v1/members', { email: `future-owner-${kind}@example.com`, role: 'owner' })).status).toBe(200);
    expect((await admin.api('POST', '/v1/members', { email: `future-owner-${kind}@example.com`, role: 'viewer' })).status).toBe(403);
    const agent = await join(admin.api, `agent-${kind}@example.com`, 'agent');
    expect((await admin.api('PATCH', `/v1/members/${agent.id}`, { role: 'viewer' })).body.role).toBe('viewer');
  });

  it('narrows a demoted member\'s tokens and revokes a removed member\'s', async () => {
    const dev = await join(owner, `dev2-${kind}@example.com`, 'developer');
    expect((await dev.api('POST', '/v1/bots/validate', {})).status).not.toBe(403);
    expect((await dev.api('DELETE', '/v1/bots/999999')).status).toBe(404);
    await owner('PATCH', `/v1/members/${dev.id}`, { role: 'viewer' });
    expect((await dev.api('DELETE', '/v1/bots/999999')).status).toBe(403);
    expect((await dev.api('GET', '/v1/bots')).status).toBe(200);
    expect((await owner('GET', '/v1/tokens')).body.find((t: { memberId: number }) => t.memberId === dev.id).scopes).not.toContain('bots:write');

    expect((await owner('DELETE', `/v1/members/${dev.id}`)).body).toEqual({});
    expect((await dev.api('GET', '/v1/bots')).status).toBe(401);
    expect((await owner('GET', `/v1/members/${dev.id}`)).status).toBe(404);
  });

  it('disables a member: no password or session sign-in, tokens revoked, audited; enabling lets them sign in again', async () => {
    const email = `agent-off-${kind}@example.com`;
    const agent = await join(owner, email, 'agent');
    expect(await server.services.members.sessionPrincipal(agent.id, 's-off')).not.toBeNull();

    const disabled = await owner('PATCH', `/v1/members/${agent.id}`, { status: 'disabled' });
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    expect(disabled.body).toMatchObject({ id: agent.id, status: 'disabled', role: 'agent' });
    expect((await agent.api('GET', '/v1/conversations')).status).toBe(401);
    expect(await server.services.members.verifyCredentials(email, 'a good password')).toBeNull();
    expect(await server.services.members.sessionPrincipal(agent.id, 's-off')).toBeNull();
    // The agent's own credential cannot undo it, and a second disable changes nothing.
    expect((await agent.api('PATCH', `/v1/members/${agent.id}`, { status: 'active' })).status).toBe(401);
    expect((await owner('PATCH', `/v1/members/${agent.id}`, { status: 'disabled' })).body.status).toBe('disabled');

    const enabled = await owner('PATCH', `/v1/members/${agent.id}`, { status: 'active' });
    expect(enabled.body).toMatchObject({ id: agent.id, status: 'active' });
    expect(await server.services.members.verifyCredentials(email, 'a good password')).toMatchObject({ memberId: agent.id, role: 'agent' });
    // Tokens revoked by the disable stay revoked.
    expect((await agent.api('GET', '/v1/conversations')).status).toBe(401);

    const audit = await owner('GET', `/v1/audit?resource=members&resource_id=${agent.id}`);
    const said = (audit.body.entries as { summary: string }[]).map((e) => e.summary);
    expect(said).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`disabled member .*${email}`)), expect.stringMatching(new RegExp(`enabled member .*${email}`))]));
  });

  it('refuses to disable oneself, the last active owner or an invitation (409), and lets an agent disable nobody (403)', async () => {
    // A fresh account: its own credential (no member) and its one owner, who joined with the account.
    const fresh = client(server.url, (await server.account()).token);
    expect((await fresh('GET', '/v1/me')).body.memberId).toBeNull();
    const soleOwner = (await fresh('GET', '/v1/members')).body[0] as { id: number; role: string };
    expect(soleOwner.role).toBe('owner');
    const last = await fresh('PATCH', `/v1/members/${soleOwner.id}`, { status: 'disabled' });
    expect(last.status).toBe(409);
    expect(last.body.description).toContain('last active owner');

    const second = await join(fresh, `owner-two-${kind}@example.com`, 'owner');
    const self = await second.api('PATCH', `/v1/members/${second.id}`, { status: 'disabled' });
    expect(self.status).toBe(409);
    expect(isErrorObject(self.body, 409)).toBe(true);
    // With a second owner, the first may be disabled; an admin may not touch an owner at all.
    expect((await second.api('PATCH', `/v1/members/${soleOwner.id}`, { status: 'disabled' })).body.status).toBe('disabled');
    const admin = await join(fresh, `admin-off-${kind}@example.com`, 'admin');
    expect((await admin.api('PATCH', `/v1/members/${second.id}`, { status: 'disabled' })).status).toBe(403);

    const invited = await owner('POST', '/v1/members', { email: `pending-off-${kind}@example.com`, role: 'viewer' });
    const pending = await owner('PATCH', `/v1/members/${invited.body.member.id}`, { status: 'disabled' });
    expect(pending.status).toBe(409);
    expect(pending.body.description).toContain('remove the invitation');

    const agent = await join(owner, `agent-no-${kind}@example.com`, 'agent');
    const viewer = await join(owner, `viewer-on-${kind}@example.com`, 'viewer');
    expect((await agent.api('PATCH', `/v1/members/${viewer.id}`, { status: 'disabled' })).status).toBe(403);
    expect((await owner('PATCH', `/v1/members/${viewer.id}`, { status: 'gone' })).status).toBe(422);
  });

  it('answers 403 for another account\'s member', async () => {
    const other = client(server.url, (await server.account()).token);
    const theirs = (await other('GET', '/v1/members')).body[0].id;
    expect((await owner('GET', `/v1/members/${theirs}`)).status).toBe(403);
    expect((await owner('DELETE', `/v1/members/${theirs}`)).status).toBe(403);
  });

  it('invites without mail when the server has none: the link is still returned, and never logged', async () => {
    let log = '';
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => { log += chunk.toString(); });
    const bare = await startTestServer(kind, { LOG_LEVEL: 'info' }, stream);
    try {
      const api = client(bare.url, (await bare.account()).token);
      const invited = await api('POST', '/v1/members', { email: 'nomail@example.com', role: 'viewer' });
      expect(invited.body).toMatchObject({ emailSent: false, emailError: expect.stringContaining('SMTP_URL') });
      expect(invited.body.inviteUrl).toContain(`${bare.url}/invitations/`);
      const secret = String(invited.body.inviteUrl).split('/').pop()!;
      const anon = client(bare.url);
      expect((await anon('GET', `/invitations/${secret}`)).status).toBe(200);
      expect((await anon('GET', '/invitations/assets/accept.js')).status).toBe(200);
      expect((await anon('GET', `/v1/invitations/${secret}`)).status).toBe(200);
      expect((await anon('POST', `/v1/invitations/${secret}/accept`, { password: 'a good password' })).status).toBe(200);
      expect(log).toContain('/invitations/[redacted]');
      expect(log).toContain('/invitations/assets/accept.js');
      expect(log).not.toContain(secret);
    } finally {
      await bare.close();
    }
  });
});

describe('invitations when the mail server never answers', () => {
  it('answers within the mail wait with the link and why it was not mailed', async () => {
    // Accepts connections and says nothing: no SMTP greeting ever comes.
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => { sockets.push(socket); });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    const server = await startTestServer('sqlite', { SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const api = client(server.url, (await server.account()).token);
      const invited = await api('POST', '/v1/members', { email: 'patient@example.com', role: 'viewer' });
      expect(invited.status).toBe(200);
      expect(invited.body).toMatchObject({ emailSent: false, emailError: expect.stringContaining('did not answer'), inviteUrl: expect.stringContaining('/invitations/') });
    } finally {
      await server.close();
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  }, 60_000);
});
