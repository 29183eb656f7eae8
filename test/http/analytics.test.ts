// Analytics end to end on SQLite and PostgreSQL: scripted web-chat conversations (a menu, a question answered and one left
// unanswered, a text the bot did not understand, a handoff, a takeover, an agent's reply, an unsubscription), then every
// figure of the API compared with a count from the raw history (or, for what the history does not keep, with the script).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { converse } from '../channels/web/chat-client.js';
import { client, type Call } from '../helpers/http.js';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server.js';

const bot = {
  name: 'analytics shop',
  interactions: [
    { name: 'menu', intents: [{ name: 'menu', expressions: ['show me the menu', 'menu please'] }], actions: [{ send: { message: { text: 'Here is the menu.' } } }] },
    {
      name: 'ask number', intents: [{ name: 'number', expressions: ['pick a number game', 'play the number game'] }],
      actions: [{ send: { message: { text: 'Pick a number.' } } }, { waitFor: { data: ['number'], content: 'n' } }, { send: { message: { text: 'Got {n}.' } } }],
    },
    { name: 'person', intents: [{ name: 'person', expressions: ['talk to a person', 'a human please'] }], actions: [{ send: { message: { text: 'Someone will answer.' } } }, { updateSettings: { bot: { enabled: false } } }] },
    { name: 'anything else', intents: ['sys:text'], actions: [{ send: { message: { text: 'Sorry, I did not get that.' } } }] },
  ],
};

const METRICS_TOKEN = 'analytics-metrics-0123456789';

