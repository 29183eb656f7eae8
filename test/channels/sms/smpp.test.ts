import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Call } from '../../helpers/http.js';
import type { DatabaseKind, TestServer } from '../../helpers/server.js';
import { FakeSmsc } from '../../fakes/smsc.js';
import { createSmsChannel, history, outText, PIZZAS, smsBot, startSmsServer, STORY, until, WELCOME } from './harness.js';

const LONG_CODE = '+15550001000';
const digits = (e164: string) => e164.slice(1);

interface Setup {
  server: TestServer;
  smsc: FakeSmsc;
  api: Call;
  channelId: number;
}

async function setUp(kind: DatabaseKind): Promise<Setup> {
  const smsc = await FakeSmsc.start({ parley: 'secret' });
  const server = await startSmsServer(kind);
  const { token } = await server.account();
  const api = client(server.url, token);
  const bot = await api('POST', '/v1/bots', smsBot());
  expect(bot.status).toBe(200);
  const channelId = await createSmsChannel(api, bot.body.id, { channelType: 'dlc', user: LONG_CODE, token: `smpp://parley:secret@127.0.0.1:${smsc.port}` });
  // The process binds channels it finds in the store.
  await smsc.waitFor(() => smsc.bound() === 1);
  return { server, smsc, api, channelId };
}

/** A handset texts the channel; resolves once the answers the bot gave in return reached the SMSC. */
async function say(s: Setup, from: string, text: string, answers = 1): Promise<string[]> {
  const before = s.smsc.textsTo(digits(from)).length;
  expect(await s.smsc.deliverMo(from, digits(LONG_CODE), text)).toEqual([0]);
  await s.smsc.waitFor(() => s.smsc.textsTo(digits(from)).length >= before + answers && s.smsc.textsTo(digits(from)).slice(before).every((t) => t !== ''));
  await s.server.services.runtime.settled();
  return s.smsc.textsTo(digits(from)).slice(before);
}

async function conversation(s: Setup): Promise<void> {
  const human = '+15557770001';
  expect(await say(s, human, 'hello')).toEqual([WELCOME]);
  expect(await say(s, human, '3')).toEqual(['Large it is.']);
  expect(await say(s, human, 'hello')).toEqual(['You said: hello']);
  expect(await say(s, human, 'show me the pizzas')).toEqual([PIZZAS]);
  expect(await say(s, human, '2')).toEqual(['One Diavola coming.']);
  expect(await say(s, human, 'show me the pizzas')).toEqual([PIZZAS]);
  expect(await say(s, human, 'order margherita')).toEqual(['One Margherita coming.']);

  const sent = s.smsc.submitted.filter((m) => m.destinationAddr === digits(human));
  expect(sent[0]).toMatchObject({ sourceAddr: digits(LONG_CODE), sourceTon: 1, sourceNpi: 1, destTon: 1, esmClass: 0, dataCoding: 0, registeredDelivery: 1 });
  const messages = await history(s.api, s.channelId, human);
  expect(messages.filter((m) => m.direction === 'in').map((m) => m.content.text)).toEqual(['hello', '3', 'hello', 'show me the pizzas', '2', 'show me the pizzas', 'order margherita']);
  expect(messages.filter((m) => m.direction === 'out').every((m) => m.status === 'sent')).toBe(true);
}

describe('SMPP long code on postgres', () => {
  let s: Setup;
  beforeAll(async () => { s = await setUp('postgres'); });
  afterAll(async () => {
    await s?.server.close();
    await s?.smsc.close();
  });

  it('runs a conversation: numbered choices picked by number and by title, a carousel as text blocks', async () => {
    await conversation(s);
  });
});

