// Delivering one outbound message on an SMS channel: the token read, the recipient checked, the text rendered, media checked, the transport used.
import type { ProviderRecords } from '../records.js';
import type { OutboundMessage } from '../../engine/index.js';
import type { Pace } from '../pacing.js';
import type { ChannelRecord, Delivery, DeliveryOutcome } from '../types.js';
import { senderOf, toE164 } from './addresses.js';
import type { CarrierTransport } from './carrier/transport.js';
import { isKeywordReply } from './keywords.js';
import { smsPace } from './pace.js';
import type { MediaChecker } from './media-check.js';
import { renderSms } from './render.js';
import { subscriptionAt } from './subscriptions.js';
import type { SmppTransport } from './smpp/transport.js';
import { parseSmsToken } from './token.js';

export interface SenderDeps {
  records: Pick<ProviderRecords, 'humans' | 'identities'>;
  smpp: SmppTransport;
  carrier: CarrierTransport;
  media: MediaChecker;
  carrierApiUrl: string;
}

export class SmsSender {
  constructor(private readonly deps: SenderDeps) {}

  pace(channel: ChannelRecord, message: OutboundMessage): Pace {
    return smsPace(channel, message, this.deps.carrierApiUrl);
  }

  async deliver(delivery: Delivery): Promise<DeliveryOutcome> {
    const { channel, message } = delivery;
    const parsed = parseSmsToken(channel.token, this.deps.carrierApiUrl);
    if (!parsed.ok) return { kind: 'failed', reason: parsed.reason };
    const sender = senderOf(channel);
    if (!sender.ok) return { kind: 'failed', reason: sender.reason };
    const to = toE164(delivery.address, channel.countryCode);
    if (to === null) return { kind: 'failed', reason: `"${delivery.address}" is not a phone number` };
    if (!isKeywordReply(message) && (await subscriptionAt(this.deps.records, channel, to)) === false) {
      return { kind: 'failed', reason: 'the human unsubscribed from this number (STOP); carriers allow nothing but keyword replies until they text START' };
    }

    const target = parsed.target;
    const rendered = renderSms(message, { mms: target.kind === 'http' });
    if (rendered.text === '' && rendered.media.length === 0) return { kind: 'failed', reason: 'the message has nothing a text message can carry (only custom JSON or a form)' };

    if (target.kind === 'smpp') {
      return this.deps.smpp.send({
        messageId: delivery.messageId, channel, token: channel.token!, target, from: sender.number, shortCode: sender.shortCode, to, text: rendered.text,
      });
    }
    if (rendered.media.length > 0) {
      // The spec's MIME list is the Long Code channel's; short codes are held to the 5 MB total only.
      const refused = await this.deps.media.check(rendered.media, Buffer.byteLength(rendered.text), channel.type === 'dlc');
      if (refused !== null) return refused;
    }
    return this.deps.carrier.send(delivery.messageId, channel, target, sender.number, to, rendered);
  }
}
