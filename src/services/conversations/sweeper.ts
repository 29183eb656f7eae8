// The safety net: now and then, find conversations with work left behind (a crash, a wake-up lost) and run them.
import type { Repositories } from '../../store/index.js';
import type { Clock } from '../../time.js';

/** Conversations looked at per sweep; the next sweep takes the rest. */
const PER_SWEEP = 500;

export class Sweeper {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private again = false;

  constructor(private readonly repos: Repositories, private readonly kick: (conversationId: number) => void, private readonly clock: Clock, private readonly intervalMs: number) {}

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
        const ids = new Set([
          ...(await this.repos.inbox.conversationsWithPending(PER_SWEEP)),
          ...(await this.repos.messages.conversationsWithDue(this.clock().toISOString(), PER_SWEEP)),
        ]);
        for (const id of ids) this.kick(id);
      } while (this.again);
    } catch {
      // The store may be closing or briefly unreachable; the next sweep tries again.
    } finally {
      this.running = false;
    }
  }
}
