// The Cloud API's outbound message objects (the body of POST /{phone-number-id}/messages without the recipient) and their limits.

/** Meta's published limits, in UTF-16 code units as the API counts them. */
export const LIMITS = {
  text: 4096,
  caption: 1024,
  interactiveBody: 1024,
  headerText: 60,
  footer: 60,
  replyButtons: 3,
  replyTitle: 20,
  replyId: 256,
  listButton: 20,
  listRows: 10,
  rowTitle: 24,
  rowDescription: 72,
  rowId: 200,
  ctaText: 20,
} as const;

/** A file by link (an https URL) or by the id an upload gave. */
export type MediaObject = { link: string; caption?: string; filename?: string } | { id: string; caption?: string; filename?: string };

export type MediaKind = 'image' | 'video' | 'audio' | 'document' | 'sticker';

export type InteractiveHeader =
  | { type: 'text'; text: string }
  | { type: 'image'; image: MediaObject }
  | { type: 'video'; video: MediaObject }
  | { type: 'document'; document: MediaObject };

export interface ReplyButton { type: 'reply'; reply: { id: string; title: string } }
export interface ListRow { id: string; title: string; description?: string }
export interface ListSection { title?: string; rows: ListRow[] }

export type Interactive =
  | { type: 'button'; header?: InteractiveHeader; body: { text: string }; footer?: { text: string }; action: { buttons: ReplyButton[] } }
  | { type: 'list'; header?: InteractiveHeader; body: { text: string }; footer?: { text: string }; action: { button: string; sections: ListSection[] } }
  | {
    type: 'cta_url'; header?: InteractiveHeader; body: { text: string }; footer?: { text: string };
    action: { name: 'cta_url'; parameters: { display_text: string; url: string } };
  };

export interface TemplateObject {
  name: string;
  language: { code: string };
  components?: unknown[];
}

export type CloudMessage =
  | { type: 'text'; text: { body: string; preview_url: boolean } }
  | ({ type: 'image' } & { image: MediaObject })
  | ({ type: 'video' } & { video: MediaObject })
  | ({ type: 'audio' } & { audio: MediaObject })
  | ({ type: 'document' } & { document: MediaObject })
  | ({ type: 'sticker' } & { sticker: MediaObject })
  | { type: 'interactive'; interactive: Interactive }
  | { type: 'template'; template: TemplateObject }
  | { type: 'reaction'; reaction: { message_id: string; emoji: string } };
