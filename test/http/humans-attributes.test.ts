// A human's own attributes through the API: set, read back, removed with null, names checked as the bot language reads
// them, other accounts refused, each change audited by name, and the bot's next run sees what the API set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositories } from '../../src/store/index.js';
import { ChatClient } from '../channels/web/chat-client.js';
import { client, isErrorObject, type Call } from '../helpers/http.js';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server.js';

const bot = {
  name: 'plans',
  interactions: [
    { name: 'hi', intents: ['sys:start'], actions: [{ send: { message: { text: 'Hi there' } } }] },
    { name: 'plan', intents: [{ name: 'plan', expressions: ['what is my plan', 'which plan do i have'] }], actions: [{ send: { message: { text: 'Plan: [{plan}] level [{human:level}]' } } }] },
    { name: 'other', intents: ['sys:text'], actions: [{ send: { message: { text: 'ok' } } }] },
  ],
};

interface Entry { action: string; resource: string; resourceId: string | null; fields: string[]; method: string }

describe.each(DATABASES)('a human\'s attributes on %s', (kind) => {
  let server: TestServer;
  let api: Call;
  let other: Call;
  let channelId: number;
  let accountId: number;
  let botId: number;

  beforeAll(async () => {
    server = await startTestServer(kind);
    const account = await server.account();
    accountId = account.accountId;
    api = client(server.url, account.token);
    other = client(server.url, (await server.account()).token);
    botId = (await api('POST', '/v1/bots', bot)).body.id;
    channelId = (await api('POST', '/v1/channels', { channelType: 'web', botId, name: 'site', description: 'chat' })).body.id;
  });
  afterAll(async () => server?.close());

  async function visitor(): Promise<{ chat: ChatClient; humanId: number; conversationId: number }> {
    const { client: chat } = await ChatClient.open(server.url, channelId);
    expect(await chat.botText(0)).toBe('Hi there');
    await server.services.runtime.settled();
    const list = (await api('GET', `/v1/conversations?channel_id=${channelId}`)).body.conversations as { id: number; humanId: number }[];
    const last = list[list.length - 1]!;
    return { chat, humanId: last.humanId, conversationId: last.id };
  }

  it('sets, reads back and removes attributes; the bot\'s next run sees them; each change is audited by name', async () => {
    const { chat, humanId, conversationId } = await visitor();
    expect((await api('GET', `/v1/humans/${humanId}/attributes`)).body).toEqual({});

    const set = await api('PATCH', `/v1/humans/${humanId}/attributes`, { plan: 'gold', 'human:level': '3' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toEqual({ level: '3', plan: 'gold' });
    expect((await api('GET', `/v1/humans/${humanId}/attributes`)).body).toEqual({ level: '3', plan: 'gold' });
    expect((await api('GET', `/v1/conversations/${conversationId}/attributes`)).body).toEqual({ level: '3', plan: 'gold' });

    chat.say('what is my plan');
    expect(await chat.botText(1)).toBe('Plan: [gold] level [3]');

    const removed = await api('PATCH', `/v1/humans/${humanId}/attributes`, { plan: null, level: '4' });
    expect(removed.body).toEqual({ level: '4' });
    chat.say('which plan do i have');
    expect(await chat.botText(2)).toBe('Plan: [] level [4]');
    await server.services.runtime.settled();

    const audit = (await api('GET', `/v1/audit?resource=humans&resource_id=${humanId}`)).body.entries as Entry[];
    const changes = audit.filter((e) => e.method === 'PATCH').map((e) => ({ action: e.action, fields: e.fields }));
    expect(changes).toEqual([{ action: 'attributes', fields: ['level', 'plan'] }, { action: 'attributes', fields: ['human:level', 'plan'] }]);
    expect(JSON.stringify(audit)).not.toContain('gold');

    const exported = await api('GET', `/v1/humans/${humanId}/export`);
    expect(exported.body.attributes.human).toEqual([expect.objectContaining({ conversationId, name: 'level', value: '4' })]);
    const erased = await api('POST', `/v1/humans/${humanId}/erase`, {});
    expect(erased.body.erased.attributes).toBe(1);
    expect((await api('GET', `/v1/humans/${humanId}/attributes`)).status).toBe(404);
    chat.close();
  });

  it('refuses names outside the human scope, wrong types and limits, naming the field', async () => {
    const { chat, humanId } = await visitor();
    const refused = async (body: unknown, status: number, mention: string) => {
      const res = await api('PATCH', `/v1/humans/${humanId}/attributes`, body);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(isErrorObject(res.body, status)).toBe(true);
      expect(res.body.description).toContain(mention);
    };
    await refused({ 'sys:firstName': 'Ada' }, 422, 'sys:firstName');
    await refused({ 'bot:counter': '1' }, 422, 'bot:counter');
    await refused({ 'shared:plan': 'x' }, 422, 'shared:plan');
    await refused({ 'datetime:year': '1' }, 422, 'datetime:year');
    await refused({ 'order.id': '1' }, 422, 'order.id');
    await refused({ '1st': '1' }, 422, '1st');
    await refused({ ' plan': '1' }, 422, ' plan');
    await refused({ plan: 7 }, 400, 'plan');
    await refused({ plan: 'x'.repeat(65_537) }, 422, '65536');
    await refused(Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`a${i}`, 'x'])), 422, '100');
    await refused([], 400, 'object');
    // Nothing was written by the refused requests.
    expect((await api('GET', `/v1/humans/${humanId}/attributes`)).body).toEqual({});
    // The takeNext companion may be written and removed like its attribute.
    expect((await api('PATCH', `/v1/humans/${humanId}/attributes`, { 'items:index': '2', items: '[1,2,3]' })).body).toEqual({ items: '[1,2,3]', 'items:index': '2' });
    expect((await api('PATCH', `/v1/humans/${humanId}/attributes`, { items: null })).body).toEqual({});
    chat.close();
  });

  it('answers 403 for another account\'s human, 404 for an unknown one, 409 for a human with no conversation', async () => {
    const { chat, humanId } = await visitor();
    expect((await other('GET', `/v1/humans/${humanId}/attributes`)).status).toBe(403);
    expect((await other('PATCH', `/v1/humans/${humanId}/attributes`, { plan: 'x' })).status).toBe(403);
    expect((await api('GET', '/v1/humans/999999/attributes')).status).toBe(404);
    expect((await api('PATCH', '/v1/humans/999999/attributes', { plan: 'x' })).status).toBe(404);
    const lonely = (await api('POST', '/v1/humans', { firstName: 'Ada' })).body.id;
    expect((await api('GET', `/v1/humans/${lonely}/attributes`)).body).toEqual({});
    const conflict = await api('PATCH', `/v1/humans/${lonely}/attributes`, { plan: 'x' });
    expect(conflict.status).toBe(409);
    expect(conflict.body.description).toContain('no conversation');
    expect((await api('GET', `/v1/humans/${humanId}/attributes`)).body).toEqual({});
    chat.close();
  });

  it('writes to every conversation of the human, and reads the value set last where they differ', async () => {
    const { chat, humanId, conversationId } = await visitor();
    const secondChannel = (await api('POST', '/v1/channels', { channelType: 'web', botId, name: 'shop', description: 'chat' })).body.id;
    const repos = repositories(server.store.db);
    const first = (await repos.conversations.find(conversationId))!;
    const now = new Date().toISOString();
    const second = (await repos.conversations.findOrCreate({ accountId, botId, channelId: secondChannel, humanId, address: 'other', state: first.state }, now)).row.id;
    const ofConversation = async (id: number) => (await api('GET', `/v1/conversations/${id}/attributes`)).body;

    expect((await api('PATCH', `/v1/humans/${humanId}/attributes`, { plan: 'gold' })).body).toEqual({ plan: 'gold' });
    expect(await ofConversation(conversationId)).toEqual({ plan: 'gold' });
    expect(await ofConversation(second)).toEqual({ plan: 'gold' });

    // The bot of the second channel changed it later: that value is the human's.
    await repos.attributes.set(accountId, { scope: 'human', ownerId: second }, 'plan', 'silver', new Date(Date.now() + 60_000).toISOString());
    expect((await api('GET', `/v1/humans/${humanId}/attributes`)).body).toEqual({ plan: 'silver' });

    expect((await api('PATCH', `/v1/humans/${humanId}/attributes`, { plan: null })).body).toEqual({});
    expect(await ofConversation(conversationId)).toEqual({});
    expect(await ofConversation(second)).toEqual({});
    chat.close();
  });
});
