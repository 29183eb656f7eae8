// Folds the analytics journal into the rollups every second, a few thousand rows a transaction, in every serving process.
import type { Kysely } from 'kysely';
import { repositories, type Database } from '../../store/index.js';

/** Journal rows one transaction folds: a second of a busy server's messages, with room to spare. */
const FOLD_ROWS = 5000;

export class AnalyticsFolder {
  private timer: NodeJS.Timeout | null = null;
  private folding: Promise<number> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    /** PostgreSQL: processes folding at once take disjoint rows (FOR UPDATE SKIP LOCKED); SQLite has one writer. */
    private readonly skipLocked: boolean,
    private readonly onError: (err: unknown) => void,
    private readonly intervalMs = 1000,
  ) {}

  start(): void {
    if (this.timer !== null) return;
    this.timer = setInterval(() => void this.foldAll().catch(this.onError), this.intervalMs);
    this.timer.unref();
  }

  /** Folds until the journal is empty (or what is left is held by another process); how many rows it folded. */
  foldAll(): Promise<number> {
    this.folding ??= (async () => {
      let total = 0;
      try {
        for (;;) {
          const folded = await this.db.transaction().execute((tx) => repositories(tx).analytics.fold(FOLD_ROWS, this.skipLocked));
          total += folded;
          if (folded < FOLD_ROWS) return total;
        }
      } finally {
        this.folding = null;
      }
    })();
    return this.folding;
  }

  /** Stops the timer and folds what is left, so a process that stops leaves the journal empty (what it does not fold, the next one does). */
  async stop(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    await this.foldAll().catch(this.onError);
  }
}
