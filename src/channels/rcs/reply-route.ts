// SMS replies of a human without RCS go back to the RCS conversation whose messages reached them through that SMS channel.
import type { InboundRouter } from '../ports.js';
import type { ProviderRecords } from '../records.js';
import type { ChannelRecord } from '../types.js';
import { isSmsType } from '../../channel-types.js';

/** The records this file reads. */
type RouteRecords = Pick<ProviderRecords, 'channels' | 'conversations' | 'humans' | 'identities'>;

/**
 * An inbound event on an SMS channel, from a human known not to have RCS, who has a conversation on
 * an RCS channel whose data.smsFallbackChannelId names this SMS channel: it continues that conversation
 * (the most recently active, if several), where the bot's numbered options and waits are. Anything else,
 * carrier keywords included, stays on the SMS channel.
 */
export function smsReplyRouter(records: RouteRecords, findChannel: (id: number) => Promise<ChannelRecord | undefined>): InboundRouter {
  return async (envelope) => {
    const { channel, address } = envelope;
    // Carrier keywords (STOP, START, HELP) are the SMS number's own business: its subscription, its confirmation.
    if (!isSmsType(channel.type) || envelope.keyword !== undefined) return null;
    const humanId = (await records.identities.humanOf(channel.id, address)) ?? (await records.humans.idByPhone(channel.accountId, address));
    if (humanId === undefined) return null;
    const human = await records.humans.find(humanId);
    if (human?.rcsEnabled !== false) return null;
    let best: { channelId: number; address: string; updatedAt: string } | null = null;
    for (const rcs of await records.channels.ofAccount(channel.accountId)) {
      const fallback = rcs.data?.smsFallbackChannelId;
      if (rcs.type !== 'rcs' || (fallback !== channel.id && fallback !== String(channel.id))) continue;
      const conversation = await records.conversations.findFor(rcs.id, humanId);
      if (conversation !== undefined && (best === null || conversation.updatedAt > best.updatedAt)) {
        best = { channelId: rcs.id, address: conversation.address, updatedAt: conversation.updatedAt };
      }
    }
    if (best === null) return null;
    const target = await findChannel(best.channelId);
    return target === undefined ? null : { ...envelope, channel: target, address: best.address };
  };
}
