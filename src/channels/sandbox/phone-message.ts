// A stored message as a phone shows it: what the person sent, or the bot's message rendered for the channel, with its delivery status.
import type { MessageEvent, OutboundMessage } from '../../engine/index.js';
import type { MessageStatus, StoredMessage } from '../records.js';
import type { ChannelRecord } from '../types.js';
import { outboundView, type OutboundView } from './views.js';

export interface PhoneMessage {
  id: number;
  /** `in`: the person sent it; `out`: the bot did. */
  direction: 'in' | 'out';
  createdAt: string;
  status: MessageStatus;
  /** Why the message was not delivered (status `failed`). */
  failureReason: string | null;
  /** In: what the person typed or tapped. */
  text?: string | null;
  location?: { latitude: number; longitude: number } | null;
  /** Out: what the channel shows; null when it cannot show the message at all (failureReason says why). */
  view?: OutboundView | null;
}

/** A bot message still waiting for delivery: a phone shows nothing past it until it is delivered (or fails), so order is kept. */
export function isPendingOut(row: StoredMessage): boolean {
  return row.direction === 'out' && row.kind === 'message' && row.status === 'queued';
}

/** The phone's view of a stored message; null for what phones do not show (e-mails, notes, other events). */
export function phoneMessage(row: StoredMessage, channel: ChannelRecord, address: string): PhoneMessage | null {
  if (row.kind !== 'message' || (row.direction !== 'in' && row.direction !== 'out')) return null;
  const base = { id: row.id, direction: row.direction, createdAt: row.createdAt, status: row.status, failureReason: row.status === 'failed' ? row.failureReason : null };
  if (row.direction === 'in') {
    const event = JSON.parse(row.content) as MessageEvent;
    const text = event.text ?? event.media[0]?.name ?? event.media[0]?.url ?? null;
    return { ...base, text, location: event.location === null ? null : { latitude: event.location.latitude, longitude: event.location.longitude } };
  }
  const rendered = outboundView(channel, address, JSON.parse(row.content) as OutboundMessage);
  if (rendered.ok) return { ...base, view: rendered.view };
  return { ...base, view: null, failureReason: base.failureReason ?? rendered.reason };
}
