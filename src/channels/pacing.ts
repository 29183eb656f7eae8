// Providers' published sending limits per number or page (the defaults under DELIVERY_RATES) and what one message takes of them.

/** How one delivery is paced on its channel. */
export interface Pace {
  /** The DELIVERY_RATES key the channel is paced under: its type, or `tfn` for a toll-free long code. */
  rule: string;
  /** What the message takes of the rate: an SMS's segments, a messenger message's Send API calls, otherwise 1. */
  units: number;
  /** Units a second per channel when DELIVERY_RATES does not name the rule; 0 is unlimited. */
  defaultRate: number;
}

/**
 * Units a second per number or page, as the carriers and the messenger platform publish them: a US long code (10DLC)
 * one segment, a toll-free number three, a short code a hundred, a messenger page three hundred calls.
 */
export const PROVIDER_RATES: Readonly<Record<string, number>> = { dlc: 1, tfn: 3, dsc: 100, fb: 300 };

/** A delivery whose adapter has no published limit (web chat, the sandbox, the fakes): paced only if DELIVERY_RATES names its type. */
export function unpaced(channelType: string): Pace {
  return { rule: channelType, units: 1, defaultRate: 0 };
}

/** A provider's rule with its published default. */
export function providerPace(rule: string, units: number): Pace {
  return { rule, units: Math.max(1, units), defaultRate: PROVIDER_RATES[rule] ?? 0 };
}
