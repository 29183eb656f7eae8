// Whether the human at a number is subscribed to an SMS channel: found by the channel's identity, else by phone (a human the RCS fallback texted).
import type { Repositories } from '../../store/repositories/index.js';
import type { ChannelRecord } from '../types.js';

/** true/false from the subscription row; null when the channel has no row for that human (or knows no human at that number). */
export async function subscriptionAt(repos: Repositories, channel: ChannelRecord, phone: string): Promise<boolean | null> {
  const humanId = (await repos.identities.humanOf(channel.id, phone)) ?? (await repos.humanRecords.idByPhone(channel.accountId, phone));
  if (humanId === undefined || !(await repos.humanRecords.hasSubscriptionRow(channel.id, humanId))) return null;
  return repos.humanRecords.isSubscribed(channel.id, humanId);
}
