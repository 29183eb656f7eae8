// Trained recognizers kept per (bot, revision), least recently used evicted, so a published revision is trained once per process.
import type { Recognizer } from './types.js';

export interface RecognizerCacheOptions {
  /** Most recognizers kept; a large bot's model is tens of megabytes. */
  maxEntries: number;
}

export class RecognizerCache {
  // Map iteration order is insertion order: re-inserting on use keeps the least recent first.
  private readonly entries = new Map<string, { botId: string; revision: number; recognizer: Recognizer }>();

  constructor(private readonly options: RecognizerCacheOptions = { maxEntries: 64 }) {}

  private static key(botId: string | number, revision: number): string {
    return `${botId}\u0000${revision}`;
  }

  get(botId: string | number, revision: number): Recognizer | undefined {
    const key = RecognizerCache.key(botId, revision);
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.recognizer;
  }

  /** The cached recognizer, or the one `train` builds, cached. Older revisions of the bot are dropped: only the current one runs. */
  getOrTrain(botId: string | number, revision: number, train: () => Recognizer): Recognizer {
    const cached = this.get(botId, revision);
    if (cached !== undefined) return cached;
    const recognizer = train();
    this.set(botId, revision, recognizer);
    return recognizer;
  }

  set(botId: string | number, revision: number, recognizer: Recognizer): void {
    const id = String(botId);
    for (const [key, entry] of this.entries) if (entry.botId === id && entry.revision !== revision) this.entries.delete(key);
    this.entries.set(RecognizerCache.key(id, revision), { botId: id, revision, recognizer });
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /** Forgets a bot, e.g. when it is deleted or another node announces a new revision. */
  invalidate(botId: string | number): void {
    const id = String(botId);
    for (const [key, entry] of this.entries) if (entry.botId === id) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
