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
