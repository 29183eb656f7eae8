// Whether the human at a number is subscribed to an SMS channel: found by the channel's identity, else by phone (a human the RCS fallback texted).
import type { ProviderRecords } from '../records.js';
import type { ChannelRecord } from '../types.js';

/** true/false from the subscription row; null when the channel has no row for that human (or knows no human at that number). */
export async function subscriptionAt(records: Pick<ProviderRecords, 'humans' | 'identities'>, channel: ChannelRecord, phone: string): Promise<boolean | null> {
  // Checked before every text sent: the channel's identity and its subscription in one read.
  const known = await records.identities.subscriptionAt(channel.id, phone);
  if (known !== undefined) return known.subscribed;
  const humanId = await records.humans.idByPhone(channel.accountId, phone);
  return humanId === undefined ? null : records.humans.subscription(channel.id, humanId);
}