describe.each(DATABASES)('analytics on %s', (kind) => {
  let server: TestServer;
  let api: Call;
  let accountId: number;
  let botId: number;
  let channelId: number;
  let handedOverId: number;
  const today = new Date().toISOString().slice(0, 10);

  const talk = (...texts: string[]) => converse(server.url, channelId, ...texts);
  /** The raw history's count, for the comparison. */
  const raw = async (query: ReturnType<typeof sql<{ n: string | number }>>) => Number((await query.execute(server.store.db)).rows[0]!.n);

  beforeAll(async () => {
    server = await startTestServer(kind, { METRICS_TOKEN: METRICS_TOKEN });
    const account = await server.account();
    accountId = account.accountId;
    api = client(server.url, account.token);
    botId = (await api('POST', '/v1/bots', bot)).body.id;
    channelId = (await api('POST', '/v1/channels', { channelType: 'web', botId, name: 'site', description: 'chat' })).body.id;

    await talk('show me the menu', 'zorblax quux?');
    await talk('pick a number game');
    await talk('play the number game', '42');
    await talk('talk to a person');
    await server.services.runtime.settled();
    const conversations = (await api('GET', '/v1/conversations')).body.conversations as { id: number; humanId: number; botEnabled: boolean }[];
    const handedOver = conversations.find((c) => !c.botEnabled)!;
    handedOverId = handedOver.id;
    // An agent answers the conversation the bot handed over, and takes another one from the bot.
    expect((await api('POST', `/v1/conversations/${handedOver.id}/messages`, { text: 'Hello, Ana here.' })).status).toBe(200);
    const other = conversations.find((c) => c.botEnabled)!;
    expect((await api('PATCH', `/v1/conversations/${other.id}`, { botEnabled: false })).status).toBe(200);
    expect((await api('POST', `/v1/channels/${channelId}/unsubscribe`, { humanIds: [other.humanId] })).status).toBe(200);
    await server.services.runtime.settled();
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('gives the totals the raw history counts', async () => {
    const { status, body } = await api('GET', '/v1/analytics');
    expect(status).toBe(200);
    const messages = (where: string) => raw(sql<{ n: number }>`SELECT count(*) AS n FROM messages WHERE account_id = ${accountId} AND ${sql.raw(where)}`);
    expect(body).toMatchObject({
      conversations: await raw(sql<{ n: number }>`SELECT count(*) AS n FROM conversations WHERE account_id = ${accountId}`),
      messagesIn: await messages(`direction = 'in'`),
      messagesOut: { bot: await messages(`direction = 'out' AND author IS NULL`), agent: await messages(`direction = 'out' AND author = 'agent'`), keyword: 0 },
      handoffs: 1, takeovers: 1, unrecognised: 1, optouts: 1, failed: await messages(`status = 'failed'`),
      // The agent's reply to the conversation the bot handed over ended its wait for a person.
      agentFirstReplies: 1, agentFirstReplySeconds: expect.any(Number),
    });
    expect(body).toMatchObject({ conversations: 4, messagesIn: 6, messagesOut: { bot: 6, agent: 1, keyword: 0, total: 7 }, contained: 2, containment: 0.5 });
    // The range: the last 30 days by default, today included.
    expect(body.to).toBe(today);
  });

  it('counts the runs\' outcomes in Prometheus too', async () => {
    const text = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    const value = (outcome: string) => Number(new RegExp(`^parley_conversation_outcomes_total\\{channel_type="web",outcome="${outcome}"\\} (\\d+)$`, 'm').exec(text)?.[1]);
    expect(value('conversation_started')).toBe(4);
    expect(value('handoff')).toBe(1);
    expect(value('unrecognised')).toBe(1);
    expect(value('interaction_entered')).toBe(5);
  });

  it('gives each day of the range, the same figures on the day they happened', async () => {
    const from = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const { body } = await api('GET', `/v1/analytics/daily?from=${from}&to=${today}`);
    expect(body.days.map((d: { day: string }) => d.day)).toHaveLength(3);
    expect(body.days[0]).toMatchObject({ conversations: 0, messagesIn: 0, containment: null });
    const totals = (await api('GET', '/v1/analytics')).body;
    const { day, ...figures } = body.days[2];
    expect(day).toBe(today);
    expect({ from: totals.from, to: totals.to, ...figures }).toEqual(totals);
  });

  it('counts interactions entered, finished, and where conversations dropped off', async () => {
    const { body } = await api('GET', `/v1/analytics/interactions?bot_id=${botId}`);
    const by = Object.fromEntries(body.interactions.map((i: { interaction: string }) => [i.interaction, i]));
    expect(by['ask number']).toEqual({ interaction: 'ask number', entered: 2, finished: 1, left: 2, dropped: 1, dropOff: 0.5 });
    // The first conversation moved on from the menu to the catch-all: it rests there, having finished both.
    expect(by.menu).toEqual({ interaction: 'menu', entered: 1, finished: 1, left: 0, dropped: 0, dropOff: 0 });
    expect(by['anything else']).toEqual({ interaction: 'anything else', entered: 1, finished: 1, left: 1, dropped: 0, dropOff: 0 });
    expect(by.person).toMatchObject({ entered: 1, finished: 1, left: 1 });
  });

  it('keeps what the bot did not understand, with how often', async () => {
    await talk('ZORBLAX   quux?');
    const { body } = await api('GET', '/v1/analytics/unrecognised');
    expect(body.texts).toEqual([{ text: 'zorblax quux?', count: 2, lastAt: expect.any(String) }]);
  });

  it('answers per channel, and leaves out another channel when asked for one', async () => {
    const { body } = await api('GET', '/v1/analytics/channels');
    expect(body.channels).toEqual([expect.objectContaining({ channelId, messagesIn: expect.any(Number), failures: [] })]);
    const otherBot = (await api('POST', '/v1/bots', { ...bot, name: 'quiet' })).body.id;
    const quiet = (await api('POST', '/v1/channels', { channelType: 'web', botId: otherBot, name: 'quiet', description: 'no one' })).body.id;
    expect((await api('GET', `/v1/analytics?channel_id=${quiet}`)).body).toMatchObject({ conversations: 0, messagesIn: 0 });
    expect((await api('GET', `/v1/analytics?bot_id=${otherBot}`)).body).toMatchObject({ conversations: 0 });
  });

  it('exports each table as CSV', async () => {
    const res = await api('GET', '/v1/analytics/export?table=interactions');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="parley-interactions-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (res.body as string).trimEnd().split('\r\n');
    expect(lines[0]).toBe('interaction,entered,finished,left,dropped,dropOff');
    expect(lines).toContain('ask number,2,1,2,1,0.5');
  });

  it('counts what providers report: delivered, read (with or without a delivery receipt before it), failed by reason', async () => {
    const runtime = server.services.runtime;
    const channel = (await runtime.channels.find(channelId))!;
    const sent = await server.store.db.selectFrom('messages').select(['id', 'provider_message_id']).where('channel_id', '=', channelId)
      .where('direction', '=', 'out').where('status', '=', 'sent').orderBy('id').limit(3).execute();
    const [a, b, c] = sent.map((m) => m.provider_message_id!);
    await runtime.reportStatus({ channel, providerMessageId: a!, status: 'delivered' });
    await runtime.reportStatus({ channel, providerMessageId: a!, status: 'read' });
    await runtime.reportStatus({ channel, providerMessageId: b!, status: 'read' });
    await runtime.reportStatus({ channel, providerMessageId: c!, status: 'failed', reason: 'the visitor\'s browser went away' });
    // A report that moves nothing (read again) counts nothing.
    await runtime.reportStatus({ channel, providerMessageId: b!, status: 'read' });
    const { body } = await api('GET', '/v1/analytics');
    const messages = (where: string) => raw(sql<{ n: number }>`SELECT count(*) AS n FROM messages WHERE account_id = ${accountId} AND ${sql.raw(where)}`);
    expect(body).toMatchObject({
      delivered: await messages(`status IN ('delivered', 'read')`), read: await messages(`status = 'read'`), failed: await messages(`status = 'failed'`),
    });
    expect(body).toMatchObject({ delivered: 2, read: 2, failed: 1 });
    const channels = (await api('GET', '/v1/analytics/channels')).body.channels;
    expect(channels.find((x: { channelId: number }) => x.channelId === channelId).failures).toEqual([{ reason: 'the visitor\'s browser went away', count: 1 }]);
  });

  it('answers the same once the journal is folded into the rollups, and keeps nothing in the journal after', async () => {
    // The server folds every second: stopped here (folding what it held), so what comes next stays in the journal.
    await server.services.runtime.analyticsFolder.stop();
    await talk('menu please', 'zorblax quux?');
    await server.services.runtime.settled();
    const before = await Promise.all(['/v1/analytics', '/v1/analytics/daily', '/v1/analytics/channels', '/v1/analytics/interactions'].map(async (p) => (await api('GET', p)).body));
    expect(before[0].messagesIn).toBe(await raw(sql<{ n: number }>`SELECT count(*) AS n FROM messages WHERE account_id = ${accountId} AND direction = 'in'`));
    expect(await raw(sql<{ n: number }>`SELECT count(*) AS n FROM analytics_deltas`)).toBeGreaterThan(0);
    expect(await server.services.runtime.analyticsFolder.foldAll()).toBeGreaterThan(0);
    expect(await raw(sql<{ n: number }>`SELECT count(*) AS n FROM analytics_deltas`)).toBe(0);
    const after = await Promise.all(['/v1/analytics', '/v1/analytics/daily', '/v1/analytics/channels', '/v1/analytics/interactions'].map(async (p) => (await api('GET', p)).body));
    expect(after).toEqual(before);
  });

  it('times a person\'s reply to a conversation waiting for one, once for each wait, replies at once included', async () => {
    const first = (await api('GET', '/v1/analytics')).body;
    expect(first.agentFirstReplies).toBe(1);
    const waited = first.agentFirstReplySeconds as number;
    expect(waited).toBeGreaterThanOrEqual(0);
    expect(waited).toBeLessThan(60);
    // A second reply answers no wait.
    expect((await api('POST', `/v1/conversations/${handedOverId}/messages`, { text: 'Anything else?' })).status).toBe(200);
    expect((await api('GET', '/v1/analytics')).body.agentFirstReplies).toBe(1);
    // Waiting for a person for 90 s (as a handoff flags it), then two replies at once: one of them is the first.
    const since = new Date(Date.now() - 90_000).toISOString();
    await server.store.db.updateTable('conversations').set({ wants_person_at: since }).where('id', '=', handedOverId).execute();
    const replies = await Promise.all(['One moment.', 'Let me look.'].map((text) => api('POST', `/v1/conversations/${handedOverId}/messages`, { text })));
    expect(replies.map((r) => r.status)).toEqual([200, 200]);
    const after = (await api('GET', '/v1/analytics')).body;
    expect(after.agentFirstReplies).toBe(2);
    expect(after.agentFirstReplySeconds).toBeGreaterThanOrEqual(Math.round((waited + 90) / 2));
    expect(after.agentFirstReplySeconds).toBeLessThanOrEqual(Math.round((waited + 95) / 2));
    const csv = (await api('GET', '/v1/analytics/export?table=daily')).body as string;
    expect(csv.split('\r\n')[0]).toContain(',optouts,agentFirstReplies,agentFirstReplySeconds,delivered,');
  });

  it('refuses a range it cannot sum and another account\'s bot', async () => {
    expect((await api('GET', '/v1/analytics?from=2026-02-30')).status).toBe(422);
    expect((await api('GET', '/v1/analytics?from=2026-03-02&to=2026-03-01')).status).toBe(422);
    expect((await api('GET', '/v1/analytics?from=2024-01-01&to=2026-01-01')).status).toBe(422);
    const stranger = client(server.url, (await server.account('stranger@example.com')).token);
    expect((await stranger('GET', `/v1/analytics?bot_id=${botId}`)).status).toBe(403);
    expect((await stranger('GET', '/v1/analytics')).body).toMatchObject({ conversations: 0, messagesIn: 0 });
  });
});
