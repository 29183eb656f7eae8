import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Call } from '../../helpers/http.js';
import { DATABASES, startTestServer, type TestServer } from '../../helpers/server.js';
import { ChatClient } from './chat-client.js';

const bot = {
  name: 'front desk',
  interactions: [
    { name: 'welcome', intents: ['sys:start'], actions: [{ send: { message: { text: 'Hello! How can I help?', quickReplies: [{ type: 'text', title: 'Opening hours' }, { type: 'postback', title: 'Talk to us', payload: 'CONTACT', execute: 'contact' }] } } }] },
    { name: 'hours', intents: [{ name: 'hours', expressions: ['opening hours', 'when are you open', 'what time do you open'] }], actions: [{ send: { message: { text: 'We are open 9 to 5.' } } }] },
    {
      name: 'contact',
      actions: [
        { dataCapture: { displayMode: 'popup', submitButton: 'Send', executeOnSubmit: 'thanks', fields: [{ type: 'text', attribute: 'fullName', title: 'Name', required: true }, { type: 'select', attribute: 'topic', options: ['Sales', 'Support'] }] } },
        { send: { message: { text: 'Anything else?' } } },
      ],
    },
    { name: 'thanks', actions: [{ send: { message: { text: 'Thanks {fullName}, {topic} will call you.' } } }] },
    { name: 'other', intents: ['sys:text'], actions: [{ send: { message: { text: 'You said: {sys:text}' } } }] },
  ],
};

