// The DM API v1.1 message_create event as direct_messages/events/new takes it (the fields this server sends), and its documented limits.

export const DM_LIMITS = {
  text: 10_000,
  quickReplyOptions: 20,
  optionLabel: 36,
  optionDescription: 72,
  optionMetadata: 1000,
} as const;

export interface QuickReplyOption {
  label: string;
  description?: string;
  metadata?: string;
}

export interface MessageData {
  text: string;
  quick_reply?: { type: 'options'; options: QuickReplyOption[] };
  attachment?: { type: 'media'; media: { id: string } };
}

export interface NewDmEvent {
  event: {
    type: 'message_create';
    message_create: { target: { recipient_id: string }; message_data: MessageData };
  };
}

export function newDmEvent(recipientId: string, data: MessageData): NewDmEvent {
  return { event: { type: 'message_create', message_create: { target: { recipient_id: recipientId }, message_data: data } } };
}
