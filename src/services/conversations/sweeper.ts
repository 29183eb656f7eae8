// The safety net: now and then, find conversations with work left behind (a crash, a wake-up lost) and run them.
import type { Repositories } from '../../store/index.js';
import type { Clock } from '../../time.js';

/** Conversations looked at per sweep; the next sweep takes the rest. */
const PER_SWEEP = 500;

/** What the sweep hands its finds to: the pump of this process. */
export interface SweepTarget {
  readonly owner: string;
  kick(conversationId: number): void;
  /** Kicked here and not finished: its pass (or the one after it) sees the events, so the sweep leaves it alone. */
  has(conversationId: number): boolean;
  /** No more kicks wanted now: the rest waits for the next sweep (the pump asks for one when it runs low). */
  readonly backlogFull: boolean;
}

export class Sweeper {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private again = false;
  /** Where the next look for pending events starts: after the last conversation the previous one kicked. */
  private after = 0;
  /** The same for outbound items due for delivery. */
  private dueAfter = 0;

  constructor(
    private readonly repos: Repositories,
    private readonly target: SweepTarget,
    private readonly clock: Clock,
    private readonly intervalMs: number,
    private readonly perSweep = PER_SWEEP,
  ) {}

  start(): void {
    if (this.timer !== null) return;
    this.timer = setInterval(() => void this.sweep(), this.intervalMs);
    this.timer.unref();
    void this.sweep();
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /** One sweep; asked for while one runs, it runs once more right after (what was asked for may have come after that one's reads). */
  async sweep(): Promise<void> {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    try {
      do {
        this.again = false;
        const now = this.clock().toISOString();
        const from = this.after;
        const pending = await this.repos.inbox.conversationsWithPending(from, this.target.owner, now, this.perSweep);
        // A short page reached the end: the next look starts from the beginning again.
        this.after = pending.length < this.perSweep ? 0 : (pending.at(-1)?.id ?? 0);
        for (const [index, { id, runnable }] of pending.entries()) {
          if (this.target.backlogFull) {
            // What is left is looked at first next time.
            this.after = index === 0 ? from : (pending[index - 1]?.id ?? from);
            break;
          }
          if (runnable && !this.target.has(id)) this.target.kick(id);
        }
        // A retry whose time came is delivered by a pass that claims: kicked even when a pass runs, for one more after it.
        // A first attempt is the running pass's to make; kicked again, it took a second pass for each message of a
        // broadcast the sweep found on its way out.
        const due = await this.repos.messages.conversationsWithDue(this.dueAfter, now, this.perSweep);
        this.dueAfter = due.length < this.perSweep ? 0 : (due.at(-1)?.id ?? 0);
        for (const { id, runnable, retry } of due) {
          if (runnable && (retry || !this.target.has(id))) this.target.kick(id);
        }
      } while (this.again);
    } catch {
      // The store may be closing or briefly unreachable; the next sweep tries again.
    } finally {
      this.running = false;
    }
  }
}
