// An agent in a conversation: take over, reply through the channel (the web-chat visitor sees it live), notes, hand back; the channel's rules refuse with 409/422.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageEvent } from '../../src/engine/index.js';
import { ChatClient } from '../channels/web/chat-client.js';
import { createParleyClient, must, type ParleyClient } from '../../sdk/index.js';
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
  let api: ParleyClient;
  let other: ParleyClient;
  let botId: number;
  let webChannel: number;

  beforeAll(async () => {
    server = await startTestServer(kind);
    api = createParleyClient({ baseUrl: server.url, token: (await server.account()).token });
    other = createParleyClient({ baseUrl: server.url, token: (await server.account()).token });
    botId = (await must(api.POST('/v1/bots', { body: bot }))).id;
    webChannel = (await must(api.POST('/v1/channels', { body: { channelType: 'web', botId, name: 'site', description: 'chat' } }))).id;
  });
  afterAll(async () => server?.close());

  const path = (conversation_id: number) => ({ params: { path: { conversation_id } } });
  /** Bodies the schema refuses are sent as they are, to see the server refuse them. */
  const reply = (as: ParleyClient, id: number, body: Record<string, unknown>) =>
    as.POST('/v1/conversations/{conversation_id}/messages', { ...path(id), body: body as never });
  const replyStatus = async (as: ParleyClient, id: number, body: Record<string, unknown>) => (await reply(as, id, body)).response.status;
  const noteStatus = async (as: ParleyClient, id: number, text: string) => (await as.POST('/v1/conversations/{conversation_id}/notes', { ...path(id), body: { text } })).response.status;
  const takeOver = async (id: number, botEnabled: boolean) => must(api.PATCH('/v1/conversations/{conversation_id}', { ...path(id), body: { botEnabled } }));
  const conversationsOf = async (channel_id: number) => (await must(api.GET('/v1/conversations', { params: { query: { channel_id } } }))).conversations;
  const createChannel = async (body: Record<string, unknown>) => (await must(api.POST('/v1/channels', { body: { botId, description: 'x', ...body } as never }))).id;

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
    const id = (await conversationsOf(webChannel))[0]!.id;

    expect((await takeOver(id, false)).botEnabled).toBe(false);
    chat.say('is anyone there?');
    await chat.next(() => chat.frames.filter((f) => f.type === 'ack').length === 1);
    await server.services.runtime.settled();
    expect(chat.botMessages()).toHaveLength(1);

    const sent = await must(api.POST('/v1/conversations/{conversation_id}/messages', {
      ...path(id), body: { text: 'Hello, this is Ana.', buttons: [{ type: 'weburl', title: 'Our hours', payload: 'https://example.com/hours' }], quickReplies: [{ title: 'Thanks' }] },
    }));
    expect(sent).toMatchObject({ direction: 'out', kind: 'message', author: 'agent', content: { text: 'Hello, this is Ana.' } });
    expect(await chat.botText(1)).toBe('Hello, this is Ana.');
    expect(chat.botMessages()[1]!.quickReplies?.map((q) => q.title)).toEqual(['Thanks']);

    const note = await must(api.POST('/v1/conversations/{conversation_id}/notes', { ...path(id), body: { text: 'Customer asked about refunds.' } }));
    expect(note).toMatchObject({ direction: 'note', kind: 'note', author: 'agent', status: 'sent' });

    await server.services.runtime.settled();
    const history = (await must(api.GET('/v1/conversations/{conversation_id}/messages', path(id)))).messages;
    expect(history.map((m) => `${m.author}:${m.direction}:${(m.content as { text: string }).text}`)).toEqual([
      'bot:out:Hi there', 'human:in:is anyone there?', 'agent:out:Hello, this is Ana.', 'agent:note:Customer asked about refunds.',
    ]);
    expect(history[2]!.status).toBe('sent');

    // The inbox's order: the conversation with the latest activity first.
    const { client: later } = await ChatClient.open(server.url, webChannel);
    later.say('me too');
    await later.botText(1);
    await server.services.runtime.settled();
    const recent = await must(api.GET('/v1/conversations', { params: { query: { order: 'recent', limit: 1 } } }));
    expect(recent.nextCursor).toBeNull();
    expect(recent.conversations[0]!.id).not.toBe(id);
    later.close();

    expect((await takeOver(id, true)).botEnabled).toBe(true);
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
    const conversations = await conversationsOf(webChannel);
    const id = conversations[conversations.length - 1]!.id;
    expect(await replyStatus(api, id, {})).toBe(422);
    expect(await replyStatus(api, id, { text: '   ' })).toBe(422);
    expect(await replyStatus(api, id, { text: 'x'.repeat(3073) })).toBe(422);
    expect(await replyStatus(api, id, { text: 'x', buttons: [{ type: 'fax', title: 'x' }] })).toBe(422);
    expect(await noteStatus(api, id, '')).toBe(422);
    expect(await replyStatus(other, id, { text: 'hi' })).toBe(403);
    expect(await noteStatus(other, id, 'hi')).toBe(403);
    expect(await replyStatus(api, 999_999, { text: 'hi' })).toBe(404);
    chat.close();
  });

  it('refuses text to a human who sent STOP (409) and SMS text past ten segments (422)', async () => {
    const sms = await createChannel({ channelType: 'dlc', name: 'sms', token: 'sandbox', user: '+14155550100' });
    const id = await inbound(sms, '+14155550123', 'hello');
    expect(await replyStatus(api, id, { text: 'x'.repeat(1601) })).toBe(422);
    expect(await replyStatus(api, id, { text: 'An agent here.', quickReplies: [{ title: 'Yes' }, { title: 'No' }] })).toBe(200);
    // As the channel shows it: the SMS text the carrier gets, the quick replies as numbered options.
    const { messages } = await must(api.GET('/v1/conversations/{conversation_id}/messages', { params: { path: { conversation_id: id }, query: { channel_view: true } } }));
    const agent = messages.find((m) => m.author === 'agent')!;
    expect(agent.channelView).toMatchObject({ kind: 'sms', segments: 1, encoding: 'GSM-7' });
    expect((agent.channelView as { text: string }).text).toMatch(/^An agent here\.[\s\S]*1\W+Yes[\s\S]*2\W+No/);
    expect(messages.find((m) => m.direction === 'in')!.channelView).toBeNull();
    const plain = await must(api.GET('/v1/conversations/{conversation_id}/messages', path(id)));
    expect(plain.messages.find((m) => m.author === 'agent')!.channelView).toBeUndefined();
    await inbound(sms, '+14155550123', 'STOP', { subscribed: false });
    const refused = await reply(api, id, { text: 'Still there?' });
    expect(refused.response.status).toBe(409);
    expect(refused.error?.description).toContain('STOP');
    // A note is for staff only: still fine.
    expect(await noteStatus(api, id, 'They opted out.')).toBe(200);
  });

  it('refuses a messenger reply after the 24-hour window unless the channel has a message tag (409)', async () => {
    const plain = await createChannel({ channelType: 'fb', name: 'page', token: 'page-token', user: '1234567890' });
    const id = await inbound(plain, 'psid-1', 'hello');
    await server.services.runtime.settled();
    const old = new Date(Date.now() - 25 * 3_600_000).toISOString();
    await server.store.db.updateTable('messages').set({ created_at: old }).where('conversation_id', '=', id).where('direction', '=', 'in').execute();
    const refused = await reply(api, id, { text: 'Sorry for the wait.' });
    expect(refused.response.status).toBe(409);
    expect(refused.error?.description).toContain('24 hours');

    const tagged = await createChannel({ channelType: 'fb', name: 'tagged', token: JSON.stringify({ pageAccessToken: 'page-token', messageTag: 'HUMAN_AGENT' }), user: '1234567891' });
    const taggedId = await inbound(tagged, 'psid-2', 'hello');
    await server.store.db.updateTable('messages').set({ created_at: old }).where('conversation_id', '=', taggedId).where('direction', '=', 'in').execute();
    expect(await replyStatus(api, taggedId, { text: 'Sorry for the wait.' })).toBe(200);
    expect(await replyStatus(api, taggedId, { text: 'x', buttons: [1, 2, 3, 4].map((n) => ({ type: 'postback', title: `b${n}` })) })).toBe(422);
  });
});
