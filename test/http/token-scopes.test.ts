// Scoped API tokens: a token does only what its scopes say, never more than its creator holds (422), and lapses at its expiry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Call } from '../helpers/http.js';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server.js';

describe.each(DATABASES)('token scopes on %s', (kind) => {
  let server: TestServer;
  let owner: Call;

  async function member(role: string): Promise<{ api: Call; id: number }> {
    const invited = await owner('POST', '/v1/members', { email: `${role}-${Math.random().toString(36).slice(2)}@example.com`, role });
    const secret = String(invited.body.inviteUrl).split('/').pop()!;
    const accepted = await client(server.url)('POST', `/v1/invitations/${secret}/accept`, { password: 'a good password' });
    return { api: client(server.url, accepted.body.token.token), id: accepted.body.member.id };
  }

  async function tokenFor(by: Call, body: Record<string, unknown>): Promise<Call> {
    const created = await by('POST', '/v1/tokens', body);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return client(server.url, created.body.token);
  }

  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = client(server.url, (await server.account()).token);
  });
  afterAll(async () => server?.close());

  it('lets a token do what its scopes say and nothing else; a write scope also reads', async () => {
    const reader = await tokenFor(owner, { name: 'reader', scopes: ['bots:read'] });
    expect((await reader('GET', '/v1/bots')).status).toBe(200);
    const write = await reader('POST', '/v1/bots', { name: 'b', interactions: [] });
    expect(write.status).toBe(403);
    expect(write.body.description).toContain('bots:write');
    expect((await reader('GET', '/v1/channels')).status).toBe(403);
    // What every credential may read.
    expect((await reader('GET', '/v1/channels/types')).status).toBe(200);

    const writer = await tokenFor(owner, { scopes: ['bots:write'] });
    expect((await writer('GET', '/v1/bots')).status).toBe(200);
    expect((await writer('POST', '/v1/bots', { name: 'b', interactions: [] })).status).toBe(200);
    expect((await owner('GET', '/v1/tokens')).body.find((t: { name: string }) => t.name === 'reader').scopes).toEqual(['bots:read']);
    expect((await reader('GET', '/v1/me')).body).toEqual({
      accountId: expect.any(Number), memberId: null, email: null, name: null, role: 'owner', tokenId: expect.any(String), sessionId: null, scopes: ['bots:read'],
    });
  });

  it('refuses unknown scopes and scopes beyond the creator (422)', async () => {
    expect((await owner('POST', '/v1/tokens', { scopes: ['bots:fly'] })).status).toBe(422);
    const dev = await member('developer');
    const beyond = await dev.api('POST', '/v1/tokens', { scopes: ['bots:write', 'members:write'] });
    expect(beyond.status).toBe(422);
    expect(beyond.body.description).toContain('members:write');
    // Not beyond the creating token either: a token that may only make tokens makes no bots:write token.
    const minter = await tokenFor(dev.api, { scopes: ['tokens:write'] });
    expect((await minter('POST', '/v1/tokens', { scopes: ['bots:write'] })).status).toBe(422);
    const made = await minter('POST', '/v1/tokens', {});
    expect(made.body.scopes).toEqual(['tokens:write']);
    // By default a member's token carries the member's role.
    const full = (await dev.api('POST', '/v1/tokens', {})).body;
    expect(full.scopes).toContain('bots:write');
    expect(full.scopes).not.toContain('audit:read');
    expect(full.memberId).toBe(dev.id);
  });

  it('keeps agents and viewers from making tokens, and members to revoking their own', async () => {
    const agent = await member('agent');
    expect((await agent.api('POST', '/v1/tokens', {})).status).toBe(403);
    const dev = await member('developer');
    const ownerToken = (await owner('POST', '/v1/tokens', { name: 'owner-made' })).body;
    expect((await dev.api('DELETE', `/v1/tokens/${ownerToken.id}`)).status).toBe(403);
    const devToken = (await dev.api('POST', '/v1/tokens', {})).body;
    expect((await dev.api('DELETE', `/v1/tokens/${devToken.id}`)).status).toBe(200);
    expect((await owner('DELETE', `/v1/tokens/${ownerToken.id}`)).status).toBe(200);
  });

  it('holds a token to its member\'s current role, even when its scopes did not change', async () => {
    const admin = await member('admin');
    const revoker = await tokenFor(admin.api, { scopes: ['tokens:write'] });
    const first = (await owner('POST', '/v1/tokens', { name: 'owner-made' })).body;
    expect((await revoker('DELETE', `/v1/tokens/${first.id}`)).status).toBe(200);
    await owner('PATCH', `/v1/members/${admin.id}`, { role: 'developer' });
    const second = (await owner('POST', '/v1/tokens', { name: 'owner-made' })).body;
    expect((await revoker('DELETE', `/v1/tokens/${second.id}`)).status).toBe(403);
  });

  it('refuses an expiry in the past and stops taking a token once it has expired', async () => {
    expect((await owner('POST', '/v1/tokens', { expiresAt: '2001-01-01T00:00:00' })).status).toBe(422);
    expect((await owner('POST', '/v1/tokens', { expiresAt: 'next tuesday' })).status).toBe(422);
    const expiresAt = new Date(Date.now() + 1500).toISOString();
    const created = await owner('POST', '/v1/tokens', { name: 'short', expiresAt });
    expect(created.body.expiresAt).toBe(expiresAt.slice(0, 19));
    const short = client(server.url, created.body.token);
    expect((await short('GET', '/v1/bots')).status).toBe(200);
    let last = 200;
    for (let i = 0; i < 100 && last === 200; i++) {
      await new Promise((r) => setTimeout(r, 100));
      last = (await short('GET', '/v1/bots')).status;
    }
    expect(last).toBe(401);
    expect((await short('GET', '/v1/bots')).body.description).toContain('expired');
  });
});
