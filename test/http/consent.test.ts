// The consent ledger over real HTTP on SQLite and PostgreSQL: opt-ins and opt-outs by API and by a bot's subscribe step
// written with their source, read per human with the state per family, exported as CSV for a range of days; another
// account's human is 403; bad ranges refused. (STOP by SMS: test/channels/sms/carrier.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { converse } from '../channels/web/chat-client.js';
import { client, type Call } from '../helpers/http.js';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server.js';

interface Entry { family: string; state: string; source: string; channelId: number | null; proof: string | null; date: string }

const bot = {
  name: 'newsletter',
  interactions: [
    { name: 'leave', intents: [{ name: 'leave', expressions: ['unsubscribe me', 'no more news'] }], actions: [{ subscribe: false }, { send: { message: { text: 'You will get no more news.' } } }] },
    { name: 'other', intents: ['sys:text'], actions: [{ send: { message: { text: 'Say "unsubscribe me" to stop the news.' } } }] },
  ],
};

describe.each(DATABASES)('the consent ledger on %s', (kind) => {
  let server: TestServer;
  let api: Call;
  let token: string;
  let channelId: number;

  beforeAll(async () => {
    server = await startTestServer(kind);
    token = (await server.account(`consent-${kind}@example.com`)).token;
    api = client(server.url, token);
    const botId = (await api('POST', '/v1/bots', bot)).body.id;
    channelId = (await api('POST', '/v1/channels', { channelType: 'web', botId, name: 'News', description: '' })).body.id;
  }, 60_000);
  afterAll(async () => { await server?.close(); });

  it('records opt-ins and opt-outs by API with their source, once per change, and gives the state per family', async () => {
    const human = (await api('POST', '/v1/humans', { firstName: 'Ada' })).body.id as number;
    for (const path of ['subscribe', 'subscribe', 'unsubscribe']) expect((await api('POST', `/v1/channels/${channelId}/${path}`, { humanIds: [human] })).status).toBe(200);
    const { body } = await api('GET', `/v1/humans/${human}/consent`);
    expect(body.humanId).toBe(human);
    // Subscribing twice is one change.
    expect(body.events.map((e: Entry) => [e.family, e.state, e.source, e.channelId])).toEqual([['web', 'in', 'api', channelId], ['web', 'out', 'api', channelId]]);
    expect(body.current).toEqual([expect.objectContaining({ family: 'web', state: 'out', source: 'api' })]);
    expect(body.events[0].date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
  });

  it('records the bot\'s subscribe step, which leaves the channel no subscriber (a broadcast goes only to subscribers)', async () => {
    await converse(server.url, channelId, 'hello', 'unsubscribe me');
    const { humans } = (await api('GET', '/v1/humans?limit=100')).body as { humans: { id: number }[] };
    const ledgers = await Promise.all(humans.map(async (h) => ({ id: h.id, events: (await api('GET', `/v1/humans/${h.id}/consent`)).body.events as Entry[] })));
    const visitor = ledgers.find((l) => l.events.some((e) => e.source === 'bot'))!;
    expect(visitor.events.map((e) => [e.state, e.source])).toEqual([['out', 'bot']]);
    const subscribed = (await api('GET', `/v1/channels/${channelId}/subscription`)).body.subscribedHumansCount;
    expect(subscribed).toBe(0);
  });

  it('exports the account\'s ledger for a range of days as CSV', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const reply = await server.app.inject({ method: 'GET', url: `/v1/consent/export?from=${today}&to=${today}`, headers: { authorization: `Bearer ${token}` } });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(reply.headers['content-disposition']).toBe(`attachment; filename="parley-consent-${today}-${today}.csv"`);
    const lines = reply.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('date,humanId,family,state,source,channelId,proof');
    expect(lines.slice(1).map((l) => l.split(',').slice(2, 5).join(' '))).toEqual(['web in api', 'web out api', 'web out bot']);
    const before = await api('GET', '/v1/consent/export?from=2020-01-01&to=2020-01-31');
    expect(before.status).toBe(200);
  });

  it('refuses another account\'s human and a range it cannot read', async () => {
    const other = client(server.url, (await server.account(`consent-other-${kind}@example.com`)).token);
    const human = (await api('POST', '/v1/humans', { firstName: 'Grace' })).body.id as number;
    expect((await other('GET', `/v1/humans/${human}/consent`)).status).toBe(403);
    expect((await api('GET', '/v1/humans/999999/consent')).status).toBe(404);
    expect((await api('GET', '/v1/consent/export?from=2026-02-30&to=2026-03-01')).status).toBe(422);
    expect((await api('GET', '/v1/consent/export?from=2026-03-02&to=2026-03-01')).status).toBe(422);
    expect((await api('GET', '/v1/consent/export?from=2024-01-01&to=2026-01-01')).status).toBe(422);
  });
  it('records a change made by a person in the console as the agent\'s, with their e-mail', async () => {
    const human = (await api('POST', '/v1/humans', { firstName: 'Lin' })).body.id as number;
    const signIn = await fetch(`${server.url}/v1/sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: `consent-${kind}@example.com`, password: 'correct horse battery' }) });
    const { csrfToken } = await signIn.json() as { csrfToken: string };
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const res = await fetch(`${server.url}/v1/channels/${channelId}/unsubscribe`, { method: 'POST', headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrfToken }, body: JSON.stringify({ humanIds: [human] }) });
    expect(res.status).toBe(200);
    await fetch(`${server.url}/v1/channels/${channelId}/subscribe`, { method: 'POST', headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrfToken }, body: JSON.stringify({ humanIds: [human] }) });
    const { body } = await api('GET', `/v1/humans/${human}/consent`);
    expect(body.events.map((e: Entry) => [e.state, e.source, e.proof])).toEqual([['in', 'agent', `consent-${kind}@example.com`]]);
  });
});
