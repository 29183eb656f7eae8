import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatClient } from '../channels/web/chat-client.js';
import { client, isErrorObject, type Call } from '../helpers/http.js';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server.js';

const bot = {
  name: 'echo',
  interactions: [
    { name: 'hi', intents: ['sys:start'], actions: [{ assignAttributes: { attributes: [{ attributePath: 'greeted', value: 'yes' }] } }, { send: { message: { text: 'Hi there' } } }] },
    { name: 'ask', intents: [{ name: 'age', expressions: ['ask my age', 'how old am i'] }], actions: [{ send: { message: { text: 'How old are you?' } } }, { waitFor: { data: ['number'], content: 'age' } }, { send: { message: { text: 'Noted: {age}' } } }] },
    { name: 'handover', intents: [{ name: 'human', expressions: ['talk to a person', 'i want a human'] }], actions: [{ send: { message: { text: 'Passing you to a colleague.' } } }, { updateSettings: { bot: { enabled: false } } }] },
    { name: 'other', intents: ['sys:text'], actions: [{ send: { message: { text: 'Echo: {sys:text}' } } }] },
  ],
};

describe.each(DATABASES)('conversations API on %s', (kind) => {
  let server: TestServer;
  let api: Call;
  let other: Call;
  let channelId: number;

  beforeAll(async () => {
    server = await startTestServer(kind);
    api = client(server.url, (await server.account()).token);
    other = client(server.url, (await server.account()).token);
    const created = await api('POST', '/v1/bots', bot);
    channelId = (await api('POST', '/v1/channels', { channelType: 'web', botId: created.body.id, name: 'site', description: 'chat' })).body.id;
  });
  afterAll(async () => server?.close());

  it('lists a conversation with its state, history and attributes; hands it to people and back', async () => {
    const { client: chat } = await ChatClient.open(server.url, channelId);
    await chat.botText(0);
    chat.say('how old am i');
    await chat.botText(1);
    await server.services.runtime.settled();

    const list = await api('GET', `/v1/conversations?channel_id=${channelId}`);
    expect(list.status).toBe(200);
    expect(list.body.conversations).toHaveLength(1);
    const conversation = list.body.conversations[0];
    expect(conversation).toMatchObject({ channelId, botEnabled: true, priority: 'normal', waitingFor: 'answer', context: null });
    expect(conversation.dateCreated).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);

    chat.say('42');
    expect(await chat.botText(2)).toBe('Noted: 42');
    await server.services.runtime.settled();
    expect((await api('GET', `/v1/conversations/${conversation.id}`)).body.waitingFor).toBeNull();
    expect((await api('GET', `/v1/conversations/${conversation.id}/attributes`)).body).toEqual({ greeted: 'yes', age: '42' });

    const history = await api('GET', `/v1/conversations/${conversation.id}/messages?limit=3`);
    expect(history.body.messages.map((m: { direction: string }) => m.direction)).toEqual(['out', 'in', 'out']);
    expect(history.body.messages[0]).toMatchObject({ kind: 'message', status: 'sent', content: { text: 'Hi there' } });
    const rest = await api('GET', `/v1/conversations/${conversation.id}/messages?cursor=${history.body.nextCursor}`);
    expect(rest.body.messages.map((m: { content: { text: string } }) => m.content.text)).toEqual(['42', 'Noted: 42']);
    expect(rest.body.nextCursor).toBeNull();

    chat.say('i want a human');
    expect(await chat.botText(3)).toBe('Passing you to a colleague.');
    await server.services.runtime.settled();
    expect((await api('GET', `/v1/conversations/${conversation.id}`)).body.botEnabled).toBe(false);
    chat.say('hello?');
    await chat.next((f) => f.type === 'ack' && f.id !== undefined && chat.frames.filter((x) => x.type === 'ack').length === 4);
    await server.services.runtime.settled();
    expect(chat.botMessages()).toHaveLength(4);

    const back = await api('PATCH', `/v1/conversations/${conversation.id}`, { botEnabled: true, priority: 'high' });
    expect(back.body).toMatchObject({ botEnabled: true, priority: 'high' });
    chat.say('anyone?');
    expect(await chat.botText(4)).toBe('Echo: anyone?');
    chat.close();
  });

  it('keeps conversations to their account: 403 for another account, 404 for none, 400 for a bad cursor', async () => {
    const { conversations } = (await api('GET', '/v1/conversations')).body;
    const id = conversations[0].id;
    for (const path of [`/v1/conversations/${id}`, `/v1/conversations/${id}/messages`, `/v1/conversations/${id}/attributes`]) {
      const res = await other('GET', path);
      expect(res.status).toBe(403);
      expect(isErrorObject(res.body, 403)).toBe(true);
    }
    expect((await other('PATCH', `/v1/conversations/${id}`, { botEnabled: false })).status).toBe(403);
    expect((await other('GET', '/v1/conversations')).body.conversations).toEqual([]);
    expect((await api('GET', '/v1/conversations/999999')).status).toBe(404);
    expect((await api('GET', '/v1/conversations?cursor=nope')).status).toBe(400);
    expect((await api('PATCH', `/v1/conversations/${id}`, { priority: 'urgent' })).status).toBe(422);
  });
});
