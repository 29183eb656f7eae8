// Voice delivery: a message the run of a request produced is accepted for that request's answer; the platform cannot be spoken to otherwise.
import type { ProviderRecords } from '../records.js';
import type { ChannelAdapter, Delivery, DeliveryOutcome } from '../types.js';
import { voiceMessageId } from './spoken-answer.js';
import { utteranceOf } from './utterance.js';

export const UNPROMPTED_REASON =
  'the voice assistant speaks only in answer to a request from the user; it cannot be spoken to unprompted (a timer, a delay, a proactive send)';

export class VoiceAdapter implements ChannelAdapter {
  readonly type = 'alx';

  constructor(private readonly records: Pick<ProviderRecords, 'inbox'>) {}

  /**
   * "Sent" here means handed to the answer of the request whose run produced it (the webhook's HTTP
   * response, which may be in another process); that answer marks it delivered once spoken. Requests
   * are stored under `msg:` keys, timers, request results and broadcasts under others.
   */
  async deliver(delivery: Delivery): Promise<DeliveryOutcome> {
    const key = await this.records.inbox.keyOfProducer(delivery.messageId);
    if (key === null || !key.startsWith('msg:')) return { kind: 'failed', reason: UNPROMPTED_REASON };
    if (utteranceOf(delivery.message).pieces.length === 0) {
      return { kind: 'failed', reason: 'nothing in the message can be spoken: it has no text, title or card text (media, forms and custom JSON are not spoken)' };
    }
    return { kind: 'sent', providerMessageId: voiceMessageId(delivery.messageId) };
  }
}
