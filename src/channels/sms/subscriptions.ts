// Whether the human at a number is subscribed to an SMS channel: found by the channel's identity, else by phone (a human the RCS fallback texted).
import type { ProviderRecords } from '../records.js';
import type { ChannelRecord } from '../types.js';

/** true/false from the subscription row; null when the channel has no row for that human (or knows no human at that number). */
export async function subscriptionAt(records: Pick<ProviderRecords, 'humans' | 'identities'>, channel: ChannelRecord, phone: string): Promise<boolean | null> {
  const humanId = (await records.identities.humanOf(channel.id, phone)) ?? (await records.humans.idByPhone(channel.accountId, phone));
  if (humanId === undefined || !(await records.humans.hasSubscriptionRow(channel.id, humanId))) return null;
  return records.humans.isSubscribed(channel.id, humanId);
}