describe.each(DATABASES)('web chat on %s', (kind) => {
  let server: TestServer;
  let api: Call;
  let channelId: number;

  beforeAll(async () => {
    server = await startTestServer(kind);
    const { token } = await server.account();
    api = client(server.url, token);
    const created = await api('POST', '/v1/bots', bot);
    expect(created.status).toBe(200);
    const channel = await api('POST', '/v1/channels', { channelType: 'web', botId: created.body.id, name: 'site', description: 'chat' });
    channelId = channel.body.id;
  });
  afterAll(async () => server?.close());

  it('greets a new visitor, answers intents, runs a quick reply target and a form, and gives the history back on reconnect', async () => {
    const { client: chat, welcome } = await ChatClient.open(server.url, channelId);
    expect(welcome.history).toEqual([]);
    expect(typeof welcome.visitor).toBe('string');
    expect(await chat.botText(0)).toBe('Hello! How can I help?');
    expect(chat.botMessages()[0]!.quickReplies!.map((q) => q.title)).toEqual(['Opening hours', 'Talk to us']);

    chat.say('when are you open?');
    expect(await chat.botText(1)).toBe('We are open 9 to 5.');

    chat.send({ type: 'postback', id: 'p1', payload: 'CONTACT', title: 'Talk to us' });
    await chat.next(() => chat.botMessages().length > 2);
    const form = chat.botMessages()[2]!.form as { token: string; fields: { name: string }[] };
    expect(form.fields.map((f) => f.name)).toEqual(['fullName', 'topic']);

    chat.send({ type: 'form', id: 'f1', token: form.token, action: 'submit', values: { fullName: 'Ada', topic: 'Sales' } });
    expect(await chat.botText(3)).toBe('Thanks Ada, Sales will call you.');
    expect(await chat.botText(4)).toBe('Anything else?');
    chat.close();

    const again = await ChatClient.open(server.url, channelId, welcome.visitor as string);
    const history = again.welcome.history as { id: number; direction: string; text: string | null }[];
    expect(history.filter((m) => m.direction === 'out').map((m) => m.text)).toEqual([
      'Hello! How can I help?', 'We are open 9 to 5.', null, 'Thanks Ada, Sales will call you.', 'Anything else?',
    ]);
    expect(history.filter((m) => m.direction === 'in').map((m) => m.text)).toEqual(['when are you open?', 'Talk to us']);
    // What the socket pushed live (read back, or carried by the commit's signal) is what the history reads from the store.
    const live = chat.frames.filter((f) => f.type === 'message').map((f) => f.message as { id: number });
    expect([...live].sort((a, b) => a.id - b.id)).toEqual(history.filter((m) => live.some((l) => l.id === m.id)));
    expect(live).toHaveLength(7);
    again.client.close();
  });

  it('tells the widget which forms are still open: a refused answer keeps the form open, an accepted one closes it', async () => {
    const { client: chat, welcome } = await ChatClient.open(server.url, channelId);
    expect(welcome.openForms).toEqual([]);
    await chat.botText(0);
    chat.send({ type: 'postback', id: 'talk', payload: 'CONTACT', title: 'Talk to us' });
    const echo = await chat.next((f) => f.type === 'message' && (f.message as { direction: string }).direction === 'in');
    expect(echo.message).toMatchObject({ text: 'Talk to us', clientId: 'talk' });
    const shown = await chat.next((f) => f.type === 'message' && (f.message as { form?: unknown }).form != null);
    const token = (shown.message as { form: { token: string } }).form.token;
    expect(shown.openForms).toEqual([token]);

    chat.send({ type: 'form', id: 'bad', token, action: 'submit', values: { fullName: 'Ada', topic: 'Cooking' } });
    const refusal = await chat.next((f) => f.type === 'message' && String((f.message as { text: string | null }).text).startsWith('topic'));
    expect(refusal.openForms).toEqual([token]);
    const reconnected = await ChatClient.open(server.url, channelId, welcome.visitor as string);
    expect(reconnected.welcome.openForms).toEqual([token]);
    reconnected.client.close();

    chat.send({ type: 'form', id: 'good', token, action: 'submit', values: { fullName: 'Ada', topic: 'Support' } });
    const thanks = await chat.next((f) => f.type === 'message' && (f.message as { text: string | null }).text === 'Thanks Ada, Support will call you.');
    expect(thanks.openForms).toEqual([]);
    chat.close();
  });

  it('refuses a forged visitor id by issuing a new one, and answers a bad frame with an error frame', async () => {
    const { client: chat, welcome } = await ChatClient.open(server.url, channelId, 'AAAAAAAAAAAAAAAAAAAAAA.forged');
    expect(welcome.visitor).not.toBe('AAAAAAAAAAAAAAAAAAAAAA.forged');
    expect(welcome.history).toEqual([]);
    chat.send({ type: 'message', text: 42 });
    const error = await chat.next((f) => f.type === 'error');
    expect(String(error.description)).toContain('frame');
    chat.close();
  });

  it('refuses a flood frame by frame, naming each refused frame, and takes a refused frame sent again later', async () => {
    const { client: chat } = await ChatClient.open(server.url, channelId);
    await chat.botText(0);
    const ids = Array.from({ length: 100 }, (_, i) => `flood-${i}`);
    for (const id of ids) chat.say(`flood ${id}`, id);
    const answered = (f: { type: string; id?: unknown }) => (f.type === 'ack' || f.type === 'error') && typeof f.id === 'string' && f.id.startsWith('flood-');
    await chat.next(() => chat.frames.filter(answered).length === ids.length, 60_000);
    const acked = chat.frames.filter((f) => f.type === 'ack' && ids.includes(f.id as string)).map((f) => f.id);
    const refused = chat.frames.filter((f) => f.type === 'error' && ids.includes(f.id as string));
    // A burst of 60 frames is taken (the hello was one of them); the rest came faster than 5 a second.
    expect(acked.length).toBeGreaterThanOrEqual(59);
    expect(refused.length).toBeGreaterThan(0);
    expect(acked.length + refused.length).toBe(ids.length);
    for (const r of refused) {
      expect(r.retry).toBe(true);
      expect(String(r.description)).toMatch(/^Too many frames: up to 60 at once, then 5 a second/);
      expect(acked).not.toContain(r.id);
    }
    // Every frame taken is answered once; a refused one never reached the bot.
    const echoes = () => chat.botMessages().filter((m) => m.text?.startsWith('You said: flood'));
    await chat.next(() => echoes().length >= acked.length, 60_000);
    await server.services.runtime.settled();
    expect(echoes().map((m) => m.text).sort()).toEqual(acked.map((id) => `You said: flood ${id}`).sort());

    await new Promise((r) => setTimeout(r, 1000));
    const again = refused[0]!.id as string;
    chat.say(`flood ${again}`, again);
    expect((await chat.next((f) => f.type === 'ack' && f.id === again)).duplicate).toBe(false);
    chat.close();
  }, 120_000);

  it('deduplicates a message sent twice with the same id', async () => {
    const { client: chat } = await ChatClient.open(server.url, channelId);
    await chat.botText(0);
    chat.say('hello there', 'same-id');
    chat.say('hello there', 'same-id');
    const acks = [await chat.next((f) => f.type === 'ack' && f.duplicate === false), await chat.next((f) => f.type === 'ack' && f.duplicate === true)];
    expect(acks).toHaveLength(2);
    expect(await chat.botText(1)).toBe('You said: hello there');
    await server.services.runtime.settled();
    expect(chat.botMessages()).toHaveLength(2);
    chat.close();
  });
});
