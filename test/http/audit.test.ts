// The audit log: an entry for each kind of change by a member or a token (never a secret's value), filters and pages,
// append-only in the database, and retention by the daily job.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatClient } from '../channels/web/chat-client.js';
import { client, type Call } from '../helpers/http.js';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server.js';

const bot = { name: 'echo', interactions: [{ name: 'hi', intents: ['sys:start'], actions: [{ send: { message: { text: 'Hi there' } } }] }] };

interface Entry { id: number; summary: string; actor: { memberId: number | null; email: string | null; role: string; tokenId: string | null }; action: string; resource: string; resourceId: string | null; fields: string[]; route: string; address: string | null; at: string }

describe.each(DATABASES)('the audit log on %s', (kind) => {
  let server: TestServer;
  let owner: Call;
  let ownerToken: string;

  async function join(role: string, email = `${role}-${kind}@example.com`): Promise<{ api: Call; id: number; tokenId: string; email: string }> {
    const invited = await owner('POST', '/v1/members', { email, role });
    const secret = String(invited.body.inviteUrl).split('/').pop()!;
    const accepted = await client(server.url)('POST', `/v1/invitations/${secret}/accept`, { password: 'a good password' });
    return { api: client(server.url, accepted.body.token.token), id: accepted.body.member.id, tokenId: accepted.body.token.id, email };
  }

  async function entries(query = ''): Promise<Entry[]> {
    const res = await owner('GET', `/v1/audit${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.entries as Entry[];
  }

  beforeAll(async () => {
    server = await startTestServer(kind, { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' });
    ownerToken = (await server.account(`owner-${kind}@example.com`)).token;
    owner = client(server.url, ownerToken);
  });
  afterAll(async () => server?.close());

  it('records each kind of change with who, which credential, what, which fields and from where; never a secret', async () => {
    const dev = await join('developer');
    const agent = await join('agent');
    const botId = (await dev.api('POST', '/v1/bots', bot)).body.id;
    await dev.api('PUT', `/v1/bots/${botId}`, { ...bot, name: 'echo 2' });
    await dev.api('POST', `/v1/bots/${botId}/publish`, { revision: 2 });
    await dev.api('POST', '/v1/bots/validate', bot);
    const channel = await dev.api('POST', '/v1/channels', { channelType: 'dlc', botId, name: 'sms', description: 'd', user: '+14155550100', token: 'AC123:super-secret-carrier-token', phoneType: 1, countryCode: 'US' });
    expect(channel.status, JSON.stringify(channel.body)).toBe(200);
    const hook = await dev.api('POST', '/v1/webhooks', { url: 'http://127.0.0.1:9/hook', eventTypes: ['message.received'], description: 'crm' });
    const rotated = await dev.api('POST', `/v1/webhooks/${hook.body.id}/secret`, {});
    await dev.api('DELETE', `/v1/webhooks/${hook.body.id}`);
    const human = await agent.api('POST', '/v1/humans', { firstName: 'Ada', email: 'ada@example.com' });
    await agent.api('PUT', `/v1/humans/${human.body.id}`, { lastName: 'Lovelace' });
    await agent.api('POST', `/v1/channels/${channel.body.id}/subscribe`, { humanIds: [human.body.id] });
    const web = await dev.api('POST', '/v1/channels', { channelType: 'web', botId, name: 'site', description: 'chat' });
    const { client: chat } = await ChatClient.open(server.url, web.body.id);
    await chat.botText(0);
    await server.services.runtime.settled();
    const conversation = (await agent.api('GET', `/v1/conversations?channel_id=${web.body.id}`)).body.conversations[0];
    expect((await agent.api('PATCH', `/v1/conversations/${conversation.id}`, { botEnabled: false })).status).toBe(200);
    const made = await owner('POST', '/v1/tokens', { name: 'ci', scopes: ['bots:read'] });
    await owner('DELETE', `/v1/tokens/${made.body.id}`);
    await owner('PATCH', `/v1/members/${agent.id}`, { role: 'viewer' });
    await owner('DELETE', `/v1/members/${agent.id}`);
    // Refused and read-only requests are not changes.
    expect((await dev.api('POST', '/v1/members', { email: 'no@example.com', role: 'viewer' })).status).toBe(403);

    const all = await entries('?limit=500');
    const summary = all.map((e) => `${e.actor.email ?? 'account'} ${e.action} ${e.resource} ${e.resourceId === null ? '-' : 'id'} [${e.fields.join(',')}]`).reverse();
    expect(summary).toEqual([
      'account create members id [email,role]',
      'developer-' + kind + '@example.com accept members id [password]',
      'account create members id [email,role]',
      `agent-${kind}@example.com accept members id [password]`,
      `developer-${kind}@example.com create bots id [interactions,name]`,
      `developer-${kind}@example.com update bots id [interactions,name]`,
      `developer-${kind}@example.com publish bots id [revision]`,
      `developer-${kind}@example.com create channels id [botId,channelType,countryCode,description,name,phoneType,token,user]`,
      `developer-${kind}@example.com create webhooks id [description,eventTypes,url]`,
      `developer-${kind}@example.com secret webhooks id []`,
      `developer-${kind}@example.com delete webhooks id []`,
      `agent-${kind}@example.com create humans id [email,firstName]`,
      `agent-${kind}@example.com update humans id [lastName]`,
      `agent-${kind}@example.com subscribe channels id [humanIds]`,
      `developer-${kind}@example.com create channels id [botId,channelType,description,name]`,
      `agent-${kind}@example.com take-over conversations id [botEnabled]`,
      'account create tokens id [name,scopes]',
      'account delete tokens id []',
      'account update members id [role]',
      'account delete members id []',
    ]);
    // In words, for people: the member's name (none given here: the e-mail), what they did, to what, by name.
    const said = all.map((e) => e.summary);
    expect(said).toEqual(expect.arrayContaining([
      `developer-${kind}@example.com created channel sms`,
      `developer-${kind}@example.com published a revision of bot echo`,
      `developer-${kind}@example.com rotated the signing secret of webhook http://127.0.0.1:9/hook`,
      `developer-${kind}@example.com deleted webhook http://127.0.0.1:9/hook`,
      `agent-${kind}@example.com changed the last name of human Ada Lovelace`,
      `agent-${kind}@example.com took over conversation ${conversation.id as number}`,
      `The account's own credential changed the role of member agent-${kind}@example.com`,
    ]));
    // A human's name is not kept in the log: erased, the human is a number there.
    expect((await owner('POST', `/v1/humans/${human.body.id as number}/erase`, {})).status).toBe(200);
    const afterErasure = JSON.stringify(await entries('?resource=humans'));
    expect(afterErasure).not.toContain('Ada');
    expect(afterErasure).toContain(`changed the last name of human ${human.body.id as number}`);
    const byDev = all.find((e) => e.action === 'publish')!;
    expect(byDev).toMatchObject({ actor: { memberId: dev.id, email: dev.email, role: 'developer', tokenId: dev.tokenId }, resourceId: String(botId), route: '/v1/bots/:bot_id/publish', address: '127.0.0.1' });
    expect(all.find((e) => e.action === 'create' && e.resource === 'tokens')!.resourceId).toBe(made.body.id);
    const text = JSON.stringify(all);
    for (const secret of ['super-secret-carrier-token', 'a good password', hook.body.secret, rotated.body.secret, made.body.token, ownerToken]) {
      expect(text).not.toContain(secret);
    }
  });

  it('records sign-ins to the console and failed ones for a member\'s e-mail, never the password', async () => {
    const email = `signer-${kind}@example.com`;
    await join('agent', email);
    const anonymous = client(server.url);
    expect((await anonymous('POST', '/v1/sessions', { email, password: 'not the password' })).status).toBe(401);
    expect((await anonymous('POST', '/v1/sessions', { email, password: 'a good password' })).status).toBe(200);
    expect((await anonymous('POST', '/v1/sessions', { email: 'nobody@example.com', password: 'whatever it is' })).status).toBe(401);
    const sessions = await entries('?resource=sessions');
    expect(sessions.slice(0, 2).map((e) => [e.summary, e.action, e.address])).toEqual([
      [`${email} signed in`, 'sign-in', '127.0.0.1'],
      [`${email} failed to sign in (wrong password)`, 'sign-in-failed', '127.0.0.1'],
    ]);
    expect(JSON.stringify(sessions)).not.toContain('not the password');
  });

  it('filters by actor, resource, token and time, and pages with a cursor', async () => {
    const dev = (await owner('GET', '/v1/members')).body.find((m: { role: string }) => m.role === 'developer');
    const byDev = await entries(`?member_id=${dev.id}`);
    expect(byDev.length).toBeGreaterThan(3);
    expect(byDev.every((e) => e.actor.memberId === dev.id)).toBe(true);
    const webhooks = await entries('?resource=webhooks');
    expect(webhooks.map((e) => e.action)).toEqual(['delete', 'secret', 'create']);
    const one = await entries(`?resource=webhooks&resource_id=${webhooks[0]!.resourceId}`);
    expect(one).toHaveLength(3);
    expect(await entries(`?token_id=${byDev[0]!.actor.tokenId}`)).toHaveLength(byDev.filter((e) => e.actor.tokenId === byDev[0]!.actor.tokenId).length);
    expect(await entries('?until=2000-01-01T00:00:00')).toEqual([]);
    expect(await entries('?since=2999-01-01T00:00:00')).toEqual([]);
    const newest = (await entries())[0]!;
    expect((await entries(`?since=${newest.at}&until=${newest.at}`)).map((e) => e.id)).toContain(newest.id);
    expect((await owner('GET', '/v1/audit?since=yesterday')).status).toBe(422);

    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: { status: number; body: { entries: Entry[]; nextCursor: string | null } } = await owner('GET', `/v1/audit?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.body.entries.map((e) => e.id));
      cursor = page.body.nextCursor;
    } while (cursor !== null);
    expect(seen).toEqual((await entries('?limit=500')).map((e) => e.id));
  });

  it('shows an account only its own entries, and only to owners and admins', async () => {
    const other = client(server.url, (await server.account()).token);
    expect((await other('GET', '/v1/audit')).body.entries).toEqual([]);
    const viewer = await join('viewer');
    expect((await viewer.api('GET', '/v1/audit')).status).toBe(403);
  });

  it('refuses to update any entry or delete a recent one, in the database itself', async () => {
    const db = server.store.db;
    await expect(sql`UPDATE audit_log SET action = 'nothing'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM audit_log`.execute(db)).rejects.toThrow(/younger than a day/);
    expect((await entries('?limit=500')).some((e) => e.action === 'nothing')).toBe(false);
  });

  it('deletes entries older than the retention in the daily job, and schedules the next run', async () => {
    const accountId = (await server.store.db.selectFrom('members').select('account_id').where('email', '=', `owner-${kind}@example.com`).executeTakeFirstOrThrow()).account_id;
    const old = new Date(Date.now() - 400 * 86_400_000).toISOString();
    await server.store.db.insertInto('audit_log').values({
      account_id: accountId, at: old, member_id: null, actor_email: null, actor_role: 'owner', token_id: null, session_id: null, action: 'create',
      resource: 'bots', resource_id: '1', fields: '[]', method: 'POST', route: '/v1/bots', status: 200, address: null,
    }).execute();
    const before = (await entries('?limit=500')).length;
    expect((await entries(`?until=${old.slice(0, 19)}`))).toHaveLength(1);
    await server.services.audit.runRetention();
    expect(await entries(`?until=${old.slice(0, 19)}`)).toEqual([]);
    expect((await entries('?limit=500')).length).toBe(before - 1);
    // Tomorrow's run is waiting: sending it again under its key stores nothing.
    const now = new Date();
    const tomorrow = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString().slice(0, 10);
    expect(await server.services.runtime.jobs.send('audit.retention', {}, { key: `audit-retention:${tomorrow}`, runAt: new Date(Date.now() + 86_400_000) })).toBeNull();
  });
});
