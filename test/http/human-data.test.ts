// Data lifecycle: a human's export holds everything stored about them; erase removes it all and nothing of anyone else; retention purges old history.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatClient } from '../channels/web/chat-client.js';
import { client, type Call } from '../helpers/http.js';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server.js';
import { Receiver } from '../services/webhooks-receiver.js';

const bot = {
  name: 'remembers',
  interactions: [
    { name: 'echo', intents: ['sys:text'], actions: [
      { assignAttributes: { attributes: [{ attributePath: 'said', value: '{sys:text}' }] } },
      { updateAttribute: { attribute: 'shared:seen', value: 'yes' } },
      { send: { message: { text: 'echo: {sys:text}' } } },
    ] },
  ],
};

/** A visitor who chatted on the channel: a human with an identity, a subscription, a conversation, messages and attributes. */
async function visitor(server: TestServer, channelId: number, words: string[]): Promise<number> {
  const chat = await ChatClient.open(server.url, channelId);
  for (const w of words) {
    chat.client.say(w);
    await chat.client.next((f) => f.type === 'message' && (f.message as { text?: string }).text === `echo: ${w}`);
  }
  chat.client.close();
  await server.services.runtime.settled();
  const conversations = await server.store.db.selectFrom('conversations').select(['human_id']).where('channel_id', '=', channelId).orderBy('id', 'desc').execute();
  return conversations[0]!.human_id;
}

async function rowsOf(server: TestServer, humanId: number): Promise<Record<string, number>> {
  const db = server.store.db;
  const n = async (q: Promise<{ n: number | string }>) => Number((await q).n);
  const conversationIds = (await db.selectFrom('conversations').select('id').where('human_id', '=', humanId).execute()).map((c) => c.id);
  return {
    humans: await n(db.selectFrom('humans').select((eb) => eb.fn.countAll<number>().as('n')).where('id', '=', humanId).executeTakeFirstOrThrow()),
    conversations: conversationIds.length,
    messages: await n(db.selectFrom('messages').select((eb) => eb.fn.countAll<number>().as('n')).where('human_id', '=', humanId).executeTakeFirstOrThrow()),
    identities: await n(db.selectFrom('human_identities').select((eb) => eb.fn.countAll<number>().as('n')).where('human_id', '=', humanId).executeTakeFirstOrThrow()),
    subscriptions: await n(db.selectFrom('subscriptions').select((eb) => eb.fn.countAll<number>().as('n')).where('human_id', '=', humanId).executeTakeFirstOrThrow()),
    tags: await n(db.selectFrom('human_tags').select((eb) => eb.fn.countAll<number>().as('n')).where('human_id', '=', humanId).executeTakeFirstOrThrow()),
    webhookDeliveries: await n(db.selectFrom('webhook_deliveries').select((eb) => eb.fn.countAll<number>().as('n')).where('payload', 'like', `%"human":{"id":${humanId},%`).executeTakeFirstOrThrow()),
  };
}

