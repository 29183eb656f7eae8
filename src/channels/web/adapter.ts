// The web-chat channel's delivery: the message is already stored, so delivering is telling the process that holds the socket.
import type { AtCommitDelivery, ChannelAdapter, Delivery, DeliveryOutcome } from '../types.js';
import { type Fanout, publishWithoutWaiting } from './fanout.js';
import { chatMessage, openFormTokens } from './message-view.js';

export class WebChatAdapter implements ChannelAdapter {
  readonly type = 'web';

  /**
   * A bot's answer is sent when its run commits: the signal that follows carries it, and the message it follows, so a
   * socket that showed that one shows the answer without reading the store. Should the signal be lost (a PostgreSQL
   * fan-out down at that moment), the visitor's next message, or a reload, shows the answer.
   */
  readonly atCommit: AtCommitDelivery;

  constructor(private readonly fanout: Fanout) {
    this.atCommit = {
      providerIdPrefix: 'web-',
      announce: (conversationId, sent, state) => {
        const message = chatMessage({
          id: sent.id, conversationId, kind: 'message', direction: 'out', content: sent.content, status: 'sent', failureReason: null,
          providerMessageId: `web-${sent.id}`, createdAt: sent.createdAt,
        });
        const shown = message === null || sent.after === null ? {} : { message, after: sent.after };
        publishWithoutWaiting(this.fanout, { conversationId, messageId: sent.id, openForms: openFormTokens(state), ...shown });
      },
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
