// The clock the lookup caches measure their TTL on: the process's own, or one a test moves.

/** lru-cache options for an injected clock, read on every check (lru-cache otherwise reuses a reading for a millisecond of real time). */
export function cacheClock(now: (() => number) | undefined): { perf?: { now: () => number }; ttlResolution?: number } {
  return now === undefined ? {} : { perf: { now }, ttlResolution: 0 };
}
