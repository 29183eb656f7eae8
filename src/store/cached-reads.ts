// Records read once and kept in memory until a change feed says they changed, for reads that every message or request makes.
import { LRUCache } from 'lru-cache';
import type { ChangeFeed } from './change-feed.js';

/**
 * A cache of one kind of record by key. A load that began before an invalidation of its key (or of everything) is
 * returned to its caller but not kept: the record may have changed after it was read. While the feed is not live
 * (a PostgreSQL feed reconnecting), every read goes to the store.
 */
export class CachedReads<V extends {} | null> {
  private readonly cache: LRUCache<string, { value: V }>;
  /** Bumped by every invalidation of a key; a load keeps its result only if the generation it saw is still current. */
  private readonly generations = new Map<string, number>();
  private epoch = 0;

  constructor(private readonly feed: ChangeFeed, private readonly topic: string, max: number) {
    this.cache = new LRUCache({ max });
    feed.subscribe(topic, (key) => (key === null ? this.dropAll() : this.drop(key)));
  }

  async get(key: string | number, load: () => Promise<V>): Promise<V> {
    const k = String(key);
    // Asked first: a feed that finds the store changed behind its back drops everything before the lookup.
    const live = this.feed.live;
    const hit = live ? this.cache.get(k) : undefined;
    if (hit !== undefined) return hit.value;
    const epoch = this.epoch;
    const generation = this.generations.get(k) ?? 0;
    const value = await load();
    if (live && this.feed.live && epoch === this.epoch && generation === (this.generations.get(k) ?? 0)) this.cache.set(k, { value });
    return value;
  }

  /** Drops the key here and in every other process; call it once the change has committed. */
  async invalidate(key: string | number): Promise<void> {
    await this.feed.publish(this.topic, String(key));
  }

  private drop(key: string): void {
    this.cache.delete(key);
    this.generations.set(key, (this.generations.get(key) ?? 0) + 1);
    // Generations only matter while a load is in flight; keep the map from growing with every key ever changed.
    if (this.generations.size > 10_000) {
      this.generations.clear();
      this.epoch += 1;
    }
  }

  private dropAll(): void {
    this.cache.clear();
    this.epoch += 1;
  }
}
