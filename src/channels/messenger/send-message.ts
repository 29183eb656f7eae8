// The Send API's message objects as this server builds them, and the platform's limits on them.

/** Limits of the messenger platform's Send API (characters are UTF-16 code units, as the platform counts them). */
export const LIMITS = {
  text: 2000,
  buttonTemplateText: 640,
  buttons: 3,
  buttonTitle: 20,
  payload: 1000,
  quickReplies: 13,
  quickReplyTitle: 20,
  elements: 10,
  elementTitle: 80,
  elementSubtitle: 80,
} as const;

/** Shown where the platform needs text and the message has none (a button template of buttons alone). */
export const NO_TEXT = '…';

export type WebviewHeight = 'compact' | 'tall' | 'full';

export type SendButton =
  | { type: 'web_url'; title: string; url: string; webview_height_ratio?: WebviewHeight }
  | { type: 'postback'; title: string; payload: string }
  | { type: 'phone_number'; title: string; payload: string };

export interface QuickReply {
  content_type: 'text';
  title: string;
  payload: string;
  image_url?: string;
}

export interface DefaultAction {
  type: 'web_url';
  url: string;
  webview_height_ratio?: WebviewHeight;
}

export interface GenericElement {
  title: string;
  subtitle?: string;
  image_url?: string;
  default_action?: DefaultAction;
  buttons?: SendButton[];
}

export type MediaKind = 'image' | 'video' | 'audio' | 'file';

export type TemplatePayload =
  | { template_type: 'button'; text: string; buttons: SendButton[] }
  | { template_type: 'generic'; elements: GenericElement[] };

export type Attachment =
  | { type: MediaKind; payload: { url: string } }
  | { type: 'template'; payload: TemplatePayload };

/** The `message` of one Send API request: text or an attachment, with quick replies on either. */
export interface SendMessage {
  text?: string;
  attachment?: Attachment;
  quick_replies?: QuickReply[];
}

/** One Send API request body, less the recipient: the message and, when the author wrote one, its messaging type and tag. */
export interface SendPart {
  message: SendMessage | Record<string, unknown>;
  /** From custom JSON only; otherwise the adapter decides. */
  messagingType?: 'RESPONSE' | 'UPDATE' | 'MESSAGE_TAG';
  tag?: string;
}
