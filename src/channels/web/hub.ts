// The web-chat sockets of this process by conversation, and pushing each conversation's news to them in order.
import type { ChatSignal, Fanout } from './fanout.js';
import type { ChatMessage } from './message-view.js';

export interface ChatSocket {
  send(frame: string): void;
  /**
   * Sends, in id order, every message of the conversation up to `messageId` this socket has not had yet.
   * Signals come from several processes and may arrive out of order; syncing up to an id (rather than
   * sending the one message) keeps what a socket shows in the order the messages were stored.
   */
  syncTo(messageId: number, openForms?: string[], carried?: CarriedMessage): Promise<void>;
}

/** A message a signal carries, with the conversation's message stored just before it (see ChatSignal.message). */
export interface CarriedMessage {
  message: ChatMessage;
  after: number;
}

/** Up to this id is every message there is: the largest a message id can be (a 32-bit integer column on PostgreSQL). */
export const NEWEST = 2_147_483_647;

export class ChatHub {
  private readonly sockets = new Map<number, Set<ChatSocket>>();
  /** One chain of pushes per conversation, so messages loaded concurrently are still shown in signal order. */
  private readonly chains = new Map<number, Promise<void>>();

  constructor(fanout: Fanout) {
    fanout.subscribe((signal) => this.onSignal(signal));
    fanout.onResync(() => this.resync());
  }

  /** Every socket catches up from the store, in its conversation's order of pushes: signals for it may have gone unsent. */
  private resync(): void {
    for (const conversationId of this.sockets.keys()) this.onSignal({ conversationId, messageId: NEWEST });
  }

  attach(conversationId: number, socket: ChatSocket): void {
    let set = this.sockets.get(conversationId);
    if (set === undefined) {
      set = new Set();
      this.sockets.set(conversationId, set);
    }
    set.add(socket);
  }

  detach(conversationId: number, socket: ChatSocket): void {
    const set = this.sockets.get(conversationId);
    set?.delete(socket);
    if (set?.size === 0) this.sockets.delete(conversationId);
  }

  /** An answer's text so far, to this process's sockets of the conversation only (see ChatSignal.draft). */
  draft(conversationId: number, text: string): void {
    this.onSignal({ conversationId, draft: text });
  }

  private onSignal(signal: ChatSignal): void {
    if (!this.sockets.has(signal.conversationId)) return;
    const previous = this.chains.get(signal.conversationId) ?? Promise.resolve();
    const next = previous.then(() => this.push(signal)).catch(() => undefined);
    this.chains.set(signal.conversationId, next);
    void next.then(() => {
      if (this.chains.get(signal.conversationId) === next) this.chains.delete(signal.conversationId);
    });
  }

  private async push(signal: ChatSignal): Promise<void> {
    const sockets = [...(this.sockets.get(signal.conversationId) ?? [])];
    const carried = signal.message !== undefined && signal.after !== undefined && signal.message.id === signal.messageId
      ? { message: signal.message, after: signal.after } : undefined;
    if (signal.messageId !== undefined) for (const socket of sockets) await socket.syncTo(signal.messageId, signal.openForms, carried);
    if (signal.typing !== undefined) for (const socket of sockets) socket.send(JSON.stringify({ type: 'typing', on: signal.typing }));
    if (signal.draft !== undefined) for (const socket of sockets) socket.send(JSON.stringify({ type: 'draft', text: signal.draft }));
  }
}
