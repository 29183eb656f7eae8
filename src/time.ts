// Timestamps: what the store keeps (ISO with milliseconds) and what the API shows (the spec's dateCreated).

export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

export function isoNow(clock: Clock = systemClock): string {
  return clock().toISOString();
}

/** The spec's `yyyy-mm-ddThh:mm:ss` in UTC: no fraction, no zone suffix. */
export function apiDate(stored: string): string {
  return new Date(stored).toISOString().slice(0, 19);
}

const DAY_MS = 86_400_000;
const startOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The UTC day (`yyyy-mm-dd`) of an instant in milliseconds. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The day `n` days after `day` (before it when `n` is negative). */
export function addDays(day: string, n: number): string {
  return utcDay(startOf(day) + n * DAY_MS);
}

/** How many days from `from` to `to`, both counted (1 for the same day). */
export function daysSpanned(from: string, to: string): number {
  return Math.round((startOf(to) - startOf(from)) / DAY_MS) + 1;
}

/** Whether `text` is `yyyy-mm-dd` naming a day in the calendar (2026-02-30 is not). */
export function isCalendarDay(text: string): boolean {
  const at = startOf(text);
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && Number.isFinite(at) && utcDay(at) === text;
}
