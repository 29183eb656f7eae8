// An agent in a conversation: take over, reply through the channel (the web-chat visitor sees it live), notes, hand back; the channel's rules refuse with 409/422.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageEvent } from '../../src/engine/index.js';
import { ChatClient } from '../channels/web/chat-client.js';
import { client, type Call } from '../helpers/http.js';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server.js';

const bot = {
  name: 'echo',
  interactions: [
    { name: 'hi', intents: ['sys:start'], actions: [{ send: { message: { text: 'Hi there' } } }] },
    { name: 'other', intents: ['sys:text'], actions: [{ send: { message: { text: 'Echo: {sys:text}' } } }] },
  ],
};

describe.each(DATABASES)('agent replies on %s', (kind) => {
  let server: TestServer;
  let api: Call;
  let other: Call;
  let botId: number;
  let webChannel: number;

  beforeAll(async () => {
    server = await startTestServer(kind);
    api = client(server.url, (await server.account()).token);
    other = client(server.url, (await server.account()).token);
    botId = (await api('POST', '/v1/bots', bot)).body.id;
    webChannel = (await api('POST', '/v1/channels', { channelType: 'web', botId, name: 'site', description: 'chat' })).body.id;
  });
  afterAll(async () => server?.close());

  /** A conversation on a provider channel, opened by an inbound message as the provider's webhook would. */
  async function inbound(channelId: number, address: string, text: string, keyword?: { subscribed: boolean }) {
    const channel = (await server.services.runtime.channels.find(channelId))!;
    const ingested = await server.services.runtime.ingest.receive({
      channel, address, providerMessageId: `${address}-${text}-${Math.random()}`, event: messageEvent({ text }),
      ...(keyword ? { keyword: { channelId, subscribed: keyword.subscribed, reply: null } } : {}),
    });
    await server.services.runtime.settled();
    return ingested.conversationId;
  }

  it('takes over, replies as an agent (the visitor sees it), keeps notes to staff, and hands back to the bot', async () => {
    const { client: chat } = await ChatClient.open(server.url, webChannel);
    expect(await chat.botText(0)).toBe('Hi there');
    await server.services.runtime.settled();
    const id = (await api('GET', `/v1/conversations?channel_id=${webChannel}`)).body.conversations[0].id as number;

    expect((await api('PATCH', `/v1/conversations/${id}`, { botEnabled: false })).body.botEnabled).toBe(false);
    chat.say('is anyone there?');
    await chat.next(() => chat.frames.filter((f) => f.type === 'ack').length === 1);
    await server.services.runtime.settled();
    expect(chat.botMessages()).toHaveLength(1);

    const reply = await api('POST', `/v1/conversations/${id}/messages`, {
      text: 'Hello, this is Ana.', buttons: [{ type: 'weburl', title: 'Our hours', payload: 'https://example.com/hours' }], quickReplies: [{ title: 'Thanks' }],
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ direction: 'out', kind: 'message', author: 'agent', content: { text: 'Hello, this is Ana.' } });
    expect(await chat.botText(1)).toBe('Hello, this is Ana.');
    expect(chat.botMessages()[1]!.quickReplies?.map((q) => q.title)).toEqual(['Thanks']);

    const note = await api('POST', `/v1/conversations/${id}/notes`, { text: 'Customer asked about refunds.' });
    expect(note.status).toBe(200);
    expect(note.body).toMatchObject({ direction: 'note', kind: 'note', author: 'agent', status: 'sent' });

    await server.services.runtime.settled();
    const history = (await api('GET', `/v1/conversations/${id}/messages`)).body.messages as { author: string; direction: string; status: string; content: { text: string } }[];
    expect(history.map((m) => `${m.author}:${m.direction}:${m.content.text}`)).toEqual([
      'bot:out:Hi there', 'human:in:is anyone there?', 'agent:out:Hello, this is Ana.', 'agent:note:Customer asked about refunds.',
    ]);
    expect(history[2]!.status).toBe('sent');

    expect((await api('PATCH', `/v1/conversations/${id}`, { botEnabled: true })).body.botEnabled).toBe(true);
    chat.say('bye');
    expect(await chat.botText(2)).toBe('Echo: bye');
    // The note never reached the visitor.
    expect(chat.botMessages().map((m) => m.text)).not.toContain('Customer asked about refunds.');
    chat.close();
  });

  it('refuses a reply without text or media, over the channel\'s length, or with a bad field (422); another account\'s conversation is 403', async () => {
    const { client: chat } = await ChatClient.open(server.url, webChannel);
    await chat.botText(0);
    await server.services.runtime.settled();
    const { conversations } = (await api('GET', `/v1/conversations?channel_id=${webChannel}`)).body;
    const id = conversations[conversations.length - 1].id as number;
    expect((await api('POST', `/v1/conversations/${id}/messages`, {})).status).toBe(422);
    expect((await api('POST', `/v1/conversations/${id}/messages`, { text: '   ' })).status).toBe(422);
    expect((await api('POST', `/v1/conversations/${id}/messages`, { text: 'x'.repeat(3073) })).status).toBe(422);
    expect((await api('POST', `/v1/conversations/${id}/messages`, { text: 'x', buttons: [{ type: 'fax', title: 'x' }] })).status).toBe(422);
    expect((await api('POST', `/v1/conversations/${id}/notes`, { text: '' })).status).toBe(422);
    expect((await other('POST', `/v1/conversations/${id}/messages`, { text: 'hi' })).status).toBe(403);
    expect((await other('POST', `/v1/conversations/${id}/notes`, { text: 'hi' })).status).toBe(403);
    expect((await api('POST', '/v1/conversations/999999/messages', { text: 'hi' })).status).toBe(404);
    chat.close();
  });

  it('refuses text to a human who sent STOP (409) and SMS text past ten segments (422)', async () => {
    const sms = (await api('POST', '/v1/channels', { channelType: 'dlc', botId, name: 'sms', description: 'sms', token: 'sandbox', user: '+14155550100' })).body.id as number;
    const id = await inbound(sms, '+14155550123', 'hello');
    expect((await api('POST', `/v1/conversations/${id}/messages`, { text: 'x'.repeat(1601) })).status).toBe(422);
    const ok = await api('POST', `/v1/conversations/${id}/messages`, { text: 'An agent here.' });
    expect(ok.status).toBe(200);
    await inbound(sms, '+14155550123', 'STOP', { subscribed: false });
    const refused = await api('POST', `/v1/conversations/${id}/messages`, { text: 'Still there?' });
    expect(refused.status).toBe(409);
    expect(refused.body.description).toContain('STOP');
    // A note is for staff only: still fine.
    expect((await api('POST', `/v1/conversations/${id}/notes`, { text: 'They opted out.' })).status).toBe(200);
  });

  it('refuses a messenger reply after the 24-hour window unless the channel has a message tag (409)', async () => {
    const plain = (await api('POST', '/v1/channels', { channelType: 'fb', botId, name: 'page', description: 'fb', token: 'page-token', user: '1234567890' })).body.id as number;
    const id = await inbound(plain, 'psid-1', 'hello');
    await server.services.runtime.settled();
    const old = new Date(Date.now() - 25 * 3_600_000).toISOString();
    await server.store.db.updateTable('messages').set({ created_at: old }).where('conversation_id', '=', id).where('direction', '=', 'in').execute();
    const refused = await api('POST', `/v1/conversations/${id}/messages`, { text: 'Sorry for the wait.' });
    expect(refused.status).toBe(409);
    expect(refused.body.description).toContain('24 hours');

    const tagged = (await api('POST', '/v1/channels', { channelType: 'fb', botId, name: 'tagged', description: 'fb', token: JSON.stringify({ pageAccessToken: 'page-token', messageTag: 'HUMAN_AGENT' }), user: '1234567891' })).body.id as number;
    const taggedId = await inbound(tagged, 'psid-2', 'hello');
    await server.store.db.updateTable('messages').set({ created_at: old }).where('conversation_id', '=', taggedId).where('direction', '=', 'in').execute();
    expect((await api('POST', `/v1/conversations/${taggedId}/messages`, { text: 'Sorry for the wait.' })).status).toBe(200);
    expect((await api('POST', `/v1/conversations/${taggedId}/messages`, { text: 'x', buttons: [1, 2, 3, 4].map((n) => ({ type: 'postback', title: `b${n}` })) })).status).toBe(422);
  });
});
