// The web-chat channel's delivery: the message is already stored, so delivering is telling the process that holds the socket.
import type { AtCommitDelivery, ChannelAdapter, Delivery, DeliveryOutcome } from '../types.js';
import type { Fanout } from './fanout.js';
import { openFormTokens } from './message-view.js';

export class WebChatAdapter implements ChannelAdapter {
  readonly type = 'web';

  /**
   * A bot's answer is sent when its run commits: the signal that follows makes each socket read it. Should the signal
   * be lost (a PostgreSQL fan-out down at that moment), the visitor's next message, or a reload, shows the answer.
   */
  readonly atCommit: AtCommitDelivery;

  constructor(private readonly fanout: Fanout) {
    this.atCommit = {
      providerIdPrefix: 'web-',
      announce: (conversationId, messageId, state) => void this.fanout.publish({ conversationId, messageId, openForms: openFormTokens(state) }).catch(() => undefined),
    };
  }

  async deliver(delivery: Delivery): Promise<DeliveryOutcome> {
    try {
      await this.fanout.publish({ conversationId: delivery.conversationId, messageId: delivery.messageId });
      return { kind: 'sent', providerMessageId: `web-${delivery.messageId}` };
    } catch (error) {
      return { kind: 'retry', reason: `web chat fan-out failed: ${(error as Error).message}` };
    }
  }
}
