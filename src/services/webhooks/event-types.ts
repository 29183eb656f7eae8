// The events an account can subscribe a webhook to, what each means, and the shape of each event's `data`.
import type { HistoryMessage } from '../conversations/conversation-service.js';

export const EVENT_TYPES = [
  'message.received', 'message.sent', 'message.delivered', 'message.read', 'message.failed',
  'human.subscribed', 'human.unsubscribed', 'conversation.started',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];
export type MessageEventType = Extract<EventType, `message.${string}`>;

export const EVENT_DESCRIPTIONS: Record<EventType, string> = {
  'message.received': 'A human sent a message on a channel (stored, before the bot answers).',
  'message.sent': 'An outbound message, e-mail or texted note was handed to its provider.',
  'message.delivered': 'The provider reported an outbound message delivered to the human\'s device.',
  'message.read': 'The provider reported an outbound message read.',
  'message.failed': 'An outbound message failed for good: a permanent error, retries exhausted, or the provider reported it failed.',
  'human.subscribed': 'A human became subscribed to a channel (first message, the subscribe API, a bot, a START keyword).',
  'human.unsubscribed': 'A human became unsubscribed from a channel (the unsubscribe API, a bot, a STOP keyword).',
  'conversation.started': 'The first event between a human and a channel created their conversation.',
};

/** Where a subscription change came from. */
export type SubscriptionSource = 'api' | 'bot' | 'first-contact' | 'keyword';

/** An event as its source reports it: ids only; the payload is read from the store in the same transaction. */
export type WebhookEvent =
  | { type: MessageEventType; messageId: number; at?: string }
  | { type: 'conversation.started'; conversationId: number; at?: string }
  | { type: 'human.subscribed' | 'human.unsubscribed'; channelId: number; humanId: number; source: SubscriptionSource; at?: string };

export interface ChannelRef {
  id: number;
  type: string;
  name: string;
}

export interface HumanRef {
  id: number;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  email: string | null;
  tags: string[];
}

/** message.*: the message as GET /v1/conversations/{id}/messages shows it, with its conversation, channel and human. */
export interface MessageEventData {
  message: HistoryMessage;
  conversation: { id: number; address: string };
  channel: ChannelRef;
  human: HumanRef;
}

export interface ConversationStartedData {
  conversation: { id: number; address: string; dateCreated: string };
  channel: ChannelRef;
  human: HumanRef;
}

export interface SubscriptionEventData {
  channel: ChannelRef;
  human: HumanRef;
  subscribed: boolean;
  source: SubscriptionSource;
}

export type EventData = MessageEventData | ConversationStartedData | SubscriptionEventData;

export function isEventType(value: string): value is EventType {
  return (EVENT_TYPES as readonly string[]).includes(value);
}