describe('SMPP long code on sqlite', () => {
  let s: Setup;
  beforeAll(async () => { s = await setUp('sqlite'); });
  afterAll(async () => {
    await s?.server.close();
    await s?.smsc.close();
  });

  it('runs a conversation: numbered choices picked by number and by title, a carousel as text blocks', async () => {
    await conversation(s);
  });

  it('moves messages to delivered or failed on the SMSC\'s receipts', async () => {
    const human = '+15557770002';
    await say(s, human, 'hello');
    await say(s, human, 'small');
    const [welcome, small] = s.smsc.submitted.filter((m) => m.destinationAddr === digits(human));
    expect(await s.smsc.sendReceipt(welcome!.messageId, 'DELIVRD')).toBe(0);
    // A receipt carrying only the Appendix B text (no TLVs) is read as well.
    expect(await s.smsc.sendReceipt(small!.messageId, 'UNDELIV', { err: '034', tlvs: false })).toBe(0);
    const out = (await history(s.api, s.channelId, human)).filter((m) => m.direction === 'out');
    expect(out.map((m) => [m.content.text, m.status, m.failureReason])).toEqual([
      ['Hi! Which size?', 'delivered', null],
      ['Small it is.', 'failed', 'the SMSC reported UNDELIV (err 034)'],
    ]);
  });

  it('sends long texts as concatenated parts and puts concatenated inbound texts back together', async () => {
    const human = '+15557770003';
    await say(s, human, 'hello');
    expect(await say(s, human, 'tell me a story')).toEqual([STORY]);
    const parts = s.smsc.submitted.filter((m) => m.destinationAddr === digits(human) && m.concat !== null);
    expect(parts.map((p) => [p.concat!.sequence, p.concat!.total, p.esmClass, p.dataCoding, p.registeredDelivery])).toEqual([
      [1, 3, 0x40, 0, 0], [2, 3, 0x40, 0, 0], [3, 3, 0x40, 0, 1],
    ]);
    expect(new Set(parts.map((p) => p.concat!.reference)).size).toBe(1);

    const long = `Ça va? ${'Je voudrais une pizza 🍕, s\'il vous plaît. '.repeat(5)}`;
    const statuses = await s.smsc.deliverMo(human, digits(LONG_CODE), long);
    expect(statuses).toEqual([0, 0, 0, 0]);
    await s.smsc.waitFor(() => s.smsc.textsTo(digits(human)).includes(`You said: ${long}`));
    const reply = s.smsc.submitted.filter((m) => m.destinationAddr === digits(human)).at(-1)!;
    expect(reply.dataCoding).toBe(8);
    expect((await history(s.api, s.channelId, human)).filter((m) => m.direction === 'in').at(-1)!.content.text).toBe(long);
  });

  it('honours STOP, HELP and START before the bot runs, and sends nothing else after STOP', async () => {
    const human = '+15557770004';
    const subscribed = async () => (await s.api('GET', `/v1/channels/${s.channelId}/subscription`)).body.subscribedHumansCount as number;
    await say(s, human, 'hello');
    const before = await subscribed();

    expect(await say(s, human, 'Stop')).toEqual(['You have successfully been unsubscribed. You will not receive any more messages from this number. Reply START to resubscribe.']);
    expect(await subscribed()).toBe(before - 1);
    // The bot saw the STOP (and the text after it) but nothing it said went out.
    await s.smsc.deliverMo(human, digits(LONG_CODE), 'are you there?');
    await s.server.services.runtime.settled();
    expect(await say(s, human, 'HELP')).toEqual(['Pizza Place: Reply STOP to unsubscribe. Msg&Data Rates May Apply.']);
    const blocked = (await history(s.api, s.channelId, human)).filter((m) => m.direction === 'out' && m.status === 'failed');
    expect(blocked.map((m) => m.content.text)).toEqual(['You said: Stop', 'You said: are you there?', 'You said: HELP']);
    expect(blocked.every((m) => /unsubscribed from this number \(STOP\)/.test(m.failureReason!))).toBe(true);

    expect(await say(s, human, 'unstop', 2)).toEqual([
      'You have successfully been re-subscribed to messages from this number. Reply HELP for help. Reply STOP to unsubscribe. Msg&Data Rates May Apply.',
      'You said: unstop',
    ]);
    expect(await subscribed()).toBe(before);
    // YES re-subscribes only someone who stopped; from a subscribed human it is an answer like any other.
    expect(await say(s, human, 'yes')).toEqual(['You said: yes']);
  });

  it('retries through throttling and an SMSC outage, then delivers', async () => {
    const human = '+15557770005';
    s.smsc.throttle(2);
    expect(await say(s, human, 'hello')).toEqual([WELCOME]);
    expect(s.smsc.log.filter((e) => e === 'throttled')).toHaveLength(2);

    await say(s, human, 'remind me later');
    await s.smsc.outage();
    const reminder = await until(() => history(s.api, s.channelId, human), (h) => h.some((m) => m.content.text === 'Reminder: your pizza is ready.' && m.failureReason !== null));
    expect(reminder.find((m) => m.content.text === 'Reminder: your pizza is ready.')).toMatchObject({ status: 'queued', failureReason: expect.stringMatching(/SMSC is not reachable/) });
    await s.smsc.restore();
    await s.smsc.waitFor(() => s.smsc.textsTo(digits(human)).includes('Reminder: your pizza is ready.'));
    const after = await until(() => history(s.api, s.channelId, human), (h) => h.find((m) => m.content.text === 'Reminder: your pizza is ready.')?.status === 'sent');
    expect(outText(after)).toEqual(['Hi! Which size?', 'I will remind you.', 'Reminder: your pizza is ready.']);
    expect(s.smsc.bound()).toBe(1);
  });

  it('keeps the bind alive with enquire_link both ways', async () => {
    expect(await s.smsc.enquireLink()).toBe(0);
    await s.smsc.waitFor(() => s.smsc.log.includes('enquire_link'));
  });
});
