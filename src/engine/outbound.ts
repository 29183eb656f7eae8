// What a run sends: messages rendered for the human (tags replaced), e-mails, notes and custom JSON; channels render them further.
import type { JsonValue, MediaType } from './definition/model.js';

export interface RenderedButton {
  type: string;
  title: string | null;
  /** URL (weburl), phone number (call) or the postback payload. */
  payload: string | null;
  postbackData: string | null;
  description: string | null;
  application: string | null;
  webviewViewMode: string | null;
  eventTitle: string | null;
  startTime: string | null;
  endTime: string | null;
  query: string | null;
  latLong: { latitude: number; longitude: number } | null;
  label: string | null;
  imageUrl: string | null;
  /** Fields the author added beyond the spec's, for channels that understand them. */
  extra: Record<string, JsonValue>;
}

export interface CardLayout {
  cardOrientation: 'VERTICAL' | 'HORIZONTAL' | null;
  mediaHeight: 'SHORT' | 'MEDIUM' | 'TALL' | null;
  imageAlignment: 'LEFT' | 'RIGHT' | null;
  thumbnailUrl: string | null;
}

export interface RenderedCard extends CardLayout {
  title: string | null;
  description: string | null;
  media: string | null;
  mediaType: MediaType | null;
  buttons: RenderedButton[];
}

export interface RenderedFormField {
  type: 'text' | 'select' | 'checkbox' | 'radio' | 'date' | 'time' | 'datetime' | 'switch' | 'email' | 'phone';
  /** The name the submitted value comes back under (the attribute it is stored in). */
  name: string;
  title: string | null;
  placeholder: string | null;
  required: boolean;
  options: string[];
  multi: boolean;
}

export interface RenderedForm {
  token: string;
  displayMode: 'message' | 'popup';
  submitButton: string;
  dismissButton: string | null;
  fields: RenderedFormField[];
}

export interface OutboundMessage {
  kind: 'message';
  text: string | null;
  title: string | null;
  media: string | null;
  mediaType: MediaType | null;
  buttons: RenderedButton[];
  quickReplies: RenderedButton[];
  carousel: RenderedCard[];
  /** Layout of a standalone rich card: title/text/media/buttons shown as one card. */
  richCard: CardLayout | null;
  /** A data-capture form, on channels that show forms (web chat). */
  form: RenderedForm | null;
  /** Custom JSON from the send's `json`, for channels that take it as is. */
  json: JsonValue | null;
  /**
   * A message template the provider approved (WhatsApp), with its parameters rendered for the human: the only kind of
   * message some channels take outside their reply window. Absent on everything else (and on items older releases stored).
   */
  template?: ProviderTemplate;
  /** Set on an answer step's message: the passages it used and what it cost (the transcript shows them). */
  answer?: AnswerRecord;
}

/** A provider's approved template: its name, language and components (parameters) in the provider's own form. */
export interface ProviderTemplate {
  name: string;
  /** The template's language code (en_US, pt_BR). */
  language: string;
  components: JsonValue[];
}

export interface AnswerRecord {
  mode: 'generative' | 'extractive';
  sources: { number: number; title: string; url: string | null }[];
  passages: { chunkId: number; documentId: number; title: string; score: number; citable: boolean }[];
  promptTokens: number;
  completionTokens: number;
}

export interface OutboundEmail {
  kind: 'email';
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  text: string;
  isHtml: boolean;
}

/** A note for the account's staff: kept in the conversation's history, and texted to `recipientPhone` through `channelId` when given. */
export interface OutboundNote {
  kind: 'note';
  text: string;
  channelId: number | null;
  recipientPhone: string | null;
}

export type OutboundItem = OutboundMessage | OutboundEmail | OutboundNote;

export function emptyMessage(): OutboundMessage {
  return { kind: 'message', text: null, title: null, media: null, mediaType: null, buttons: [], quickReplies: [], carousel: [], richCard: null, form: null, json: null };
}
