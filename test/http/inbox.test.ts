// The inbox a support team triages, over HTTP on both databases: last message, unread counts per member, status and
// reopening, assignment and "mine", search (a bot-captured e-mail, message text, a phone), the "wants a person" flag,
// a reply that takes over and names its author, canned replies, and another account's conversations out of reach.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageEvent } from '../../src/engine/index.js';
import { ChatClient } from '../channels/web/chat-client.js';
import { client, type Call } from '../helpers/http.js';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server.js';

const bot = {
  name: 'desk',
  interactions: [
    { name: 'hi', intents: ['sys:start'], actions: [
      { send: { message: { text: 'Hi! Your e-mail?' } } },
      { waitFor: { data: 'text', content: 'given', timeout: '2s' } },
      { updateAttribute: { attribute: 'sys:email', value: '{given}', process: true } },
      { send: { message: { text: 'Thanks' } } },
    ] },
    { name: 'other', intents: ['sys:text'], actions: [
      { conditions: [{ attribute: 'sys:text', equals: 'handoff' }], updateSettings: { bot: { enabled: false } } },
      { send: { message: { text: 'Echo: {sys:text}' } } },
    ] },
  ],
};

interface Item { conversation: { id: number; status: string; assigneeId: number | null; wantsPerson: boolean; botEnabled: boolean; dateLastActivity: string | null; dateUpdated: string }; human: { name: string; email: string | null }; lastMessage: { preview: string; author: string; authorName: string | null } | null; unread: number }