describe.each(DATABASES)('human data lifecycle on %s', (kind) => {
  let server: TestServer;
  let receiver: Receiver;
  let api: Call;
  let other: Call;
  let channelId: number;
  beforeAll(async () => {
    receiver = await Receiver.start();
    server = await startTestServer(kind, { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' });
    api = client(server.url, (await server.account()).token);
    other = client(server.url, (await server.account()).token);
    const created = await api('POST', '/v1/bots', bot);
    channelId = (await api('POST', '/v1/channels', { channelType: 'web', botId: created.body.id, name: 'site', description: 'chat' })).body.id;
    expect((await api('POST', '/v1/webhooks', { url: receiver.url('/crm'), eventTypes: ['message.received'], description: 'crm' })).status).toBe(200);
  });
  afterAll(async () => { await server?.close(); await receiver?.close(); });

  it('exports fields, tags, identities, subscriptions, attributes, conversations and messages', async () => {
    const humanId = await visitor(server, channelId, ['hello', 'my order']);
    await api('PUT', `/v1/humans/${humanId}`, { firstName: 'Ada', email: 'ada@example.com', tags: ['vip'] });
    const res = await api('GET', `/v1/humans/${humanId}/export`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="human-${humanId}.json"`);
    const data = res.body;
    expect(data.human).toMatchObject({ id: humanId, firstName: 'Ada', email: 'ada@example.com', tags: ['vip'], linkedHumanIds: [] });
    expect(data.identities).toEqual([expect.objectContaining({ channelId })]);
    expect(data.subscriptions).toEqual([expect.objectContaining({ channelId, subscribed: true })]);
    expect(data.attributes.human).toEqual([expect.objectContaining({ name: 'said', value: 'my order' })]);
    expect(data.attributes.shared).toEqual([expect.objectContaining({ name: 'seen', value: 'yes' })]);
    expect(data.conversations).toHaveLength(1);
    const texts = data.conversations[0].messages.map((m: { direction: string; content: { text?: string } }) => `${m.direction}:${m.content.text}`);
    expect(texts).toEqual(['in:hello', 'out:echo: hello', 'in:my order', 'out:echo: my order']);
    // Another account's human is 403, an unknown one 404, as everywhere.
    expect((await other('GET', `/v1/humans/${humanId}/export`)).status).toBe(403);
    expect((await api('GET', '/v1/humans/999999/export')).status).toBe(404);
  });

  it('erases a human with everything linked, and nothing of anyone else', async () => {
    const doomed = await visitor(server, channelId, ['erase me']);
    const kept = await visitor(server, channelId, ['keep me']);
    await api('PUT', `/v1/humans/${doomed}`, { tags: ['gone'] });
    await receiver.waitFor((d) => d.path === '/crm', 2);
    const keptBefore = await rowsOf(server, kept);
    expect(await rowsOf(server, doomed)).toMatchObject({ humans: 1, conversations: 1, messages: 2, identities: 1, subscriptions: 1, tags: 1, webhookDeliveries: 1 });

    expect((await other('POST', `/v1/humans/${doomed}/erase`)).status).toBe(403);
    const res = await api('POST', `/v1/humans/${doomed}/erase`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      humanId: doomed,
      erased: { conversations: 1, messages: 2, events: expect.any(Number), attributes: 2, subscriptions: 1, identities: 1, tags: 1, webhookDeliveries: 1, media: 0 },
    });
    expect(res.body.erased.events).toBeGreaterThanOrEqual(1);
    expect(await rowsOf(server, doomed)).toEqual({ humans: 0, conversations: 0, messages: 0, identities: 0, subscriptions: 0, tags: 0, webhookDeliveries: 0 });
    expect(await rowsOf(server, kept)).toEqual(keptBefore);
    expect((await api('GET', `/v1/humans/${doomed}`)).status).toBe(404);
    expect((await api('POST', `/v1/humans/${doomed}/erase`)).status).toBe(404);
  });

  it('keeps history forever by default, and purges what is older than the account\'s retention', async () => {
    expect((await api('GET', '/v1/account/settings')).body).toEqual({ messageRetentionDays: null });
    expect((await api('PATCH', '/v1/account/settings', { messageRetentionDays: 0 })).status).toBe(422);
    const humanId = await visitor(server, channelId, ['old news', 'fresh news']);
    const db = server.store.db;
    const ids = (await db.selectFrom('messages').select(['id', 'content']).where('human_id', '=', humanId).orderBy('id').execute());
    const old = ids.filter((m) => m.content.includes('old news')).map((m) => m.id);
    expect(old).toHaveLength(2);
    await db.updateTable('messages').set({ created_at: new Date(Date.now() - 40 * 86_400_000).toISOString() }).where('id', 'in', old).execute();
    // The other account's old history is not this account's to purge.
    const otherHuman = await other('POST', '/v1/humans', { firstName: 'Other' });
    expect(otherHuman.status).toBe(200);

    expect((await server.services.retention.purge()).messages).toBe(0);
    const set = await api('PATCH', '/v1/account/settings', { messageRetentionDays: 30 });
    expect(set.body).toEqual({ messageRetentionDays: 30 });
    const report = await server.services.retention.purge();
    expect(report.messages).toBeGreaterThanOrEqual(2);
    const left = await db.selectFrom('messages').select('id').where('human_id', '=', humanId).execute();
    expect(left.map((m) => m.id).some((id) => old.includes(id))).toBe(false);
    expect(left).toHaveLength(2);
    expect((await api('PATCH', '/v1/account/settings', { messageRetentionDays: null })).body).toEqual({ messageRetentionDays: null });
  });

  it('queues the daily purge once however often the server asks', async () => {
    await server.services.retention.schedule();
    await server.services.retention.schedule();
    const { waiting } = await server.services.runtime.jobs.counts();
    expect(waiting).toBeGreaterThanOrEqual(1);
    if (kind === 'sqlite') {
      const purges = await server.store.db.selectFrom('jobs').select('run_at').where('queue', '=', 'retention.purge').execute();
      expect(purges).toHaveLength(1);
      expect(new Date(purges[0]!.run_at).getUTCHours()).toBe(3);
    }
  });
});
