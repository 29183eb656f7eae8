// The carriers' published sending limits by default: a long code sends one segment a second, a toll-free number three.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../../helpers/http.js';
import type { TestServer } from '../../helpers/server.js';
import { FakeCarrier, type CarrierAccount } from '../../fakes/carrier.js';
import { createSmsChannel, startSmsServer } from './harness.js';

const LONG_CODE = '+12025550100';
const TOLL_FREE = '+18005550100';
/** Two segments of GSM-7 (more than 160 characters, at most 306). */
const TWO_SEGMENTS = `${'Our opening hours change next week. '.repeat(6)}See you soon.`;

const bot = {
  name: 'notices',
  interactions: [{ name: 'welcome', intents: ['sys:start'], actions: [{ send: { message: { text: TWO_SEGMENTS } } }, { send: { message: { text: 'Reply STOP to opt out.' } } }] }],
};

describe('pacing by the carriers\' published rates, DELIVERY_RATES unset', () => {
  let server: TestServer;
  let carrier: FakeCarrier;
  let account: CarrierAccount;

  beforeAll(async () => {
    carrier = await FakeCarrier.start();
    // Unset: the servers of the other tests run unpaced (vitest.config.ts).
    server = await startSmsServer('sqlite', { DELIVERY_RATES: '' });
    const api = client(server.url, (await server.account()).token);
    const botId = (await api('POST', '/v1/bots', bot)).body.id as number;
    account = carrier.account([LONG_CODE, TOLL_FREE]);
    const credentials = `http://${account.sid}:${account.authToken}@${carrier.url.slice('http://'.length)}`;
    for (const number of [LONG_CODE, TOLL_FREE]) {
      const id = await createSmsChannel(api, botId, { channelType: 'dlc', user: number, token: credentials, name: number });
      carrier.setWebhook(number, `${server.url}/hooks/dlc/${id}`);
    }
  });
  afterAll(async () => {
    await server?.close();
    await carrier?.close();
  });

  /** When each of the two answers reached the carrier, as this test saw them arrive. */
  async function answerTimes(from: string, to: string): Promise<number[]> {
    const seen: number[] = [];
    expect((await carrier.receive(from, to, 'hello')).status).toBe(200);
    const deadline = Date.now() + 15_000;
    while (seen.length < 2 && Date.now() < deadline) {
      const count = carrier.textsTo(from).length;
      while (seen.length < count) seen.push(Date.now());
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(carrier.textsTo(from)).toEqual([TWO_SEGMENTS, 'Reply STOP to opt out.']);
    return seen;
  }

  it('holds a long code for a second per segment: the text after a two-segment one waits two seconds', async () => {
    const [first, second] = await answerTimes('+12025550911', LONG_CODE);
    // A lower bound only: a busy machine makes the gap longer, never shorter (the first arrival is seen within ms).
    expect(second! - first!).toBeGreaterThan(1_700);
  });

  it('paces a toll-free number at three segments a second', async () => {
    const [first, second] = await answerTimes('+12025550912', TOLL_FREE);
    expect(second! - first!).toBeGreaterThan(450);
  });
});