describe.each(DATABASES)('the inbox on %s', (kind) => {
  let server: TestServer;
  let owner: Call;
  let ana: Call;
  let anaId: number;
  let viewer: Call;
  let viewerId: number;
  let stranger: Call;
  let channelId: number;
  let smsChannel: number;
  /** The first visitor, who comes back later. */
  let visitor: string;

  /** A member invited by the account's own credential, who accepts with a name: their token. */
  async function member(email: string, role: string, name: string): Promise<{ api: Call; id: number }> {
    const invited = await owner('POST', '/v1/members', { email, role, name });
    const secret = String(invited.body.inviteUrl).split('/').pop()!;
    const accepted = await client(server.url)('POST', `/v1/invitations/${secret}/accept`, { password: 'a long password' });
    expect(accepted.body.member.name).toBe(name);
    return { api: client(server.url, accepted.body.token.token), id: accepted.body.member.id };
  }

  const inbox = async (as: Call, query = '') => (await as('GET', `/v1/inbox${query}`)).body.conversations as Item[];
  const itemOf = async (as: Call, id: number) => (await inbox(as)).find((c) => c.conversation.id === id)!;
  const settled = () => server.services.runtime.settled();

  beforeAll(async () => {
    // Recognizers trained on the event loop: a training worker's start made the first answer wait 7 to 16 s.
    server = await startTestServer(kind, { NLU_TRAINING_WORKERS: '0' });
    owner = client(server.url, (await server.account()).token);
    stranger = client(server.url, (await server.account()).token);
    ({ api: ana, id: anaId } = await member(`ana-${kind}@example.com`, 'agent', 'Ana'));
    ({ api: viewer, id: viewerId } = await member(`vic-${kind}@example.com`, 'viewer', 'Vic'));
    const botId = (await owner('POST', '/v1/bots', bot)).body.id;
    channelId = (await owner('POST', '/v1/channels', { channelType: 'web', botId, name: 'Site chat', description: 'chat' })).body.id;
    smsChannel = (await owner('POST', '/v1/channels', { channelType: 'dlc', botId, name: 'Texts', description: 'sms', user: '+15550001111', token: 'sandbox' })).body.id;
  });
  afterAll(async () => server?.close());

  it('lists a visitor\'s conversation with its last message, unread for each member until they read it; the e-mail the bot captured finds it', async () => {
    const { client: chat, welcome } = await ChatClient.open(server.url, channelId);
    visitor = String(welcome.visitor);
    expect(await chat.botText(0)).toBe('Hi! Your e-mail?');
    chat.say('ann@example.com');
    expect(await chat.botText(1)).toBe('Thanks');
    await settled();
    const [item] = await inbox(ana);
    expect(item).toMatchObject({
      conversation: { status: 'open', assigneeId: null, wantsPerson: false, botEnabled: true },
      human: { email: 'ann@example.com' }, lastMessage: { preview: 'Thanks', author: 'bot', authorName: null }, unread: 1,
    });
    const id = item!.conversation.id;
    // Found by the address the bot captured, by a word of a message, in any case.
    expect((await inbox(ana, '?q=ANN%40example')).map((c) => c.conversation.id)).toEqual([id]);
    expect((await inbox(ana, '?q=your%20e-mail')).map((c) => c.conversation.id)).toEqual([id]);
    expect(await inbox(ana, '?q=nobody%20said%20this')).toEqual([]);
    // The humans' search finds the address too (it is on the contact, not only an attribute).
    expect((await owner('GET', '/v1/humans?email=ann%40example.com')).body.humans).toHaveLength(1);

    expect((await ana('PUT', `/v1/conversations/${id}/read`, {})).status).toBe(200);
    expect((await itemOf(ana, id)).unread).toBe(0);
    // Each member has their own marks; the account's own credential has none.
    expect((await itemOf(viewer, id)).unread).toBe(1);
    expect((await itemOf(owner, id)).unread).toBe(0);
    expect((await owner('PUT', `/v1/conversations/${id}/read`, {})).status).toBe(422);
    chat.say('one more thing');
    expect(await chat.botText(2)).toBe('Echo: one more thing');
    await settled();
    expect(await itemOf(ana, id)).toMatchObject({ unread: 1, lastMessage: { preview: 'Echo: one more thing' } });
    chat.close();
  });

  it('keeps the inbox\'s order when a wait\'s timeout fires after the visitor answered (nothing new in it)', async () => {
    const { client: chat } = await ChatClient.open(server.url, channelId);
    await chat.botText(0);
    chat.say('bo@example.com');
    await chat.botText(1);
    await settled();
    const id = (await inbox(owner))[0]!.conversation.id;
    const before = (await owner('GET', `/v1/conversations/${id}`)).body;
    // The wait's 2 s timer fires (it was answered: its run sends nothing) and is committed.
    const timerRan = async () => (await server.store.db.selectFrom('conversation_events').select('id')
      .where('conversation_id', '=', id).where('kind', '=', 'timer').where('status', '=', 'done').executeTakeFirst()) !== undefined;
    for (let i = 0; i < 300 && !(await timerRan()); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await timerRan()).toBe(true);
    const after = (await owner('GET', `/v1/conversations/${id}`)).body;
    expect(after.dateLastActivity).toBe(before.dateLastActivity);
    chat.close();
  });

  it('resolves, and the visitor writing again reopens; assigns, and "mine" and "none" filter; only a role that answers is assigned', async () => {
    const id = (await inbox(owner, '?q=ann%40'))[0]!.conversation.id;
    expect((await ana('PATCH', `/v1/conversations/${id}`, { status: 'resolved' })).body.status).toBe('resolved');
    expect((await inbox(ana, '?status=open')).map((c) => c.conversation.id)).not.toContain(id);
    expect((await inbox(ana, '?status=resolved')).map((c) => c.conversation.id)).toEqual([id]);
    const { client: chat } = await ChatClient.open(server.url, channelId, visitor);
    chat.say('back again');
    await chat.next(() => chat.botMessages().some((m) => m.text === 'Echo: back again'));
    await settled();
    expect((await owner('GET', `/v1/conversations/${id}`)).body.status).toBe('open');
    chat.close();

    expect((await ana('PATCH', `/v1/conversations/${id}`, { assigneeId: anaId })).body.assigneeId).toBe(anaId);
    expect((await inbox(ana, '?assignee=me')).map((c) => c.conversation.id)).toEqual([id]);
    expect((await inbox(ana, '?assignee=none')).map((c) => c.conversation.id)).not.toContain(id);
    expect((await inbox(viewer, '?assignee=me'))).toEqual([]);
    const refused = await ana('PATCH', `/v1/conversations/${id}`, { assigneeId: viewerId });
    expect(refused.status).toBe(422);
    expect(refused.body.description).toContain('a role that cannot answer conversations');
    expect((await ana('PATCH', `/v1/conversations/${id}`, { assigneeId: 999_999 })).status).toBe(422);
    expect((await ana('GET', '/v1/inbox/summary')).body).toMatchObject({ mine: 1 });
    expect((await viewer('PATCH', `/v1/conversations/${id}`, { status: 'resolved' })).status).toBe(403);
  });

  it('flags a conversation whose visitor asks for a person, or whose bot hands over; a reply that takes over answers it and names its author', async () => {
    const { client: chat } = await ChatClient.open(server.url, channelId);
    await chat.botText(0);
    chat.say('cy@example.com');
    await chat.botText(1);
    chat.say('Can I talk to a real person please?');
    await chat.botText(2);
    await settled();
    const id = (await inbox(ana, '?wants_person=true'))[0]!.conversation.id;
    expect((await owner('GET', `/v1/conversations/${id}`)).body).toMatchObject({ wantsPerson: true, botEnabled: true, assigneeId: null });

    const sent = await ana('POST', `/v1/conversations/${id}/messages`, { text: 'Hi, Ana here.', takeOver: true });
    expect(sent.body).toMatchObject({ author: 'agent', authorName: 'Ana' });
    const frame = await chat.next((f) => f.type === 'message' && (f.message as { text: string }).text === 'Hi, Ana here.');
    expect((frame.message as { sender?: unknown }).sender).toEqual({ name: 'Ana', role: 'agent' });
    expect((await owner('GET', `/v1/conversations/${id}`)).body).toMatchObject({ wantsPerson: false, botEnabled: false, assigneeId: anaId });
    const note = await ana('POST', `/v1/conversations/${id}/notes`, { text: 'Wants a refund.' });
    expect(note.body.authorName).toBe('Ana');
    expect((await itemOf(owner, id)).lastMessage).toMatchObject({ preview: 'Wants a refund.', authorName: 'Ana' });
    // The audit log says it in words.
    const audit = (await owner('GET', '/v1/audit?resource=conversations')).body.entries as { summary: string }[];
    expect(audit.map((e) => e.summary)).toEqual(expect.arrayContaining([
      `Ana added a note to conversation ${id} (cy@example.com)`, `Ana took over conversation ${id} (cy@example.com) and replied`,
    ]));
    chat.close();

    // The bot hands over by itself (updateSettings bot.enabled false): flagged too.
    const { client: other } = await ChatClient.open(server.url, channelId);
    await other.botText(0);
    other.say('dee@example.com');
    await other.botText(1);
    other.say('handoff');
    await other.next(() => other.frames.filter((f) => f.type === 'ack').length === 2);
    await settled();
    const handed = (await inbox(ana, '?q=dee%40'))[0]!;
    expect(handed.conversation).toMatchObject({ wantsPerson: true, botEnabled: false });
    expect((await ana('PATCH', `/v1/conversations/${handed.conversation.id}`, { status: 'resolved' })).body.wantsPerson).toBe(false);
    other.close();
  });

  it('searches by phone on an SMS conversation, and filters by channel', async () => {
    const channel = (await server.services.runtime.channels.find(smsChannel))!;
    await server.services.runtime.ingest.receive({ channel, address: '+15557654321', providerMessageId: `sms-${kind}-1`, event: messageEvent({ text: 'hello by text' }) });
    await settled();
    const found = await inbox(ana, '?q=7654321');
    expect(found.map((c) => c.human.name)).toEqual(['+15557654321']);
    expect((await inbox(ana, `?channel_id=${smsChannel}`)).map((c) => c.human.name)).toEqual(['+15557654321']);
  });

  it('keeps canned replies per account: agents add and change them, viewers read them, titles are unique', async () => {
    const made = await ana('POST', '/v1/canned-replies', { title: 'Hours', text: 'We answer from 9 to 5.' });
    expect(made.status).toBe(200);
    expect((await ana('POST', '/v1/canned-replies', { title: 'Hours', text: 'again' })).status).toBe(409);
    expect((await viewer('POST', '/v1/canned-replies', { title: 'Other', text: 'x' })).status).toBe(403);
    expect((await viewer('GET', '/v1/canned-replies')).body.map((r: { title: string }) => r.title)).toEqual(['Hours']);
    expect((await ana('PUT', `/v1/canned-replies/${made.body.id}`, { title: 'Opening hours', text: 'We answer from 9 to 6.' })).body.title).toBe('Opening hours');
    expect((await stranger('GET', '/v1/canned-replies')).body).toEqual([]);
    expect((await stranger('DELETE', `/v1/canned-replies/${made.body.id}`)).status).toBe(403);
    expect((await ana('DELETE', `/v1/canned-replies/${made.body.id}`)).status).toBe(200);
  });

  it('answers two canned replies of one title sent at once with 200 and 409, never a 500', async () => {
    const body = { title: 'Twice at once', text: 'Only one of us is kept.' };
    const statuses = (await Promise.all([owner('POST', '/v1/canned-replies', body), owner('POST', '/v1/canned-replies', body)])).map((r) => r.status);
    expect(statuses.sort()).toEqual([200, 409]);
  });

  it('keeps another account\'s conversations out of reach', async () => {
    const id = (await inbox(owner))[0]!.conversation.id;
    expect(await inbox(stranger)).toEqual([]);
    expect((await stranger('PATCH', `/v1/conversations/${id}`, { status: 'resolved' })).status).toBe(403);
    expect((await stranger('PUT', `/v1/conversations/${id}/read`, {})).status).toBe(403);
    expect((await owner('GET', '/v1/inbox?assignee=me')).status).toBe(422);
    expect((await owner('GET', '/v1/inbox?cursor=nope')).status).toBe(400);
  });

  it('pages through the inbox, latest activity first', async () => {
    const all = await inbox(owner);
    const first = await owner('GET', '/v1/inbox?limit=2');
    const second = await owner('GET', `/v1/inbox?limit=2&cursor=${first.body.nextCursor as string}`);
    expect([...first.body.conversations, ...second.body.conversations].map((c: Item) => c.conversation.id)).toEqual(all.slice(0, 4).map((c) => c.conversation.id));
    const dates = all.map((c) => c.conversation.dateLastActivity ?? '');
    expect(dates).toEqual([...dates].sort().reverse());
  });
});
