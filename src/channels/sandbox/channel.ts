// Which channels are sandbox channels: any type but web chat, with the token `sandbox`; their messages go to the phone simulator.
import { reachableByPhone } from '../../channel-types.js';
import type { ChannelRecord } from '../types.js';
import { SIMULATED_TYPES } from './simulated.js';

/** The token that makes a channel a sandbox channel (docs/sandbox.md). */
export const SANDBOX_TOKEN = 'sandbox';

export { SIMULATED_TYPES } from './simulated.js';

export function isSandboxChannel(channel: Pick<ChannelRecord, 'type' | 'token'>): boolean {
  return SIMULATED_TYPES.has(channel.type) && channel.token !== null && channel.token.trim() === SANDBOX_TOKEN;
}

/** Whether the sandbox addresses the human by their phone number (SMS, RCS, WhatsApp); on the others it makes an address up. */
export function isPhoneChannel(type: string): boolean {
  return reachableByPhone(type);
}

/** The address a sandbox phone has on a channel that does not address people by phone number: stable per human. */
export function sandboxAddress(humanId: number): string {
  return `sandbox-${humanId}`;
}
