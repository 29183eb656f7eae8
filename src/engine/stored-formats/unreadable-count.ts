// How many stored documents this process could not read, per shape: a counter the operations side can expose.

const counts = new Map<string, number>();

export function countUnreadable(format: string): void {
  counts.set(format, (counts.get(format) ?? 0) + 1);
}

/** Unreadable stored documents met since the process started, by shape name. */
export function unreadableCounts(): Record<string, number> {
  return Object.fromEntries(counts);
}
