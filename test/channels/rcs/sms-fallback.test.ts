// The SMS fallback end to end through the real SMS channel and the fake carrier: a proactive RCS send to a number without RCS, answered by text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeCarrier } from '../../fakes/carrier.js';
import { FakeRbm } from '../../fakes/rbm.js';
import { client, type Call } from '../../helpers/http.js';
import type { TestServer } from '../../helpers/server.js';
import { createSmsChannel, startSmsServer } from '../sms/harness.js';
import { eventually } from '../support/eventually.js';

const LONG_CODE = '+12025550100';
const HANDSET = '+12025550161';

const bot = {
  name: 'front desk',
  interactions: [
    {
      name: 'welcome', intents: ['sys:start'],
      actions: [{ send: { message: { text: 'Hi!', quickReplies: [
        { type: 'postback', title: 'Opening hours', payload: 'HOURS', execute: 'hours' }, { type: 'postback', title: 'Talk to us', payload: 'TALK', execute: 'talk' },
      ] } } }],
    },
    { name: 'hours', actions: [{ send: { message: { text: 'Open 9 to 5.' } } }] },
    { name: 'talk', actions: [{ send: { message: { text: 'We will call you (rcs={sys:rcsEnabled}).' } } }] },
    { name: 'other', intents: ['sys:text'], actions: [{ send: { message: { text: 'You said: {sys:text}' } } }] },
  ],
};

