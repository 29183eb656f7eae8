// "typing…" in the person's chat while the bot's run takes its time (a slow request, a model's answer): sendChatAction.
import type { Logger, RuntimeNews } from '../ports.js';
import type { BotApi } from './bot-api.js';

/** A run that commits within this time needs no signal: its answer is there before "typing…" would show. */
const FIRST_SIGNAL_MS = 1000;
/** Telegram shows the action for five seconds (or until the bot's message comes): it is sent again before it fades. */
const REPEAT_MS = 4500;
/** The longest a chat is told the bot is typing for one message. */
const MAX_SIGNALS = 5;
/** Conversations whose last commit is remembered, at most (the oldest are forgotten first). */
const REMEMBERED = 10_000;

interface Watch {
  timer: NodeJS.Timeout;
  /** When the event was stored (ms): a commit at or after it ran it, or an event after it. */
  since: number;
  sent: number;
}

export class TypingSignal {
  private readonly watching = new Map<number, Watch>();
  private readonly lastCommit = new Map<number, number>();

  constructor(private readonly api: BotApi, events: RuntimeNews, private readonly log: () => Logger | null) {
    // Runs commit in the process that stored the event, as a rule: one that runs elsewhere leaves this one signalling
    // for a few seconds at most, and the bot's message ends the signal in the person's chat anyway.
    events.on('conversation.committed', ({ conversationId, channelType }) => {
      if (channelType !== 'tlg') return;
      this.lastCommit.delete(conversationId);
      this.lastCommit.set(conversationId, Date.now());
      if (this.lastCommit.size > REMEMBERED) this.lastCommit.delete(this.lastCommit.keys().next().value!);
      const watch = this.watching.get(conversationId);
      if (watch !== undefined) {
        clearTimeout(watch.timer);
        this.watching.delete(conversationId);
      }
    });
  }

  /** Watches the run of an event stored at `storedAt` (ISO) for the chat; "typing…" goes out if it is slow. */
  watch(token: string, chatId: string, conversationId: number, storedAt: string): void {
    const since = Date.parse(storedAt);
    const previous = this.watching.get(conversationId);
    if (previous !== undefined) clearTimeout(previous.timer);
    const watch: Watch = { timer: this.arm(token, chatId, conversationId, FIRST_SIGNAL_MS), since: Number.isNaN(since) ? Date.now() : since, sent: 0 };
    this.watching.set(conversationId, watch);
  }

  close(): void {
    for (const watch of this.watching.values()) clearTimeout(watch.timer);
    this.watching.clear();
  }

  private arm(token: string, chatId: string, conversationId: number, ms: number): NodeJS.Timeout {
    const timer = setTimeout(() => void this.signal(token, chatId, conversationId), ms);
    timer.unref();
    return timer;
  }

  private async signal(token: string, chatId: string, conversationId: number): Promise<void> {
    const watch = this.watching.get(conversationId);
    if (watch === undefined) return;
    // Committed before the watch began (a run quicker than the webhook's answer): nothing to signal.
    if ((this.lastCommit.get(conversationId) ?? 0) >= watch.since || watch.sent >= MAX_SIGNALS) {
      this.watching.delete(conversationId);
      return;
    }
    watch.sent += 1;
    watch.timer = this.arm(token, chatId, conversationId, REPEAT_MS);
    try {
      const answer = await this.api.call(token, 'sendChatAction', { chat_id: Number(chatId), action: 'typing' });
      if (!answer.ok) this.log()?.debug({ conversationId, status: answer.status, description: answer.description }, 'telegram: sendChatAction refused');
    } catch (err) {
      this.log()?.debug({ err, conversationId }, 'telegram: sendChatAction failed');
    }
  }
}
