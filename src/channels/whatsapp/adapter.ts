// WhatsApp delivery: the channel's settings, the 24-hour window, the message rendered as Cloud API messages and sent in order.
import type { OutboundMessage } from '../../engine/index.js';
import { type Pace, providerPace } from '../pacing.js';
import type { ProviderRecords } from '../records.js';
import { progressOf, sendRemainingParts, type PartialSends, type PartsProgress } from '../shared/partial-sends.js';
import type { ChannelAdapter, Delivery, DeliveryOutcome } from '../types.js';
import type { Clock } from '../../time.js';
import { type MessagesApi, recipientOf } from './messages-api.js';
import { renderCloudMessages } from './render.js';
import { type SecretDefaults, type WhatsAppSettings, whatsappSettings, WhatsAppSetupProblem } from './settings.js';
import { isWindowOpen, windowClosedReason } from './window.js';

/** Messages a second per business number, as Meta grants by default (raised per number on request: DELIVERY_RATES wha=…). */
const MESSAGES_PER_SECOND = 80;

export interface WhatsAppAdapterParts {
  messages: MessagesApi;
  records: Pick<ProviderRecords, 'messages'>;
  defaults: SecretDefaults;
  sentParts: PartialSends<PartsProgress>;
  clock: Clock;
}

export class WhatsAppAdapter implements ChannelAdapter {
  readonly type = 'wha';

  constructor(private readonly parts: WhatsAppAdapterParts) {}

  pace(_channel: unknown, message: OutboundMessage): Pace {
    const rendered = renderCloudMessages(message);
    return providerPace('wha', rendered.ok ? rendered.parts.length : 1, MESSAGES_PER_SECOND);
  }

  async deliver(delivery: Delivery): Promise<DeliveryOutcome> {
    let settings: WhatsAppSettings;
    try {
      settings = whatsappSettings(delivery.channel, this.parts.defaults);
    } catch (err) {
      if (err instanceof WhatsAppSetupProblem) return { kind: 'failed', reason: err.message };
      throw err;
    }
    const recipient = recipientOf(delivery.address);
    if (recipient === null) return { kind: 'failed', reason: `"${delivery.address.slice(0, 40)}" is neither a phone number (E.164) nor a WhatsApp business-scoped user id` };
    const rendered = renderCloudMessages(delivery.message);
    if (!rendered.ok) return { kind: 'failed', reason: `the message cannot be shown on WhatsApp: ${rendered.reason}` };
    const { records, sentParts, messages, clock } = this.parts;
    // Refused here, before it leaves: WhatsApp would answer 131047 and count it against the number's quality.
    if (!rendered.template) {
      const last = await records.messages.lastInboundAt(delivery.conversationId);
      if (!isWindowOpen(last, clock())) return { kind: 'failed', reason: windowClosedReason(last) };
    }
    const progress = progressOf(sentParts, delivery.messageId, { sent: 0, lastId: null });
    // Statuses name messages by id: the last part stands for the message.
    return sendRemainingParts(sentParts, delivery.messageId, progress, rendered.parts.length, (i) =>
      messages.send(settings.phoneNumberId, settings.accessToken, recipient, rendered.parts[i]!));
  }
}
