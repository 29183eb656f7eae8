// Tells an account's open consoles that one of its conversations changed (a run committed, a message's status moved), in this process.
import type { Repositories } from '../store/index.js';
import type { RuntimeEvents } from './conversations/runtime-events.js';

export interface ConversationNotice { type: 'conversation'; conversationId: number }
type Listener = (notice: ConversationNotice) => void;

/**
 * Only what this process runs or delivers is seen here: with several server processes, a console also polls
 * (docs/console.md), so what another process did shows a few seconds later rather than at once.
 */
export class AccountEvents {
  private readonly listeners = new Map<number, Set<Listener>>();

  constructor(events: RuntimeEvents, private readonly repos: Pick<Repositories, 'conversations'>) {
    const byAccount = (info: { accountId: number; conversationId: number }) => this.tell(info.accountId, info.conversationId);
    for (const name of ['message.sent', 'message.failed', 'message.delivered', 'message.read'] as const) events.on(name, byAccount);
    events.on('conversation.committed', ({ conversationId }) => {
      if (this.listeners.size === 0) return;
      void this.repos.conversations.find(conversationId).then((row) => {
        if (row !== undefined) this.tell(row.accountId, conversationId);
      }, () => undefined);
    });
  }

  /** Listens for the account's conversations; returns what stops listening. */
  subscribe(accountId: number, listener: Listener): () => void {
    let set = this.listeners.get(accountId);
    if (set === undefined) this.listeners.set(accountId, set = new Set());
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(accountId);
    };
  }

  /** A change made through the API (a reply, a note, a takeover) told to the account's other consoles. */
  tell(accountId: number, conversationId: number): void {
    for (const listener of this.listeners.get(accountId) ?? []) listener({ type: 'conversation', conversationId });
  }
}