describe('RCS with its SMS fallback through the carrier', () => {
  let rbm: FakeRbm;
  let carrier: FakeCarrier;
  let server: TestServer;
  let api: Call;
  let rcs: number;
  let dlc: number;

  beforeAll(async () => {
    rbm = await FakeRbm.start();
    carrier = await FakeCarrier.start();
    server = await startSmsServer('sqlite', { RBM_API_URL: rbm.url, RBM_TOKEN_HOSTS: rbm.host, DELIVERY_RATES: 'dlc=20' });
    api = client(server.url, (await server.account()).token);
    const created = await api('POST', '/v1/bots', bot);
    expect(created.status).toBe(200);
    const account = carrier.account([LONG_CODE]);
    dlc = await createSmsChannel(api, created.body.id, { channelType: 'dlc', user: LONG_CODE, token: `http://${account.sid}:${account.authToken}@${carrier.url.slice('http://'.length)}` });
    carrier.setWebhook(LONG_CODE, `${server.url}/hooks/dlc/${dlc}`);
    const key = rbm.serviceAccount();
    rbm.agent('front_desk_agent', key);
    const channel = await api('POST', '/v1/channels', {
      channelType: 'rcs', botId: created.body.id, name: 'rcs', description: 'RBM', user: 'front_desk_agent',
      token: key.keyJson({ webhook_client_token: 'CLIENTTOKEN' }), data: { smsFallbackChannelId: dlc },
    });
    expect(channel.status).toBe(200);
    rcs = channel.body.id;
  });
  afterAll(async () => {
    await server?.close();
    await carrier?.close();
    await rbm?.close();
  });

  it('texts the message with numbered options, and the texted number runs the option in the RCS conversation', async () => {
    const human = await api('POST', '/v1/humans', { phone: HANDSET });
    expect((await api('POST', `/v1/channels/${rcs}/subscribe`, { humanIds: [human.body.id] })).status).toBe(200);
    const sent = await api('POST', '/v1/messages', { channelId: rcs, script: 'welcome', targets: [{ targetType: 'humans', ids: [human.body.id] }] });
    expect(sent.body).toMatchObject({ queued: 1 });

    await carrier.waitFor(() => carrier.textsTo(HANDSET).length === 1);
    expect(carrier.textsTo(HANDSET)[0]).toMatch(/^Hi!\n[\s\S]*1\. Opening hours\n2\. Talk to us$/);
    expect(carrier.messages[0]).toMatchObject({ from: LONG_CODE, to: HANDSET });
    expect(rbm.capabilityCalls.map((c) => [c.phoneNumber, c.status])).toEqual([[HANDSET, 404]]);
    expect(rbm.agentMessageCalls).toEqual([]);

    expect((await carrier.receive(HANDSET, LONG_CODE, '2')).status).toBe(200);
    await carrier.waitFor(() => carrier.textsTo(HANDSET).length === 2);
    expect(carrier.textsTo(HANDSET)[1]).toBe('We will call you (rcs=false).');

    // One conversation, on the RCS channel, holding both sides; none on the SMS channel.
    const { humans } = (await api('GET', `/v1/humans?phone=${encodeURIComponent(HANDSET)}`)).body;
    expect(humans).toHaveLength(1);
    expect((await api('GET', `/v1/conversations?channel_id=${dlc}`)).body.conversations).toEqual([]);
    const [conversation] = (await api('GET', `/v1/conversations?channel_id=${rcs}`)).body.conversations;
    await eventually(async () => {
      const history = (await api('GET', `/v1/conversations/${conversation.id}/messages`)).body.messages as { direction: string; status: string; content: { text: string } }[];
      expect(history.map((m) => [m.direction, m.status, m.content.text])).toEqual([
        ['out', 'sent', 'Hi!'], ['in', 'received', '2'], ['out', 'sent', 'We will call you (rcs=false).'],
      ]);
    });
    // Texts sent as the fallback took the SMS channel's delivery slots (DELIVERY_RATES=dlc=…), as its own texts do; the RCS channel has no rate.
    const slots = await server.store.db.selectFrom('channel_delivery_slots').select('channel_id').execute();
    expect(slots.map((r) => r.channel_id)).toEqual([dlc]);
  });

  it('applies the SMS provider\'s delivery receipt to the fallback message, which is stored in the RCS conversation', async () => {
    const [conversation] = (await api('GET', `/v1/conversations?channel_id=${rcs}`)).body.conversations;
    const sms = (await server.services.runtime.channels.find(dlc))!;
    // The carrier reports on the SMS channel, under the id it gave the text.
    await server.services.runtime.reportStatus({ channel: sms, providerMessageId: carrier.messages[0]!.sid, status: 'delivered' });
    const history = (await api('GET', `/v1/conversations/${conversation.id}/messages`)).body.messages as { status: string; content: { text: string } }[];
    expect(history.find((m) => m.content.text === 'Hi!')?.status).toBe('delivered');
  });

  it('honours STOP texted to the fallback number: confirmed once, and nothing more from the RCS channel by text', async () => {
    expect((await carrier.receive(HANDSET, LONG_CODE, 'STOP')).status).toBe(200);
    await carrier.waitFor(() => carrier.textsTo(HANDSET).length === 3);
    expect(carrier.textsTo(HANDSET)[2]).toMatch(/unsubscribed/);
    const [human] = (await api('GET', `/v1/humans?phone=${encodeURIComponent(HANDSET)}`)).body.humans;
    const sent = await api('POST', '/v1/messages', { channelId: rcs, text: 'Flash sale today!', targets: [{ targetType: 'humans', ids: [human.id] }] });
    expect(sent.body).toMatchObject({ queued: 1 });
    const [conversation] = (await api('GET', `/v1/conversations?channel_id=${rcs}`)).body.conversations;
    await eventually(async () => {
      const last = ((await api('GET', `/v1/conversations/${conversation.id}/messages?limit=500`)).body.messages as { status: string; failureReason: string | null; content: { text: string } }[]).at(-1)!;
      expect(last.content.text).toBe('Flash sale today!');
      expect(last.status).toBe('failed');
      // The STOP is in the ledger as an SMS opt-out: the fallback refuses before the SMS channel is asked.
      expect(last.failureReason).toBe(`${HANDSET} cannot receive RCS and the human opted out of SMS (the consent ledger)`);
    });
    expect(carrier.textsTo(HANDSET)).toHaveLength(3);
  });

  it('sends no fallback text to a human who opted out of SMS elsewhere in the account (the consent ledger\'s family)', async () => {
    const other = '+12025550162';
    const human = (await api('POST', '/v1/humans', { phone: other })).body.id as number;
    expect((await api('POST', `/v1/channels/${rcs}/subscribe`, { humanIds: [human] })).status).toBe(200);
    // Opted out of the SMS number by API: the ledger's SMS family is "out", the RCS subscription stays.
    expect((await api('POST', `/v1/channels/${dlc}/subscribe`, { humanIds: [human] })).status).toBe(200);
    expect((await api('POST', `/v1/channels/${dlc}/unsubscribe`, { humanIds: [human] })).status).toBe(200);
    expect((await api('POST', '/v1/messages', { channelId: rcs, text: 'Flash sale today!', targets: [{ targetType: 'humans', ids: [human] }] })).body).toMatchObject({ queued: 1 });
    const [conversation] = (await api('GET', `/v1/conversations?channel_id=${rcs}&human_id=${human}`)).body.conversations;
    await eventually(async () => {
      const last = ((await api('GET', `/v1/conversations/${conversation.id}/messages`)).body.messages as { status: string; failureReason: string | null }[]).at(-1)!;
      expect(last).toMatchObject({ status: 'failed', failureReason: `${other} cannot receive RCS and the human opted out of SMS (the consent ledger)` });
    });
    expect(carrier.textsTo(other)).toEqual([]);
  });
});
