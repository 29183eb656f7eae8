// What an SMSC may do that the fake used to spare us (issue 15): a default alphabet other than GSM-7, alert_notification,
// data_sm, throttling of the whole bind, a rate cap, and short_message lengths checked against the coding.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Call } from '../../helpers/http.js';
import type { TestServer } from '../../helpers/server.js';
import { FakeSmsc } from '../../fakes/smsc.js';
import { createSmsChannel, history, startSmsServer } from './harness.js';

const LONG_CODE = '+15550001000';
const digits = (e164: string) => e164.slice(1);
const THROTTLE_MS = 400;

const echo = { name: 'echo', interactions: [{ name: 'echo', intents: ['sys:text'], actions: [{ send: { message: { text: 'You said: {sys:text}' } } }] }] };

describe('SMPP against a strict SMSC on sqlite', () => {
  let server: TestServer;
  let api: Call;
  let gsm: FakeSmsc;
  let latin: FakeSmsc;
  let botId: number;

  beforeAll(async () => {
    gsm = await FakeSmsc.start({ parley: 'secret' });
    latin = await FakeSmsc.start({ latin: 'secret' }, { defaultAlphabet: 'latin1' });
    server = await startSmsServer('sqlite', { SMPP_THROTTLE_RETRY_MS: String(THROTTLE_MS) });
    api = client(server.url, (await server.account()).token);
    botId = (await api('POST', '/v1/bots', echo)).body.id as number;
    await createSmsChannel(api, botId, { channelType: 'dlc', user: LONG_CODE, token: `smpp://parley:secret@127.0.0.1:${gsm.port}` });
    await createSmsChannel(api, botId, { channelType: 'dlc', user: '+15550001001', token: `smpp://latin:secret@127.0.0.1:${latin.port}?defaultAlphabet=latin1` });
    await gsm.waitFor(() => gsm.bound() === 1);
    await latin.waitFor(() => latin.bound() === 1);
  });
  afterAll(async () => {
    await server?.close();
    await gsm?.close();
    await latin?.close();
  });

  it('writes data_coding 0 in the SMSC\'s default alphabet when the token names it (Latin-1: "@" is not NUL), and reads it so', async () => {
    const human = '+15557770101';
    expect(await latin.deliverMo(human, '15550001001', 'mail me at ada@example.com, ¿año? é')).toEqual([0]);
    await latin.waitFor(() => latin.textsTo(digits(human)).length === 1);
    expect(latin.textsTo(digits(human))).toEqual(['You said: mail me at ada@example.com, ¿año? é']);
    expect(latin.submitted.find((m) => m.destinationAddr === digits(human))).toMatchObject({ dataCoding: 0 });
    // A long one is cut by the septets it takes on the air, each part within the SMSC's limit.
    const long = `${'x@'.repeat(100)}!`;
    await latin.deliverMo(human, '15550001001', long);
    await latin.waitFor(() => latin.submitted.filter((m) => m.destinationAddr === digits(human)).length === 3);
    expect(latin.textsTo(digits(human))[1]).toBe(`You said: ${long}`);
  });

  it('refuses a short message whose text cannot be stored (a NUL in Latin-1) with a permanent error, storing nothing', async () => {
    const human = '+15557770110';
    // ESME_RX_P_APPN (0x65): the SMSC does not offer it again.
    expect(await latin.deliverMo(human, '15550001001', 'nul\u0000here')).toEqual([0x65]);
    await server.services.runtime.settled();
    expect(await server.services.runtime.repos.humanRecords.idByPhone(1, human)).toBeUndefined();
  });

  it('answers no alert_notification (SMPP has no response for it), and stays bound', async () => {
    await gsm.alert('+15557770102');
    expect(gsm.forbiddenResponses).toEqual([]);
    expect(gsm.bound()).toBe(1);
  });

  it('takes a text sent as data_sm (message_payload) and answers data_sm_resp', async () => {
    const human = '+15557770103';
    expect(await gsm.deliverDataSm(human, digits(LONG_CODE), 'by data_sm')).toEqual({ id: 0x80000103, status: 0 });
    await gsm.waitFor(() => gsm.textsTo(digits(human)).length === 1);
    expect(gsm.textsTo(digits(human))).toEqual(['You said: by data_sm']);
  });

  it('slows the whole bind after ESME_RTHROTTLED: no submit of any message goes out during the pause', async () => {
    const [a, b] = ['+15557770104', '+15557770105'];
    gsm.throttle(1);
    await gsm.deliverMo(a, digits(LONG_CODE), 'first');
    await gsm.waitFor(() => gsm.throttledAt.length === 1);
    // Another human's message, after the refusal of the first: it waits out the bind's pause too.
    await gsm.deliverMo(b, digits(LONG_CODE), 'second');
    await gsm.waitFor(() => gsm.textsTo(digits(a)).length === 1 && gsm.textsTo(digits(b)).length === 1);
    // A lower bound only: the refusal reached the client after the SMSC sent it, and a slow machine only adds to the pause.
    for (const human of [a, b]) {
      const sm = gsm.submitted.find((m) => m.destinationAddr === digits(human))!;
      expect(sm.at - gsm.throttledAt[0]!).toBeGreaterThanOrEqual(THROTTLE_MS);
    }
    expect((await history(api, 1, b)).filter((m) => m.direction === 'out').map((m) => m.status)).toEqual(['sent']);
  });

  it('keeps to maxPerSecond on a bind that sets it', async () => {
    const capped = await FakeSmsc.start({ capped: 'secret' });
    try {
      await createSmsChannel(api, botId, { channelType: 'dlc', user: '+15550001002', token: `smpp://capped:secret@127.0.0.1:${capped.port}?maxPerSecond=5` });
      await capped.waitFor(() => capped.bound() === 1);
      const humans = ['+15557770106', '+15557770107', '+15557770108', '+15557770109'];
      await Promise.all(humans.map((h) => capped.deliverMo(h, '15550001002', 'hi')));
      await capped.waitFor(() => capped.submitted.length === humans.length);
      const times = capped.submitted.map((m) => m.at).sort((x, y) => x - y);
      // Four submits 200 ms apart span at least 600 ms at the client; the SMSC sees them a little late, by no more than
      // the first one's trip (bounded here generously). The exact spacing is the pacer's own test.
      expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(450);
    } finally {
      await capped.close();
    }
  });
});

describe('the SMPP submit pacer', () => {
  it('spaces submits by the cap and holds them all during a throttling pause, in the order they asked', async () => {
    let now = 1_000;
    const { SubmitPacer } = await import('../../../src/channels/sms/smpp/pacer.js');
    const pacer = new SubmitPacer(4, () => now);
    const seen: number[] = [];
    const ticker = setInterval(() => { now += 50; }, 1);
    try {
      await Promise.all([0, 1, 2].map(async (i) => { await pacer.turn(); seen.push(now); void i; }));
      pacer.throttled(1000);
      const before = now;
      await pacer.turn();
      expect(now - before).toBeGreaterThanOrEqual(1000);
    } finally {
      clearInterval(ticker);
    }
    expect(seen[1]! - seen[0]!).toBeGreaterThanOrEqual(250);
    expect(seen[2]! - seen[1]!).toBeGreaterThanOrEqual(250);
  });
});
