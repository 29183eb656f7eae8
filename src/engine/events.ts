// What can happen to a conversation: the events the runner handles, one at a time, in order.
import type { ProviderTemplate } from './outbound.js';

/** A file the human sent (MMS, RCS file, messenger attachment, web upload). */
export interface InboundMedia {
  url: string;
  mimeType: string | null;
  name: string | null;
  size: number | null;
}

export interface InboundLocation {
  latitude: number;
  longitude: number;
  label: string | null;
}

/** A message from the human; every field but `kind` may be absent, channels fill what they carry. */
export interface MessageEvent {
  kind: 'message';
  text: string | null;
  /** Postback data of a button or quick reply, when the channel reports one. */
  payload: string | null;
  media: InboundMedia[];
  location: InboundLocation | null;
}

/** A data-capture form sent back (web chat) or dismissed. */
export interface FormEvent {
  kind: 'form';
  /** The form's token, as rendered. */
  token: string;
  action: 'submit' | 'dismiss';
  values: Record<string, string | string[] | boolean>;
}

/** A durable timer fired: a wait's timeout, a delay or a pause ended. */
export interface TimerEvent {
  kind: 'timer';
  token: string;
}

/** An asynchronous request finished; its outcome is applied in the conversation's order. */
export interface RequestResultEvent {
  kind: 'requestResult';
  /** Attribute writes computed from the response (empty on failure). */
  writes: { scope: 'human' | 'bot' | 'user' | 'shared'; name: string; value: string | null }[];
  failed: boolean;
  /** Run when the request failed. */
  fallback: string | null;
}

/** Run an interaction, workflow or action for this human, e.g. a proactive message's `script`. */
export interface ScriptEvent {
  kind: 'script';
  target: string;
}

/** A proactive send from the API (POST /v1/messages): a message to render for this human, then an optional script to run. */
export interface ProactiveEvent {
  kind: 'proactive';
  message: {
    text: string | null; media: string | null; mediaType: 'image' | 'video' | 'audio' | 'file' | null;
    /** An approved provider template (WhatsApp); tags in its parameters are rendered for each human. Absent in older events. */
    template?: ProviderTemplate | null;
  } | null;
  script: string | null;
}

/** The conversation was opened without a message (web chat opened, RCS welcome shown). */
export interface WelcomeEvent {
  kind: 'welcome';
}

/** The channel closed the human's session (the voice assistant's SessionEndedRequest): nobody is left to answer a wait or hear a delayed message. */
export interface SessionEndedEvent {
  kind: 'sessionEnded';
}

export type ConversationEvent = MessageEvent | FormEvent | TimerEvent | RequestResultEvent | ScriptEvent | ProactiveEvent | WelcomeEvent | SessionEndedEvent;

export function messageEvent(parts: Partial<Omit<MessageEvent, 'kind'>>): MessageEvent {
  return { kind: 'message', text: parts.text ?? null, payload: parts.payload ?? null, media: parts.media ?? [], location: parts.location ?? null };
}
