// How a delivery is paced under the providers' published sending limits (per number, page or bot, and per recipient).

/** How one delivery is paced on its channel. */
export interface Pace {
  /** The DELIVERY_RATES key the channel is paced under: its type, or `tfn` for a toll-free long code. */
  rule: string;
  /** What the message takes of the rate: an SMS's segments, a messenger message's Send API calls, otherwise 1. */
  units: number;
  /** Units a second per channel when DELIVERY_RATES does not name the rule; 0 is unlimited. */
  defaultRate: number;
  /**
   * Messages a second to one recipient when DELIVERY_RATES does not name `<rule>.chat` (Telegram: one a second per
   * chat); absent or 0: no limit per recipient.
   */
  perRecipientRate?: number;
}

/** A delivery whose adapter has no published limit (web chat, the sandbox, the fakes): paced only if DELIVERY_RATES names its type. */
export function unpaced(channelType: string): Pace {
  return { rule: channelType, units: 1, defaultRate: 0 };
}

/** A provider's rule with its published default. */
export function providerPace(rule: string, units: number, defaultRate: number): Pace {
  return { rule, units: Math.max(1, units), defaultRate };
}

/** The DELIVERY_RATES key of a rule's limit per recipient. */
export function recipientRule(rule: string): string {
  return `${rule}.chat`;
}
