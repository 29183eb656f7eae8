// The phone simulator end to end: sandbox channels of every type delivered to pages, what people type or tap into the inbox, accounts kept apart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { messageEvent } from '../../../src/engine/events.js';
import { startServer } from '../../../src/server.js';
import { client, isErrorObject, type Call } from '../../helpers/http.js';
import { DATABASES, freshDatabase, startTestServer, type TestServer } from '../../helpers/server.js';
import { outs, PhonePage, type PhoneMessage } from './phone-client.js';
import { trialBot } from './trial-bot.js';

type View = Record<string, any>;
const view = (m: PhoneMessage | undefined) => (m?.view ?? {}) as View;

describe.each(DATABASES)('sandbox on %s', (kind) => {
  let server: TestServer;
  let api: Call;
  let token: string;
  let botId: number;
  let phoneNo = 0;

  // On PostgreSQL the sandbox is off unless asked for; on, its pages hear of messages through LISTEN/NOTIFY.
  beforeAll(async () => {
    server = await startTestServer(kind, kind === 'postgres' ? { SANDBOX_ENABLED: 'true' } : {});
    ({ token } = await server.account());
    api = client(server.url, token);
    const bot = await api('POST', '/v1/bots', trialBot);
    expect(bot.status, JSON.stringify(bot.body)).toBe(200);
    botId = bot.body.id;
  });
  afterAll(async () => server?.close());

  const channel = async (channelType: string, token: string | null = 'sandbox', extra: object = {}) => {
    const res = await api('POST', '/v1/channels', { channelType, botId, name: `${channelType} trial`, description: 'sandbox', token, ...extra });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.id as number;
  };
  const human = async (firstName = 'Ada') => {
    phoneNo += 1;
    const res = await api('POST', '/v1/humans', { firstName, phone: `+1202555${String(100 + phoneNo).padStart(4, '0')}` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { id: number; phone: string };
  };
  const page = async () => {
    const { page, first } = await PhonePage.open(server.url, token);
    expect(first.type).toBe('ready');
    return page;
  };

  it('an SMS phone: the greeting as text with numbered options and its segments, "2" picks the second, history on reopening', async () => {
    const channelId = await channel('dlc');
    const ada = await human();
    const p = await page();
    const opened = await p.phone(channelId, ada.id);
    expect(opened.type).toBe('phone');
    const phone = opened.phone as { conversationId: number; address: string; channel: { type: string } };
    expect(phone).toMatchObject({ address: ada.phone, channel: { type: 'dlc' } });
    const conversation = phone.conversationId;

    let thread = await p.until(conversation, (m) => outs(m).length >= 1);
    expect(view(outs(thread)[0])).toEqual({ kind: 'sms', text: 'Hi Ada! What would you like?\n\n1. Opening hours\n2. Menu', segments: 1, encoding: 'GSM-7' });

    expect(await p.ack(p.text(conversation, '2'))).toMatchObject({ type: 'ack', duplicate: false, delivered: true });
    thread = await p.until(conversation, (m) => outs(m).length >= 2);
    expect(thread.map((m) => m.direction)).toEqual(['out', 'in', 'out']);
    expect(thread[1]).toMatchObject({ direction: 'in', text: '2' });
    const menu = view(outs(thread)[1]);
    // The carousel as the carrier gets it: each card's lines, its media as a link, the order buttons numbered on.
    expect(menu.text).toBe('Pick one:\n\nMargherita\nTomato, mozzarella and fresh basil from our garden\nhttps://pizza.example/margherita.png\n1. Order\n\nDiavola\nSpicy salami\nhttps://pizza.example/diavola.png\n2. Order');
    expect(menu).toMatchObject({ segments: 2, encoding: 'GSM-7' });

    p.text(conversation, '2');
    thread = await p.until(conversation, (m) => outs(m).length >= 3);
    expect(view(outs(thread)[2]).text).toBe('Ordered: ORDER_DIAV. rcsEnabled=');
    // Delivered as the outbox records it.
    const stored = await api('GET', `/v1/conversations/${conversation}/messages`);
    expect(stored.status).toBe(200);
    const outbound = (stored.body.messages as { direction: string; status: string }[]).filter((m) => m.direction === 'out');
    expect(outbound.map((m) => m.status)).toEqual(['sent', 'sent', 'sent']);
    p.close();

    // Another page (a reload) gets the thread back, and the bot does not greet again.
    const again = await page();
    const reopened = await again.phone(channelId, ada.id);
    expect((reopened.phone as { conversationId: number }).conversationId).toBe(conversation);
    expect((reopened.messages as PhoneMessage[]).map((m) => m.direction)).toEqual(['out', 'in', 'out', 'in', 'out']);
    again.close();
  });

  it('SMS keywords work as the carrier makes them: STOP confirms and unsubscribes, and the bot\'s answer is then refused with the reason', async () => {
    const channelId = await channel('dsc');
    const bob = await human('Bob');
    const p = await page();
    const conversation = ((await p.phone(channelId, bob.id)).phone as { conversationId: number }).conversationId;
    await p.until(conversation, (m) => outs(m).length >= 1);
    p.text(conversation, 'STOP');
    const thread = await p.until(conversation, (m) => outs(m).length >= 3);
    expect(view(outs(thread)[1]).text).toMatch(/^You have successfully been unsubscribed/);
    expect(outs(thread)[2]).toMatchObject({ status: 'failed', failureReason: expect.stringContaining('unsubscribed from this number (STOP)') });
    expect(view(outs(thread)[2]).text).toBe('You said: STOP');
    const subscription = await api('GET', `/v1/channels/${channelId}/subscription`);
    expect(subscription.body.subscribedHumansCount).toBe(0);
    p.close();
  });

  it('an RCS phone: agent messages with suggestion chips; a chip sends its postback data; a link action is no news to the bot; a carousel', async () => {
    const channelId = await channel('rcs', 'sandbox', { data: { carouselCardWidth: 'SMALL' } });
    const cleo = await human('Cleo');
    const p = await page();
    const conversation = ((await p.phone(channelId, cleo.id)).phone as { conversationId: number }).conversationId;
    let thread = await p.until(conversation, (m) => outs(m).length >= 1);
    expect(view(outs(thread)[0])).toEqual({
      kind: 'rcs',
      messages: [{ contentMessage: { text: 'Hi Cleo! What would you like?', suggestions: [
        { reply: { text: 'Opening hours', postbackData: 'HOURS' } }, { reply: { text: 'Menu', postbackData: 'MENU' } },
      ] } }],
    });

    p.tap(conversation, 'reply', 'Opening hours', 'HOURS');
    thread = await p.until(conversation, (m) => outs(m).length >= 2);
    expect(thread[1]).toMatchObject({ direction: 'in', text: 'Opening hours' });
    expect(view(outs(thread)[1]).messages).toEqual([{ contentMessage: { text: 'We are open 9 to 5.', suggestions: [
      { action: { text: 'Website', postbackData: 'https://pizza.example/hours', openUrlAction: { url: 'https://pizza.example/hours' } } },
    ] } }]);

    // RBM reports the tap on a link; the bot hears it only when it is one of its choices, and this one is not.
    expect(await p.ack(p.tap(conversation, 'action', 'Website', 'https://pizza.example/hours'))).toMatchObject({ delivered: false });

    p.text(conversation, 'menu please');
    thread = await p.until(conversation, (m) => outs(m).length >= 3);
    expect(view(outs(thread)[2]).messages[0].contentMessage.text).toBe('You said: menu please');
    p.tap(conversation, 'reply', 'Menu', 'MENU');
    thread = await p.until(conversation, (m) => outs(m).length >= 4);
    const carousel = view(outs(thread)[3]).messages.find((m: View) => m.contentMessage.richCard)?.contentMessage.richCard.carouselCard;
    expect(carousel.cardWidth).toBe('SMALL');
    expect(carousel.cardContents.map((c: View) => [c.title, c.suggestions[0].reply.postbackData])).toEqual([['Margherita', 'ORDER_MARG'], ['Diavola', 'ORDER_DIAV']]);
    p.tap(conversation, 'reply', 'Order', 'ORDER_MARG');
    thread = await p.until(conversation, (m) => outs(m).length >= 5);
    // The phone is RCS-enabled, as someone writing over RCS is.
    expect(view(outs(thread)[4]).messages[0].contentMessage.text).toBe('Ordered: ORDER_MARG. rcsEnabled=true');

    // What RBM would refuse fails with the RCS channel's own reason, and the phone shows why.
    p.text(conversation, 'broken link please');
    thread = await p.until(conversation, (m) => outs(m).length >= 6);
    expect(outs(thread)[5]).toMatchObject({ status: 'failed', view: null, failureReason: 'the message cannot be shown on RCS: calendar button "Book": endTime is before startTime' });
    p.close();
  });

  it('a messenger phone: quick replies and template postbacks come back as the platform sends them', async () => {
    const channelId = await channel('fb');
    const dan = await human('Dan');
    const p = await page();
    const opened = await p.phone(channelId, dan.id);
    const conversation = (opened.phone as { conversationId: number; address: string }).conversationId;
    expect((opened.phone as { address: string }).address).toBe(`sandbox-${dan.id}`);
    let thread = await p.until(conversation, (m) => outs(m).length >= 1);
    expect(view(outs(thread)[0]).messages).toEqual([{ text: 'Hi Dan! What would you like?', quick_replies: [
      { content_type: 'text', title: 'Opening hours', payload: 'HOURS' }, { content_type: 'text', title: 'Menu', payload: 'MENU' },
    ] }]);
    p.tap(conversation, 'reply', 'Menu', 'MENU');
    thread = await p.until(conversation, (m) => outs(m).length >= 2);
    const generic = view(outs(thread)[1]).messages.find((m: View) => m.attachment?.payload?.template_type === 'generic');
    expect(generic.attachment.payload.elements.map((e: View) => [e.title, e.image_url, e.buttons[0]])).toEqual([
      ['Margherita', 'https://pizza.example/margherita.png', { type: 'postback', title: 'Order', payload: 'ORDER_MARG' }],
      ['Diavola', 'https://pizza.example/diavola.png', { type: 'postback', title: 'Order', payload: 'ORDER_DIAV' }],
    ]);
    p.tap(conversation, 'postback', 'Order', 'ORDER_DIAV');
    thread = await p.until(conversation, (m) => outs(m).length >= 3);
    expect(view(outs(thread)[2]).messages).toEqual([{ text: 'Ordered: ORDER_DIAV. rcsEnabled=' }]);
    // The same human, one person: the inbox found them by phone, not a new contact.
    const conversations = await api('GET', `/v1/conversations?human_id=${dan.id}`);
    expect((conversations.body.conversations as { id: number }[]).map((c) => c.id)).toEqual([conversation]);
    p.close();
  });

  it('microblog DMs with quick-reply options, and a voice assistant that speaks, only when spoken to', async () => {
    const dmChannel = await channel('twr');
    const voiceChannel = await channel('alx');
    const eve = await human('Eve');
    const p = await page();
    const dm = ((await p.phone(dmChannel, eve.id)).phone as { conversationId: number }).conversationId;
    const voice = ((await p.phone(voiceChannel, eve.id)).phone as { conversationId: number }).conversationId;
    const dmThread = await p.until(dm, (m) => outs(m).length >= 1);
    // The microblog channel's own DMs: message_data with quick-reply options; a link becomes a line of text.
    expect(view(outs(dmThread)[0])).toEqual({
      kind: 'dm', media: null,
      messages: [{ text: 'Hi Eve! What would you like?', quick_reply: { type: 'options', options: [{ label: 'Opening hours', metadata: 'HOURS' }, { label: 'Menu', metadata: 'MENU' }] } }],
    });
    p.tap(dm, 'reply', 'Menu', 'MENU');
    const dmMenu = await p.until(dm, (m) => outs(m).length >= 2);
    expect(dmMenu[1]).toMatchObject({ direction: 'in', text: 'Menu' });
    // Cards as text blocks (media as a link), their order buttons as options under the last DM.
    expect(view(outs(dmMenu)[1]).messages).toEqual([{
      text: 'Pick one:\n\nMargherita\nTomato, mozzarella and fresh basil from our garden\nhttps://pizza.example/margherita.png\n\nDiavola\nSpicy salami\nhttps://pizza.example/diavola.png',
      quick_reply: { type: 'options', options: [{ label: 'Order', metadata: 'ORDER_MARG' }, { label: 'Order', metadata: 'ORDER_DIAV' }] },
    }]);
    p.tap(dm, 'reply', 'Order', 'ORDER_DIAV');
    expect(view(outs(await p.until(dm, (m) => outs(m).length >= 3))[2]).messages).toEqual([{ text: 'Ordered: ORDER_DIAV. rcsEnabled=' }]);

    // The voice channel's own answer: the speech, options read out, the carousel on the companion app's card.
    const spoken = await p.until(voice, (m) => outs(m).length >= 1);
    expect(view(outs(spoken)[0])).toEqual({ kind: 'voice', speech: { type: 'PlainText', text: 'Hi Eve! What would you like? You can say: Opening hours or Menu.' }, card: null });
    p.text(voice, 'menu');
    const menu = view(outs(await p.until(voice, (m) => outs(m).length >= 2))[1]);
    expect(menu.speech.text).toBe('Pick one: Margherita. Tomato, mozzarella and fresh basil from our garden. Diavola. Spicy salami. You can say: Order.');
    expect(menu.card).toEqual({ type: 'Simple', content: 'Pick one:\nMargherita — Tomato, mozzarella and fresh basil from our garden\nDiavola — Spicy salami' });
    // A voice assistant speaks only in answer to the user: a proactive message fails with the voice channel's reason.
    const sent = await api('POST', '/v1/messages', { channelId: voiceChannel, text: 'Sale today!', targets: [{ targetType: 'humans', ids: [eve.id] }] });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const refused = outs(await p.until(voice, (m) => outs(m).length >= 3))[2];
    expect(refused).toMatchObject({ status: 'failed', failureReason: expect.stringContaining('speaks only in answer to a request from the user') });
    p.close();
  });

  it('a proactive message on a sandbox channel reaches the phone that is open', async () => {
    const channelId = await channel('dlc');
    const fay = await human('Fay');
    const p = await page();
    const conversation = ((await p.phone(channelId, fay.id)).phone as { conversationId: number }).conversationId;
    await p.until(conversation, (m) => outs(m).length >= 1);
    const sent = await api('POST', '/v1/messages', { channelId, text: 'Sale today, {sys:firstName}!', targets: [{ targetType: 'humans', ids: [fay.id] }] });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const thread = await p.until(conversation, (m) => outs(m).length >= 2);
    expect(view(outs(thread)[1]).text).toBe('Sale today, Fay!');
    p.close();
  });

  it('keeps accounts apart and real channels with their providers', async () => {
    const channelId = await channel('dlc');
    const gus = await human('Gus');
    const other = await server.account();
    const theirs = client(server.url, other.token);
    const theirBot = (await theirs('POST', '/v1/bots', { name: 'x', interactions: [] })).body.id;
    const theirChannel = (await theirs('POST', '/v1/channels', { channelType: 'dlc', botId: theirBot, name: 'theirs', description: 'x', token: 'sandbox' })).body.id;
    const theirHuman = (await theirs('POST', '/v1/humans', { firstName: 'Hal', phone: '+12025550199' })).body.id;

    const p = await page();
    expect(await p.phone(theirChannel, gus.id)).toMatchObject({ type: 'error', status: 403, description: `Channel ${theirChannel} belongs to another account.` });
    expect(await p.phone(channelId, theirHuman)).toMatchObject({ type: 'error', status: 403, description: `Human ${theirHuman} belongs to another account.` });
    // Their page cannot write into a conversation of ours, even knowing its id.
    const conversation = ((await p.phone(channelId, gus.id)).phone as { conversationId: number }).conversationId;
    const { page: spy } = await PhonePage.open(server.url, other.token);
    const refused = await spy.ack(spy.text(conversation, 'hello'));
    expect(refused).toMatchObject({ type: 'error', status: 403 });
    spy.close();

    // The channel list is the caller's own, sandbox channels first; /sandbox/channels needs a token.
    const realSms = await channel('dlc', 'AC123:secret');
    const web = await channel('web', null);
    const listed = await api('GET', '/sandbox/channels');
    expect(listed.status).toBe(200);
    const mine = listed.body.channels as { id: number; sandbox: boolean; chatUrl: string | null }[];
    expect(mine.find((c) => c.id === theirChannel)).toBeUndefined();
    expect(mine.find((c) => c.id === realSms)).toMatchObject({ sandbox: false, chatUrl: null });
    expect(mine.find((c) => c.id === web)).toMatchObject({ sandbox: false, chatUrl: `/chat/${web}` });
    expect(mine.findIndex((c) => !c.sandbox)).toBeGreaterThan(mine.findLastIndex((c) => c.sandbox));
    const anonymous = await client(server.url)('GET', '/sandbox/channels');
    expect(anonymous.status).toBe(401);
    expect(isErrorObject(anonymous.body, 401)).toBe(true);

    // A channel with real credentials is not the sandbox's: no phone, and its deliveries stay with its provider.
    expect(await p.phone(realSms, gus.id)).toMatchObject({ type: 'error', status: 422, description: expect.stringContaining('not a sandbox channel') });
    const runtime = server.services.runtime;
    expect(runtime.adapterFor((await runtime.channels.find(realSms))!)?.type).toBe('dlc');
    expect(runtime.adapterFor((await runtime.channels.find(channelId))!)?.type).toBe('sandbox');
    p.close();

    const { page: stranger, first } = await PhonePage.open(server.url, 'not-a-token');
    expect(first).toMatchObject({ type: 'error', status: 401 });
    expect(await stranger.closed).toBe(4401);
  });

  it('refuses frames it does not know, and phones for humans without a phone number', async () => {
    const channelId = await channel('rcs');
    const nobody = (await api('POST', '/v1/humans', { firstName: 'Nobody' })).body.id as number;
    const p = await page();
    expect(await p.phone(channelId, nobody)).toMatchObject({ type: 'error', status: 422, description: expect.stringContaining('has no phone number') });
    p.send({ type: 'text', conversationId: 1, id: 'x', text: '' });
    expect(await p.next((f) => f.type === 'error' && f.status === 400)).toMatchObject({ description: expect.stringContaining('/text') });
    p.send({ type: 'dance' });
    expect(await p.next((f) => f.type === 'error' && String(f.description).includes('/type must be one of'))).toBeTruthy();
    p.close();
  });
});

describe('sandbox turned off', () => {
  let server: TestServer;
  afterAll(async () => server?.close());

  it('serves no page, and fails sandbox channels\' messages with a reason that says why', async () => {
    server = await startTestServer('sqlite', { SANDBOX_ENABLED: 'false' });
    const { token } = await server.account();
    const api = client(server.url, token);
    expect((await client(server.url)('GET', '/sandbox')).status).toBe(404);
    expect((await api('GET', '/sandbox/channels')).status).toBe(404);
    const botId = (await api('POST', '/v1/bots', trialBot)).body.id;
    // Its recognizer trained, as publishing starts it: the wait below is for the message's failure, not a first training.
    await server.services.runtime.programs.get(botId, 1);
    const channelId = (await api('POST', '/v1/channels', { channelType: 'dlc', botId, name: 'trial', description: 'x', token: 'sandbox' })).body.id;
    const humanId = (await api('POST', '/v1/humans', { firstName: 'Ida', phone: '+12025550142' })).body.id;
    await api('POST', `/v1/channels/${channelId}/subscribe`, { humanIds: [humanId] });
    const sent = await api('POST', '/v1/messages', { channelId, text: 'hello', targets: [{ targetType: 'humans', ids: [humanId] }] });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    let conversations: { id: number }[] = [];
    for (let i = 0; i < 100 && conversations.length === 0; i++) {
      conversations = (await api('GET', `/v1/conversations?channel_id=${channelId}`)).body.conversations ?? [];
      if (conversations.length === 0) await new Promise((r) => setTimeout(r, 50));
    }
    let failed: { status: string; failureReason: string | null } | undefined;
    for (let i = 0; i < 100 && failed === undefined; i++) {
      const messages = (await api('GET', `/v1/conversations/${conversations[0]!.id}/messages`)).body.messages as { direction: string; status: string; failureReason: string | null }[];
      failed = messages.find((m) => m.direction === 'out' && m.status === 'failed');
      if (failed === undefined) await new Promise((r) => setTimeout(r, 50));
    }
    expect(failed?.failureReason).toMatch(/is a sandbox channel .* SANDBOX_ENABLED=false/);
  });
});

describe('sandbox across two servers on one PostgreSQL', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => { for (const c of cleanups.reverse()) await c(); });

  it('shows a page on one server the messages the other server delivered', async () => {
    const db = await freshDatabase('postgres');
    cleanups.push(db.cleanup);
    const config = loadConfig({ ...db.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', SANDBOX_ENABLED: 'true' });
    const [a, b] = [await startServer(config, { logger: false }), await startServer(config, { logger: false })];
    cleanups.push(() => a.close(), () => b.close());
    const account = await a.services.accounts.create('two@example.com', 'correct horse battery');
    const { token } = await a.services.tokens.create(account.id, 'test');
    const api = client(a.url, token);
    const botId = (await api('POST', '/v1/bots', trialBot)).body.id;
    const channelId = (await api('POST', '/v1/channels', { channelType: 'dlc', botId, name: 'trial', description: 'x', token: 'sandbox' })).body.id;
    const human = (await api('POST', '/v1/humans', { firstName: 'Ivy', phone: '+12025550177' })).body as { id: number; phone: string };

    const { page } = await PhonePage.open(a.url, token);
    const conversation = ((await page.phone(channelId, human.id)).phone as { conversationId: number }).conversationId;
    await page.until(conversation, (m) => outs(m).length >= 1);
    // The person's text reaches the other server (as a provider's webhook may), which runs the bot and delivers.
    const channel = (await b.services.runtime.channels.find(channelId))!;
    await b.services.runtime.ingest.receive({ channel, address: human.phone, providerMessageId: 'elsewhere-1', event: messageEvent({ text: '1' }) });
    const thread = await page.until(conversation, (m) => outs(m).length >= 2);
    expect(thread.map((m) => m.text ?? view(m).text)).toEqual(['Hi Ivy! What would you like?\n\n1. Opening hours\n2. Menu', '1', 'We are open 9 to 5.\n\nWebsite: https://pizza.example/hours']);
    page.close();
  });
});
