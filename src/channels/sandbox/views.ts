// What a phone shows for an outbound message, rendered by the channel's own renderer, so the simulator shows what the provider would get.
import type { OutboundMessage } from '../../engine/index.js';
import type { RenderedView } from '../sandbox-phone.js';
import type { ChannelRecord } from '../types.js';
import { phoneOf, type OutboundView } from './simulated.js';

export type { OutboundView } from './simulated.js';

/** The view of a bot message on a channel of this type; the reasons are the ones the real adapters give when they refuse a message. */
export function outboundView(channel: ChannelRecord, address: string, m: OutboundMessage): RenderedView<OutboundView> {
  const phone = phoneOf(channel.type);
  if (phone === undefined) return { ok: false, reason: `the sandbox has no phone for "${channel.type}" channels` };
  return phone.view(channel, address, m);
}
