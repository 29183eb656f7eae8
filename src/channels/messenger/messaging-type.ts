// Which messaging_type a message goes with: RESPONSE or UPDATE inside the 24-hour window since the human last wrote, MESSAGE_TAG after it.
import type { ProviderRecords } from '../records.js';
import type { MessagingType } from './send-api.js';

/** The records this file reads. */
type WindowRecords = Pick<ProviderRecords, 'messages'>;

/** The platform's standard messaging window. */
export const WINDOW_MS = 24 * 3_600_000;

export interface MessagingChoice {
  type: MessagingType;
  tag: string | null;
}

/**
 * Inside the window: RESPONSE for what the run of the human's message sent, UPDATE for the rest (timers, proactive
 * sends). Outside it: MESSAGE_TAG with the channel's tag when it has one; else UPDATE, which the platform refuses
 * (code 10, subcode 2018278), so the message fails with the platform's reason rather than being sent against its policy.
 */
export async function messagingTypeFor(records: WindowRecords, conversationId: number, messageId: number, tag: string | null, now: Date): Promise<MessagingChoice> {
  const last = await records.messages.lastInboundAt(conversationId);
  const inWindow = last !== null && now.getTime() - Date.parse(last) < WINDOW_MS;
  if (inWindow) return { type: (await records.messages.answersInbound(messageId)) ? 'RESPONSE' : 'UPDATE', tag: null };
  if (tag !== null) return { type: 'MESSAGE_TAG', tag };
  return { type: 'UPDATE', tag: null };
}
