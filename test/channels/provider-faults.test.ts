// Each provider failing the way networks fail (a 500, a 429 with Retry-After, no answer, a dropped connection) before it takes a
// message: retried with backoff, then delivered, each message once and in the order the bot sent them.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../helpers/http.js';
import { DATABASES, type TestServer } from '../helpers/server.js';
import { FakeCarrier } from '../fakes/carrier.js';
import { messengerWorld, type MessengerWorld } from './messenger/messenger-world.js';
import { microblogWorld, type MicroblogWorld } from './microblog/microblog-world.js';
import { rcsWorld, type RcsWorld } from './rcs/rcs-world.js';
import { createSmsChannel, startSmsServer } from './sms/harness.js';
import { eventually } from './support/eventually.js';
import { FaultProxy, type Fault } from './support/fault-proxy.js';

const bot = {
  name: 'two answers',
  interactions: [{ name: 'two', intents: ['sys:text'], actions: [{ send: { message: { text: 'first' } } }, { send: { message: { text: 'second' } } }] }],
};

/** Every way a provider fails, in one run; the 429 asks for a one-second wait. */
const FAULTS: Fault[] = [{ kind: 'status', status: 500 }, { kind: 'status', status: 429, retryAfter: '1' }, { kind: 'hang' }, { kind: 'reset' }];
const ENV = { DELIVERY_RETRY_MS: '50', DELIVERY_MAX_ATTEMPTS: '12', JOBS_POLL_MS: '20' };

/** The faults were met in order, then the first message went through; the retry after the 429 waited for its Retry-After. */
function expectFaultsThenDelivery(proxy: FaultProxy): void {
  const matched = proxy.matched();
  expect(matched.slice(0, 4).map((r) => r.fault)).toEqual(['status', 'status', 'hang', 'reset']);
  expect(matched.slice(4).every((r) => r.fault === 'passed')).toBe(true);
  // A lower bound only: Retry-After 1 s from the 429 to the next try.
  expect(matched[2]!.at - matched[1]!.at).toBeGreaterThanOrEqual(1000);
}

describe.each(DATABASES)('provider faults on %s', (kind) => {
  let proxy: FaultProxy;
  beforeAll(async () => { proxy = await FaultProxy.start(); });
  afterAll(async () => proxy?.close());
  afterEach(() => { proxy.requests.length = 0; });

  it('messenger: the Send API failing every way, then delivering both messages in order', async () => {
    const w: MessengerWorld = await messengerWorld(kind, bot, { env: { ...ENV, MESSENGER_API_URL: proxy.url, MESSENGER_TIMEOUT_MS: '500' } });
    try {
      proxy.target = w.fake.url;
      proxy.matches = (method, path) => method === 'POST' && /\/messages(\?|$)/.test(path);
      proxy.fail(...FAULTS);
      const psid = '31000000000000777';
      w.fake.person(w.page.pageId, psid);
      expect((await w.hook.text(psid, 'go')).status).toBe(200);
      await eventually(() => expect(w.fake.sentTo(psid).map((s) => (s.message as { text?: string }).text)).toEqual(['first', 'second']), 20_000);
      expectFaultsThenDelivery(proxy);
    } finally {
      await w.close();
    }
  }, 60_000);

  it('RCS: RBM failing every way, then delivering both messages in order', async () => {
    const w: RcsWorld = await rcsWorld(kind, bot, { env: { ...ENV, RBM_API_URL: proxy.url, RBM_TIMEOUT_MS: '500' } });
    try {
      proxy.target = w.fake.url;
      proxy.matches = (method, path) => method === 'POST' && path.includes('/agentMessages');
      proxy.fail(...FAULTS);
      const phone = '+12025550777';
      w.fake.setNumber(phone, { kind: 'enabled', features: [] });
      expect((await w.hook.text(phone, 'go')).status).toBe(200);
      await eventually(() => expect(w.fake.sent.filter((s) => s.phoneNumber === phone).map((s) => s.contentMessage.text)).toEqual(['first', 'second']), 20_000);
      expectFaultsThenDelivery(proxy);
    } finally {
      await w.close();
    }
  }, 60_000);

  it('microblog: the DM API failing every way, then delivering both messages in order', async () => {
    const w: MicroblogWorld = await microblogWorld(kind, bot, { env: { ...ENV, MICROBLOG_API_URL: proxy.url, MICROBLOG_TIMEOUT_MS: '500' } });
    try {
      proxy.target = w.fake.url;
      proxy.matches = (method, path) => method === 'POST' && path.startsWith('/1.1/direct_messages/events/new.json');
      proxy.fail(...FAULTS);
      const person = '1700000000000000777';
      w.fake.person(person);
      expect((await w.hook.dm(person, 'go')).status).toBe(200);
      await eventually(() => expect(w.fake.sentTo(person).map((d) => (d.messageData as { text?: string }).text)).toEqual(['first', 'second']), 20_000);
      expectFaultsThenDelivery(proxy);
    } finally {
      await w.close();
    }
  }, 60_000);

  it('SMS carrier API: failing every way, then delivering both messages in order', async () => {
    const carrier = await FakeCarrier.start();
    let server: TestServer | undefined;
    try {
      proxy.target = carrier.url;
      proxy.matches = (method, path) => method === 'POST' && path.endsWith('/Messages.json');
      server = await startSmsServer(kind, { ...ENV, SMS_CARRIER_TIMEOUT_MS: '500' });
      const api = client(server.url, (await server.account()).token);
      const botId = (await api('POST', '/v1/bots', bot)).body.id as number;
      const number = '+15550003000';
      const account = carrier.account([number]);
      const dlc = await createSmsChannel(api, botId, { channelType: 'dlc', user: number, token: `http://${account.sid}:${account.authToken}@${proxy.url.slice('http://'.length)}` });
      carrier.setWebhook(number, `${server.url}/hooks/dlc/${dlc}`);
      proxy.fail(...FAULTS);
      const human = '+15558880777';
      expect((await carrier.receive(human, number, 'go')).status).toBe(200);
      await eventually(() => expect(carrier.textsTo(human)).toEqual(['first', 'second']), 20_000);
      expectFaultsThenDelivery(proxy);
    } finally {
      await server?.close();
      await carrier.close();
    }
  }, 60_000);
});
