// Retry-After as HTTP writes it (seconds, or a date), in milliseconds from now.

export function retryAfterMs(header: string | undefined, now: number = Date.now()): number | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
