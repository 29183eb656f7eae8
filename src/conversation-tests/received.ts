// What a channel's provider receives for a bot message, as a `delivered` step checks it: the channel's own rendering.
import { botChatMessage, type ChannelRecord, outboundView, SIMULATED_TYPES } from '../channels/index.js';
import { reachableByPhone } from '../channel-types.js';
import type { OutboundMessage } from '../engine/index.js';

export type Received = { ok: true; view: Record<string, unknown> } | { ok: false; reason: string };

/** The human's number on phone channels when the test's human has none: a fictional one (555-01xx). */
export const TEST_PHONE = '+12025550100';

/** The human's address on channels that address people by an id of the provider's. */
const TEST_ID = 'test-human';

/** Channel types whose provider view Parley renders (the sandbox's phones: each channel's own renderer), and web chat. */
export function hasReceivedView(type: string): boolean {
  return type === 'web' || SIMULATED_TYPES.has(type);
}

/** The types a `delivered` step may name, in the catalogue's order. */
export function viewTypes(all: readonly string[]): string[] {
  return all.filter(hasReceivedView);
}

/** The value as it goes over the wire: fields left undefined are absent, as the provider (or the widget) sees them. */
function asJson(value: object): Record<string, unknown> {
  return JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
}

function channelRecord(type: string): ChannelRecord {
  return { id: 1, accountId: 1, botId: 1, type, name: 'test', user: null, token: null, data: null, phoneType: 0, countryCode: null };
}

/**
 * What the channel receives for the message: on web chat the message the widget gets, elsewhere the provider's view
 * (`ok: false` with the channel's reason when it cannot show it); null for a type Parley renders no view for.
 */
export function received(type: string, humanPhone: string | null, message: OutboundMessage): Received | null {
  if (type === 'web') return { ok: true, view: asJson(botChatMessage(message)) };
  if (!SIMULATED_TYPES.has(type)) return null;
  const address = reachableByPhone(type) ? humanPhone ?? TEST_PHONE : TEST_ID;
  const rendered = outboundView(channelRecord(type), address, message);
  return rendered.ok ? { ok: true, view: asJson(rendered.view) } : rendered;
}
