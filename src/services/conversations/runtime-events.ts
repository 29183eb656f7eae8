// What the conversation runtime tells the rest of the process: messages received, sent, failed; conversations started.
import { EventEmitter } from 'node:events';

export interface MessageEventInfo {
  accountId: number;
  conversationId: number;
  messageId: number;
  reason?: string;
  /** The type of the channel the message went through ('email' for e-mails), for metrics; absent where unknown. */
  channelType?: string;
  /** When the message was queued (sent messages), for the delivery latency. */
  queuedAt?: string;
}

export interface RuntimeEventMap {
  'message.received': [MessageEventInfo];
  'message.sent': [MessageEventInfo];
  'message.failed': [MessageEventInfo];
  'message.delivered': [MessageEventInfo];
  'message.read': [MessageEventInfo];
  'conversation.started': [{ accountId: number; conversationId: number }];
  /** A run committed: listeners (web chat) may show what changed. */
  'conversation.committed': [{ conversationId: number; channelType: string; messageIds: number[]; counted: readonly { metric: string; n: number }[] }];
  /** An answer step's text so far, while a model writes it (docs/knowledge.md): web chat and the sandbox show it. */
  'answer.draft': [{ conversationId: number; channelId: number; channelType: string; text: string }];
}

export class RuntimeEvents extends EventEmitter<RuntimeEventMap> {}
