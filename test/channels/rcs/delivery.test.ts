// RCS delivery outcomes: an outage retried then delivered, RBM's refusals, and numbers without RCS served through the SMS fallback channel.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelAdapter, ChannelRecord, Delivery, DeliveryOutcome } from '../../../src/channels/types.js';
import { messageEvent } from '../../../src/engine/events.js';
import { DATABASES } from '../../helpers/server.js';
import { eventually } from '../support/eventually.js';
import { rcsWorld, type RcsWorld } from './rcs-world.js';

const bot = {
  name: 'front desk',
  interactions: [
    {
      name: 'welcome', intents: ['sys:start'],
      actions: [{ send: { message: { text: 'Hi! rcs={sys:rcsEnabled}', quickReplies: [
        { type: 'postback', title: 'Opening hours', payload: 'HOURS', execute: 'hours' }, { type: 'postback', title: 'Talk to us', payload: 'TALK', execute: 'talk' },
      ] } } }],
    },
    { name: 'hours', actions: [{ send: { message: { text: 'Open 9 to 5 (rcs={sys:rcsEnabled})' } } }] },
    { name: 'talk', actions: [{ send: { message: { text: 'We will call you' } } }] },
    { name: 'other', intents: ['sys:text'], actions: [{ send: { message: { text: 'You said: {sys:text} (rcs={sys:rcsEnabled})' } } }] },
  ],
};

/** Stands in for the SMS provider's adapter: records what the RCS channel hands it. */
class RecordingSms implements ChannelAdapter {
  readonly type = 'dlc';
  readonly deliveries: Delivery[] = [];

  async deliver(delivery: Delivery): Promise<DeliveryOutcome> {
    this.deliveries.push(delivery);
    return { kind: 'sent', providerMessageId: `SM${delivery.messageId}` };
  }
}

