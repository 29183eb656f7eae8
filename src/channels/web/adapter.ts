// The web-chat channel's delivery: the message is already stored, so delivering is telling the process that holds the socket.
import type { ChannelAdapter, Delivery, DeliveryOutcome } from '../types.js';
import type { Fanout } from './fanout.js';

export class WebChatAdapter implements ChannelAdapter {
  readonly type = 'web';

  constructor(private readonly fanout: Fanout) {}

  async deliver(delivery: Delivery): Promise<DeliveryOutcome> {
    try {
      await this.fanout.publish({ conversationId: delivery.conversationId, messageId: delivery.messageId });
      return { kind: 'sent', providerMessageId: `web-${delivery.messageId}` };
    } catch (error) {
      return { kind: 'retry', reason: `web chat fan-out failed: ${(error as Error).message}` };
    }
  }
}
