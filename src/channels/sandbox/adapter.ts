// Delivery on sandbox channels: the message is checked as the channel's provider would check it, then shown on the simulator's phones.
import type { RefusalRecords } from '../sandbox-phone.js';
import type { ChannelAdapter, Delivery, DeliveryOutcome } from '../types.js';
import { phoneOf } from './simulated.js';
import { outboundView } from './views.js';

export class SandboxAdapter implements ChannelAdapter {
  readonly type = 'sandbox';
  /**
   * Messages handed to the sandbox whose outcome the outbox has not recorded yet. Phones are told once it has
   * (RuntimeEvents message.sent/failed), so what they read has its final status.
   */
  private readonly handed = new Set<number>();

  constructor(private readonly records: RefusalRecords, private readonly enabled: boolean) {}

  async deliver(delivery: Delivery): Promise<DeliveryOutcome> {
    const { channel, message, address } = delivery;
    if (!this.enabled) {
      return { kind: 'failed', reason: `channel ${channel.id} is a sandbox channel (its token is "sandbox"), and this server runs with SANDBOX_ENABLED=false: set SANDBOX_ENABLED=true, or give the channel its provider's credentials` };
    }
    this.handed.add(delivery.messageId);
    const refused = await phoneOf(channel.type)?.refuse?.(this.records, delivery);
    if (refused !== undefined && refused !== null) return refused;
    const rendered = outboundView(channel, address, message);
    if (!rendered.ok) return { kind: 'failed', reason: rendered.reason };
    return { kind: 'sent', providerMessageId: `sandbox-${delivery.messageId}` };
  }

  /** Whether the message went through this adapter (and is forgotten now): its phone is to be told of its outcome. */
  settled(messageId: number): boolean {
    return this.handed.delete(messageId);
  }
}
