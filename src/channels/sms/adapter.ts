// The delivery adapter of one SMS channel type (dlc or dsc); both share one sender, and with it one set of SMPP binds.
import type { OutboundMessage } from '../../engine/index.js';
import type { Pace } from '../pacing.js';
import type { ChannelAdapter, ChannelRecord, Delivery, DeliveryOutcome } from '../types.js';
import type { SmsSender } from './sender.js';

export class SmsAdapter implements ChannelAdapter {
  constructor(readonly type: 'dlc' | 'dsc', private readonly sender: SmsSender) {}

  deliver(delivery: Delivery): Promise<DeliveryOutcome> {
    return this.sender.deliver(delivery);
  }

  pace(channel: ChannelRecord, message: OutboundMessage): Pace {
    return this.sender.pace(channel, message);
  }
}
