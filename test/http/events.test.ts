// GET /v1/events: an account's sockets hear which of its conversations changed; others hear nothing; no credentials, no socket.
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParleyClient, must, type ParleyClient } from '../../sdk/index.js';
import { ChatClient } from '../channels/web/chat-client.js';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server.js';

const bot = { name: 'echo', interactions: [{ name: 'other', intents: ['sys:text'], actions: [{ send: { message: { text: 'Echo: {sys:text}' } } }] }] };

interface Listener { frames: { type: string; conversationId?: number }[]; socket: WebSocket; next(test: (f: { type: string; conversationId?: number }) => boolean): Promise<void> }

function listen(url: string, headers: Record<string, string>): Promise<Listener> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url.replace('http', 'ws')}/v1/events`, { headers });
    const frames: Listener['frames'] = [];
    const waiters: (() => void)[] = [];
    socket.on('message', (data: Buffer) => {
      frames.push(JSON.parse(data.toString()) as Listener['frames'][number]);
      for (const w of waiters.splice(0)) w();
      if (frames.length === 1) resolve(listener);
    });
    socket.on('unexpected-response', (_req, res) => reject(new Error(`status ${res.statusCode}`)));
    socket.on('error', reject);
    const listener: Listener = {
      frames, socket,
      next: (test) => new Promise((done, fail) => {
        const check = () => (frames.some(test) ? done() : waiters.push(check));
        setTimeout(() => fail(new Error(`no such frame in ${JSON.stringify(frames)}`)), 10_000);
        check();
      }),
    };
  });
}

describe.each(DATABASES)('account events on %s', (kind) => {
  let server: TestServer;
  let token: string;
  let api: ParleyClient;
  beforeAll(async () => {
    server = await startTestServer(kind);
    token = (await server.account()).token;
    api = createParleyClient({ baseUrl: server.url, token });
  });
  afterAll(async () => server?.close());

  it('tells the account\'s sockets of a new message, a takeover and a reply; another account hears nothing', async () => {
    const mine = await listen(server.url, { authorization: `Bearer ${token}` });
    const theirs = await listen(server.url, { authorization: `Bearer ${(await server.account()).token}` });
    expect(mine.frames[0]).toEqual({ type: 'ready' });
    const botId = (await must(api.POST('/v1/bots', { body: bot }))).id;
    const web = await must(api.POST('/v1/channels', { body: { channelType: 'web', botId, name: 'site', description: 'chat' } }));
    const { client: chat } = await ChatClient.open(server.url, web.id);
    chat.say('hello');
    await chat.botText(0);
    await server.services.runtime.settled();
    const id = (await must(api.GET('/v1/conversations'))).conversations[0]!.id;
    await mine.next((f) => f.type === 'conversation' && f.conversationId === id);

    const before = mine.frames.length;
    await must(api.PATCH('/v1/conversations/{conversation_id}', { params: { path: { conversation_id: id } }, body: { botEnabled: false } }));
    await mine.next(() => mine.frames.length > before);
    expect(theirs.frames).toEqual([{ type: 'ready' }]);
    chat.close();
    mine.socket.close();
    theirs.socket.close();
  });

  it('refuses a socket without credentials (401) and a cookie-signed socket from another site (403)', async () => {
    await expect(listen(server.url, {})).rejects.toThrow('status 401');
    const email = `events-${kind}@example.com`;
    await server.account(email);
    const signIn = await fetch(`${server.url}/v1/sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'correct horse battery' }) });
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    await expect(listen(server.url, { cookie, origin: 'https://evil.example' })).rejects.toThrow('status 403');
    const own = await listen(server.url, { cookie, origin: server.url });
    expect(own.frames[0]).toEqual({ type: 'ready' });
    own.socket.close();
  });
});
