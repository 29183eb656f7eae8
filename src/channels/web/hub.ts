// The web-chat sockets of this process by conversation, and pushing each conversation's news to them in order.
import type { Repositories } from '../../store/repositories/index.js';
import type { ChatSignal, Fanout } from './fanout.js';
import { chatMessage, openFormTokens } from './message-view.js';

export interface ChatSocket {
  send(frame: string): void;
}

export class ChatHub {
  private readonly sockets = new Map<number, Set<ChatSocket>>();
  /** One chain of pushes per conversation, so messages loaded concurrently are still shown in signal order. */
  private readonly chains = new Map<number, Promise<void>>();

  constructor(private readonly repos: Repositories, fanout: Fanout) {
    fanout.subscribe((signal) => this.onSignal(signal));
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
    const frames: string[] = [];
    if (signal.messageId !== undefined) {
      const row = await this.repos.messages.find(signal.messageId);
      const message = row && row.conversationId === signal.conversationId ? chatMessage(row) : null;
      if (message !== null) {
        // Read after the run committed, so a form the bot refused (and still waits for) is listed as open again.
        const openForms = openFormTokens((await this.repos.conversations.find(signal.conversationId))?.state);
        frames.push(JSON.stringify({ type: 'message', message, openForms }));
      }
    }
    if (signal.typing !== undefined) frames.push(JSON.stringify({ type: 'typing', on: signal.typing }));
    for (const socket of this.sockets.get(signal.conversationId) ?? []) for (const frame of frames) socket.send(frame);
  }
}
