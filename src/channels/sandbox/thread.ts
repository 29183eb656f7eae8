// One phone on one page: the conversation's messages sent to the page in order, each once, never past a message still being delivered.
import type { ProviderRecords } from '../records.js';
import type { ChatSocket } from '../web/hub.js';
import type { ChannelRecord } from '../types.js';
import { isPendingOut, phoneMessage, type PhoneMessage } from './phone-message.js';

/** Messages a phone shows when it opens, and reads at a time while catching up. */
export const HISTORY = 100;

export class PhoneThread implements ChatSocket {
  /** The newest message id this page was sent (or skipped as one phones do not show). */
  private lastShown = 0;
  /** One sync at a time: signals, catch-ups and the opening read all go through it, so nothing is sent twice or out of order. */
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    readonly conversationId: number,
    private readonly channel: ChannelRecord,
    private readonly address: string,
    private readonly records: Pick<ProviderRecords, 'messages'>,
    private readonly out: (frame: object) => void,
  ) {}

  /** The latest messages, for the phone's opening frame; later ones come as `message` frames. */
  opening(): Promise<PhoneMessage[]> {
    return this.serial(async () => {
      const recent = await this.records.messages.recent(this.conversationId, HISTORY);
      this.lastShown = (recent[0]?.id ?? 1) - 1;
      return this.read(Number.MAX_SAFE_INTEGER);
    });
  }

  /** From the web-chat hub (a signal of any process): sends what this page has not had, up to `messageId`. */
  syncTo(messageId: number): Promise<void> {
    return this.serial(async () => {
      for (const message of await this.read(messageId)) this.out({ type: 'message', conversationId: this.conversationId, message });
    });
  }

  /** Signals of the hub: an answer's draft is shown as it is written (docs/knowledge.md); phones do not show typing. */
  send(frame: string): void {
    const signal = JSON.parse(frame) as { type: string; text?: unknown };
    if (signal.type === 'draft' && typeof signal.text === 'string') this.out({ type: 'draft', conversationId: this.conversationId, text: signal.text });
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.chain.then(work);
    this.chain = next.catch(() => undefined);
    return next;
  }

  private async read(upTo: number): Promise<PhoneMessage[]> {
    const shown: PhoneMessage[] = [];
    for (;;) {
      const rows = await this.records.messages.history(this.conversationId, this.lastShown, HISTORY);
      for (const row of rows) {
        if (row.id > upTo || isPendingOut(row)) return shown;
        this.lastShown = row.id;
        const message = phoneMessage(row, this.channel, this.address);
        if (message !== null) shown.push(message);
      }
      if (rows.length < HISTORY) return shown;
    }
  }
}
