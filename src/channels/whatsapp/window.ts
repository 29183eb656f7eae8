// WhatsApp's customer-service window: for 24 hours after a person writes, the business may send anything; after, only approved templates.

export const WINDOW_MS = 24 * 3_600_000;

/** When the window closes (or closed), from when the person last wrote; null when they never wrote. */
export function windowClosesAt(lastInboundAt: string | null): Date | null {
  return lastInboundAt === null ? null : new Date(Date.parse(lastInboundAt) + WINDOW_MS);
}

export function isWindowOpen(lastInboundAt: string | null, now: Date): boolean {
  const closes = windowClosesAt(lastInboundAt);
  return closes !== null && now.getTime() < closes.getTime();
}

/** Why a message without a template cannot go now, naming when the window closed. */
export function windowClosedReason(lastInboundAt: string | null): string {
  const closes = windowClosesAt(lastInboundAt);
  if (closes === null) return 'the person has not written to this WhatsApp number, so no customer-service window is open: only an approved template may go';
  return `WhatsApp's 24-hour customer-service window closed at ${closes.toISOString().replace(/\.\d{3}Z$/, 'Z')} (24 hours after the person last wrote): only an approved template may go until they write again`;
}