describe.each(DATABASES)('RCS delivery on %s', (kind) => {
  let w: RcsWorld;
  const sms = new RecordingSms();
  let smsChannel: ChannelRecord;
  let rcsChannel: ChannelRecord;

  beforeAll(async () => {
    w = await rcsWorld(kind, bot);
    const created = await w.api('POST', '/v1/channels', {
      channelType: 'dlc', botId: w.botId, name: 'texts', description: 'SMS', user: '+12025550100', token: 'AC0123456789:secret', phoneType: 1, countryCode: 'US',
    });
    expect(created.status).toBe(200);
    expect((await w.api('PUT', `/v1/channels/${w.channelId}`, { botId: w.botId, name: 'rcs', description: 'RBM agent', data: { smsFallbackChannelId: created.body.id } })).status).toBe(200);
    w.server.services.runtime.registerAdapter(sms);
    smsChannel = (await w.server.services.runtime.channels.find(created.body.id))!;
    rcsChannel = (await w.server.services.runtime.channels.find(w.channelId))!;
  });
  afterAll(async () => w?.close());

  const smsTo = (phone: string) => sms.deliveries.filter((d) => d.address === phone);

  it('retries an RBM outage (503) with backoff and delivers once RBM is back', async () => {
    const phone = '+12025550131';
    w.fake.setNumber(phone, { kind: 'enabled', features: [] });
    w.fake.outage = { remaining: 2, status: 503 };
    await w.hook.text(phone, 'hello');
    const conversationId = await w.conversationOf(phone);
    await eventually(async () => expect((await w.outbound(conversationId)).map((m) => m.status)).toEqual(['sent']));
    expect(w.fake.agentMessageCalls.filter((c) => c.phoneNumber === phone).map((c) => c.status)).toEqual([503, 503, 200]);
    // The three attempts were one message to RBM: the same messageId each time.
    expect(new Set(w.fake.agentMessageCalls.filter((c) => c.phoneNumber === phone).map((c) => c.messageId)).size).toBe(1);
  });

  it('marks a message RBM refuses (4xx) failed with RBM\'s own words', async () => {
    const phone = '+12025550132';
    w.fake.setNumber(phone, { kind: 'enabled', features: [] });
    await w.hook.text(phone, 'hello');
    const conversationId = await w.conversationOf(phone);
    await eventually(async () => expect((await w.outbound(conversationId)).map((m) => m.status)).toEqual(['sent']));
    w.fake.setNumber(phone, { kind: 'error', status: 400, body: { error: { code: 400, message: 'Request contains an invalid argument.', status: 'INVALID_ARGUMENT' } } });
    await w.hook.text(phone, 'again');
    await eventually(async () => {
      const last = (await w.outbound(conversationId)).at(-1)!;
      expect(last.status).toBe('failed');
      expect(last.failureReason).toBe('Google RBM answered 400 INVALID_ARGUMENT (Request contains an invalid argument.)');
    });
  });

  it('sends to a number without RCS through the SMS fallback channel; the numbered reply continues the RCS conversation', async () => {
    const phone = '+12025550133';
    // A conversation the server starts (as a proactive message does): RBM does not know the number.
    await w.server.services.runtime.ingest.receive({ channel: rcsChannel, address: phone, providerMessageId: null, event: { kind: 'welcome' } });
    await eventually(() => expect(smsTo(phone)).toHaveLength(1));
    const first = smsTo(phone)[0]!;
    expect(first.channel.id).toBe(smsChannel.id);
    expect(first.message.text).toBe('Hi! rcs=');
    expect(first.message.quickReplies.map((q) => q.title)).toEqual(['Opening hours', 'Talk to us']);
    expect(w.fake.sent.filter((s) => s.phoneNumber === phone)).toEqual([]);
    expect(w.fake.agentMessageCalls.filter((c) => c.phoneNumber === phone)).toEqual([]);
    const conversationId = await w.conversationOf(phone);
    expect((await w.outbound(conversationId))[0]).toMatchObject({ status: 'sent' });

    // The human answers the text with "1": it arrives on the SMS channel and selects the first option.
    await w.server.services.runtime.ingest.receive({ channel: smsChannel, address: phone, providerMessageId: 'SMreply1', event: messageEvent({ text: '1' }) });
    await eventually(() => expect(smsTo(phone)).toHaveLength(2));
    expect(smsTo(phone)[1]!.message.text).toBe('Open 9 to 5 (rcs=false)');
    expect((await w.api('GET', `/v1/conversations?channel_id=${smsChannel.id}`)).body.conversations).toEqual([]);
    const history = await w.api('GET', `/v1/conversations/${conversationId}/messages`);
    expect(history.body.messages.map((m: { direction: string }) => m.direction)).toEqual(['out', 'in', 'out']);
  });

  it('takes a 404 on send as "not reachable now" (no RCS, or the agent not launched on that network): the message goes by SMS, the human is not stored as without RCS, and RBM is asked again', async () => {
    const phone = '+12025550134';
    w.fake.setNumber(phone, { kind: 'enabled', features: ['RICHCARD_STANDALONE'] });
    await w.hook.text(phone, 'hello');
    await eventually(() => expect(w.fake.sent.filter((s) => s.phoneNumber === phone)).toHaveLength(1));
    w.fake.setNumber(phone, { kind: 'error', status: 404, body: { error: { code: 404, message: 'Requested entity was not found.', status: 'NOT_FOUND' } } });
    await w.hook.text(phone, 'still there?');
    await eventually(() => expect(smsTo(phone)).toHaveLength(1));
    expect(smsTo(phone)[0]!.message.text).toBe('You said: still there? (rcs=true)');
    const humanId = (await w.server.services.runtime.repos.identities.humanOf(w.channelId, phone))!;
    const human = await w.server.services.runtime.repos.humanRecords.find(humanId);
    expect(human).toMatchObject({ rcsEnabled: true, rcsCheckedAt: null });

    // The agent is launched on the human's network now: the next message asks RBM again and goes over RCS.
    w.fake.setNumber(phone, { kind: 'enabled', features: ['RICHCARD_STANDALONE'] });
    const asked = w.fake.capabilityCalls.filter((c) => c.phoneNumber === phone).length;
    await w.hook.text(phone, 'back');
    await eventually(() => expect(w.fake.sent.filter((s) => s.phoneNumber === phone)).toHaveLength(2));
    expect(w.fake.sent.filter((s) => s.phoneNumber === phone)[1]!.contentMessage).toMatchObject({ text: 'You said: back (rcs=true)' });
    expect(w.fake.capabilityCalls.filter((c) => c.phoneNumber === phone).length).toBeGreaterThan(asked);
    expect(smsTo(phone)).toHaveLength(1);
  });

  it('fails a message to a number without RCS when the channel has no SMS fallback, saying so', async () => {
    const phone = '+12025550135';
    const bare = await w.addChannel();
    const channel = (await w.server.services.runtime.channels.find(bare.channelId))!;
    await w.server.services.runtime.ingest.receive({ channel, address: phone, providerMessageId: null, event: { kind: 'welcome' } });
    const conversationId = await w.conversationOf(phone, bare.channelId);
    await eventually(async () => {
      const [message] = await w.outbound(conversationId);
      expect(message!.status).toBe('failed');
      expect(message!.failureReason).toBe(`${phone} cannot receive RCS and RCS channel ${bare.channelId} has no SMS fallback channel (data.smsFallbackChannelId)`);
    });
    expect(smsTo(phone)).toEqual([]);
  });
});
