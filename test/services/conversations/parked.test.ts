// A conversation whose stored state this release cannot read is parked, visibly, with its messages kept; the others keep being answered.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unreadableCounts } from '../../../src/engine/index.js';
import { startServer } from '../../../src/server.js';
import { repositories } from '../../../src/store/index.js';
import { ChatClient } from '../../channels/web/chat-client.js';
import { client, type Call } from '../../helpers/http.js';
import { DATABASES, startTestServer, type TestServer } from '../../helpers/server.js';

const bot = {
  name: 'echo',
  interactions: [
    { name: 'hi', intents: ['sys:start'], actions: [{ send: { message: { text: 'Hi there' } } }] },
    { name: 'other', intents: ['sys:text'], actions: [{ send: { message: { text: 'Echo: {sys:text}' } } }] },
  ],
};

/** Polls until `read` gives something (the runtime works in the background); the test fails on its own timeout otherwise. */
async function eventually<T>(read: () => Promise<T | undefined>): Promise<T> {
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// A loaded machine can take seconds to train the bot and to run each step: a longer bound than the default 30 s.
describe.each(DATABASES)('stored data of an unknown version on %s', { timeout: 120_000 }, (kind) => {
  let server: TestServer;
  let api: Call;
  let channelId: number;
  let log = '';
  const texts = async (conversationId: number): Promise<string[]> => {
    const { body } = await api('GET', `/v1/conversations/${conversationId}/messages?limit=100`);
    return (body.messages as { direction: string; content: { text?: string } }[]).map((m) => `${m.direction} ${m.content.text ?? ''}`);
  };

  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => { log += chunk.toString(); });
    server = await startTestServer(kind, { LOG_LEVEL: 'error' }, stream);
    api = client(server.url, (await server.account()).token);
    const created = await api('POST', '/v1/bots', bot);
    channelId = (await api('POST', '/v1/channels', { channelType: 'web', botId: created.body.id, name: 'site', description: 'chat' })).body.id;
  });
  afterAll(async () => server?.close());

  it('a state: parks its conversation, visible through the API, keeps its messages, and the others are answered', async () => {
    // One visitor after the other, so that each conversation is known by the order it was made in (not by timing).
    const list = async () => (await api('GET', `/v1/conversations?channel_id=${channelId}`)).body.conversations as { id: number; parked: string | null }[];
    const { client: parkedChat } = await ChatClient.open(server.url, channelId);
    expect(await parkedChat.botText(0)).toBe('Hi there');
    await server.services.runtime.settled();
    const [first] = (await list()).map((c) => c.id);
    const { client: otherChat } = await ChatClient.open(server.url, channelId);
    expect(await otherChat.botText(0)).toBe('Hi there');
    await server.services.runtime.settled();
    const listed = await list();
    expect(listed.map((c) => c.parked)).toEqual([null, null]);
    const second = listed.map((c) => c.id).find((id) => id !== first);

    // A newer release wrote this conversation's state.
    const state = await server.store.db.selectFrom('conversations').select('state').where('id', '=', first!).executeTakeFirstOrThrow();
    const newer = JSON.stringify({ ...JSON.parse(state.state) as object, version: 999, somethingNew: [1, 2] });
    await server.store.db.updateTable('conversations').set({ state: newer }).where('id', '=', first!).execute();
    const before = unreadableCounts()['conversation state'] ?? 0;

    parkedChat.say('are you there?');
    await eventually(async () => (await server.store.db.selectFrom('conversations').select('parked_reason').where('id', '=', first!).executeTakeFirstOrThrow()).parked_reason ?? undefined);
    const parked = (await api('GET', `/v1/conversations/${first}`)).body as unknown;
    expect(parked).toMatchObject({ parked: 'stored conversation state has version 999, newer than this release reads', waitingFor: null });

    otherChat.say('still here');
    expect(await otherChat.botText(1)).toBe('Echo: still here');
    await server.services.runtime.settled();

    // The message is kept (for a release that reads the state), unanswered; the state is left exactly as it was.
    const history = (await api('GET', `/v1/conversations/${first}/messages`)).body.messages as { direction: string; content: { text: string } }[];
    expect(history.map((m) => [m.direction, m.content.text])).toEqual([['out', 'Hi there'], ['in', 'are you there?']]);
    expect(parkedChat.botMessages()).toHaveLength(1);
    const kept = await server.store.db.selectFrom('conversations').select('state').where('id', '=', first!).executeTakeFirstOrThrow();
    expect(kept.state).toBe(newer);
    expect((await api('GET', `/v1/conversations/${second}`)).body.parked).toBeNull();
    expect(((await api('GET', '/v1/conversations?parked=true')).body.conversations as { id: number }[]).map((c) => c.id)).toEqual([first]);
    expect(((await api('GET', '/v1/conversations?parked=false')).body.conversations as { id: number }[]).map((c) => c.id)).toEqual([second]);

    const change = await api('PATCH', `/v1/conversations/${first}`, { botEnabled: false });
    expect(change.status).toBe(409);
    expect(change.body.description).toContain('is parked');

    expect(unreadableCounts()['conversation state']).toBe(before + 1);
    const errors = log.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { level: number; msg: string; conversationId?: number; version?: number });
    expect(errors).toContainEqual(expect.objectContaining({ level: 50, conversationId: first, version: 999, msg: 'the conversation is parked: its stored state cannot be read by this release' }));
    parkedChat.close();
    otherChat.close();
  });

  it('a pending event: parks its conversation; a release that reads them takes both back on start', async () => {
    const [first, second] = ((await api('GET', `/v1/conversations?channel_id=${channelId}`)).body.conversations as { id: number }[]).map((c) => c.id);
    const repos = repositories(server.store.db);
    await repos.inbox.add({
      conversationId: second!, channelId, kind: 'message', dedupKey: 'from-the-future', payload: JSON.stringify({ v: 2, event: { kind: 'message', text: 'hi from v2' }, device: null }),
    }, new Date().toISOString());
    server.services.runtime.kick(second!);
    await eventually(async () => (await repos.conversations.find(second!))?.parkedReason ?? undefined);
    expect((await api('GET', `/v1/conversations/${second}`)).body.parked).toBe('stored inbox event has version 2, newer than this release reads');

    // The release that wrote them starts (here: this one, with the first state written back as it reads it, the event as well).
    const state = await server.store.db.selectFrom('conversations').select('state').where('id', '=', first!).executeTakeFirstOrThrow();
    await server.store.db.updateTable('conversations').set({ state: JSON.stringify({ ...JSON.parse(state.state) as object, version: 1 }) }).where('id', '=', first!).execute();
    await server.store.db.updateTable('conversation_events').set({ payload: JSON.stringify({ event: { kind: 'message', text: 'hi from v2' }, device: null }) })
      .where('dedup_key', '=', 'from-the-future').execute();
    const next = await startServer(server.config, { logger: false });
    try {
      await eventually(async () => ((await texts(first!)).includes('out Echo: are you there?') ? true : undefined));
      await eventually(async () => ((await texts(second!)).includes('out Echo: hi from v2') ? true : undefined));
      expect((await api('GET', `/v1/conversations/${first}`)).body.parked).toBeNull();
      expect((await api('GET', `/v1/conversations/${second}`)).body.parked).toBeNull();
    } finally {
      await next.close();
    }
  });

  it('an outbound item: fails with the reason, and the items after it are delivered', async () => {
    const { client: chat } = await ChatClient.open(server.url, channelId);
    expect(await chat.botText(0)).toBe('Hi there');
    await server.services.runtime.settled();
    const ids = ((await api('GET', `/v1/conversations?channel_id=${channelId}`)).body.conversations as { id: number }[]).map((c) => c.id);
    const id = Math.max(...ids);
    const repos = repositories(server.store.db);
    const row = (await repos.conversations.find(id))!;
    const item = { kind: 'message', text: null, title: null, media: null, mediaType: null, buttons: [], quickReplies: [], carousel: [], richCard: null, form: null, json: null };
    const queue = (content: object) => repos.messages.insert({
      accountId: row.accountId, conversationId: id, channelId, humanId: row.humanId, direction: 'out', kind: 'message', content: JSON.stringify(content), status: 'queued',
    }, new Date().toISOString());
    await queue({ ...item, v: 2, text: 'from a newer release', voice: 'calm' });
    await queue({ ...item, text: 'after it' });
    server.services.runtime.kick(id);
    const history = await eventually(async () => {
      const messages = (await api('GET', `/v1/conversations/${id}/messages`)).body.messages as { status: string; failureReason: string | null }[];
      return messages.some((m) => m.status === 'queued') ? undefined : messages;
    });
    expect(history.slice(-2)).toMatchObject([
      { status: 'failed', failureReason: 'stored outbound item has version 2, newer than this release reads' },
      { status: 'sent', failureReason: null },
    ]);
    expect((await api('GET', `/v1/conversations/${id}`)).body.parked).toBeNull();
    chat.close();
  });
});
