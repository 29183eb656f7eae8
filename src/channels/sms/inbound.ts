// A text from a phone as an inbound envelope: the phone is the address, and a carrier keyword changes the subscription before the bot runs.
import { messageEvent, type InboundMedia } from '../../engine/index.js';
import type { ProviderRecords } from '../records.js';
import type { ChannelRecord, InboundEnvelope } from '../types.js';
import { keywordOf, keywordReply } from './keywords.js';
import { subscriptionAt } from './subscriptions.js';

export interface InboundSms {
  /** The human's number, E.164. */
  from: string;
  text: string | null;
  media: InboundMedia[];
  /** The provider's id of the message (dedup); null when the transport gives none (SMPP deliver_sm). */
  providerMessageId: string | null;
}

/**
 * STOP (and synonyms) unsubscribes and, when it changed something, confirms; START (and synonyms)
 * re-subscribes a human who had stopped and confirms, and is an ordinary message otherwise (so a
 * "yes" answering the bot stays an answer); HELP always answers. The message itself still reaches
 * the bot, which sees `sys:subscribed` already changed (docs/channels/sms.md#stop-start-and-help).
 */
export async function inboundEnvelope(records: Pick<ProviderRecords, 'humans' | 'identities'>, channel: ChannelRecord, sms: InboundSms, keywordReplies: boolean): Promise<InboundEnvelope> {
  const envelope: InboundEnvelope = {
    channel, address: sms.from, providerMessageId: sms.providerMessageId,
    event: messageEvent({ text: sms.text, media: sms.media }),
    profile: { phone: sms.from },
  };
  const keyword = keywordOf(sms.text);
  if (keyword === null) return envelope;
  const subscribed = await subscriptionAt(records, channel, sms.from);
  const reply = (send: boolean) => (keywordReplies && send ? keywordReply(keyword, channel.name) : null);
  switch (keyword) {
    case 'stop':
      envelope.keyword = { channelId: channel.id, subscribed: false, reply: reply(subscribed !== false) };
      break;
    case 'start':
      if (subscribed === false) envelope.keyword = { channelId: channel.id, subscribed: true, reply: reply(true) };
      break;
    case 'help':
      envelope.keyword = { channelId: channel.id, subscribed: null, reply: reply(true) };
      break;
  }
  return envelope;
}
