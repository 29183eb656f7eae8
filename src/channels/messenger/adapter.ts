// Messenger delivery: the channel's settings, the message rendered as Send API messages, sent in order with the right messaging type.
import type { ProviderRecords } from '../records.js';
import type { Clock } from '../../time.js';
import { progressOf, sendRemainingParts, type PartialSends, type PartsProgress } from '../shared/partial-sends.js';
import type { OutboundMessage } from '../../engine/index.js';
import { type Pace, providerPace } from '../pacing.js';
import type { ChannelAdapter, Delivery, DeliveryOutcome } from '../types.js';
import { messagingTypeFor } from './messaging-type.js';
import { renderMessages } from './render.js';
import type { SendApi } from './send-api.js';
import { messengerSettings, MessengerSetupProblem, type MessengerSettings, type SecretDefaults } from './settings.js';

/** Send API calls a second per page, as the platform publishes it. */
const CALLS_PER_SECOND = 300;

/** Page-scoped ids are decimal numbers. */
const PSID = /^\d{1,40}$/;

export interface MessengerAdapterParts {
  sendApi: SendApi;
  records: Pick<ProviderRecords, 'messages'>;
  defaults: SecretDefaults;
  /** Send API calls already made for messages sent as several, so a retry resumes after the last one sent. */
  sentParts: PartialSends<PartsProgress>;
  clock: Clock;
}

export class MessengerAdapter implements ChannelAdapter {
  readonly type = 'fb';

  constructor(private readonly parts: MessengerAdapterParts) {}

  /** The platform limits calls per page: a message sent as several Send API calls takes that many. */
  pace(_channel: unknown, message: OutboundMessage): Pace {
    const rendered = renderMessages(message);
    return providerPace('fb', rendered.ok ? rendered.parts.length : 1, CALLS_PER_SECOND);
  }

  async deliver(delivery: Delivery): Promise<DeliveryOutcome> {
    let settings: MessengerSettings;
    try {
      settings = messengerSettings(delivery.channel, this.parts.defaults);
    } catch (err) {
      if (err instanceof MessengerSetupProblem) return { kind: 'failed', reason: err.message };
      throw err;
    }
    if (!PSID.test(delivery.address)) return { kind: 'failed', reason: `"${delivery.address.slice(0, 40)}" is not a page-scoped id, which the messenger platform addresses people by` };
    const rendered = renderMessages(delivery.message);
    if (!rendered.ok) return { kind: 'failed', reason: `the message cannot be shown on the messenger platform: ${rendered.reason}` };

    const { records, sentParts, sendApi, clock } = this.parts;
    const choice = await messagingTypeFor(records, delivery.conversationId, delivery.messageId, settings.messageTag, clock());
    const progress = progressOf(sentParts, delivery.messageId, { sent: 0, lastId: null });
    // Receipts name messages by id (and by time, which covers every part): the last part stands for the message.
    return sendRemainingParts(sentParts, delivery.messageId, progress, rendered.parts.length, async (i) => {
      const part = rendered.parts[i]!;
      const messagingType = part.messagingType ?? choice.type;
      const result = await sendApi.send({
        pageId: settings.pageId,
        credentials: { accessToken: settings.pageAccessToken, appSecret: settings.appSecret },
        recipient: delivery.address,
        messagingType,
        tag: messagingType === 'MESSAGE_TAG' ? part.tag ?? choice.tag : null,
        message: part.message,
      });
      return result.kind === 'sent' ? { kind: 'sent', id: result.messageId === '' ? null : result.messageId } : result;
    });
  }
}
