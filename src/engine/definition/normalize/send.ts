// Normalizing the send action: messages with their buttons, quick replies and cards; e-mail, request, note, RSS, populate.
import { BUTTON_TYPES, HTTP_METHODS, MEDIA_TYPES, REQUEST_DATA_FORMATS, WEBVIEW_MODES } from '../limits.js';
import type { RawObject } from '../json-read.js';
import type {
  ButtonModel, CardLayoutModel, EmailModel, MessageModel, NoteModel, PopulateModel, QuickReplyModel,
  RequestModel, RichCardModel, RssModel, SendModel,
} from '../model.js';
import { extras, flag, integer, json, jsonRecord, list, object, objects, oneOf, text, textOrRecord } from './read.js';

const BUTTON_FIELDS = ['type', 'title', 'payload', 'execute', 'postbackData', 'description', 'application', 'webviewViewMode', 'eventTitle', 'startTime', 'endTime', 'query', 'latLong', 'label', 'theme'];
const QUICK_REPLY_FIELDS = ['type', 'title', 'payload', 'execute', 'imageUrl', 'postbackData', 'webviewViewMode', 'application'];
const LAYOUT_FIELDS = ['cardOrientation', 'mediaHeight', 'imageAlignment', 'thumbnailUrl'];
const CARD_FIELDS = [...LAYOUT_FIELDS, 'title', 'description', 'media', 'mediaType', 'buttons'];

function button(node: RawObject): ButtonModel {
  const latLong = object(node, 'latLong');
  const latitude = latLong?.latitude;
  const longitude = latLong?.longitude;
  return {
    type: oneOf(node, 'type', BUTTON_TYPES, 'postback'),
    title: text(node, 'title'),
    payload: text(node, 'payload'),
    execute: text(node, 'execute'),
    postbackData: text(node, 'postbackData'),
    description: text(node, 'description'),
    application: text(node, 'application'),
    webviewViewMode: oneOf(node, 'webviewViewMode', WEBVIEW_MODES, null),
    eventTitle: text(node, 'eventTitle'),
    startTime: text(node, 'startTime'),
    endTime: text(node, 'endTime'),
    query: text(node, 'query'),
    latLong: typeof latitude === 'number' && typeof longitude === 'number' ? { latitude, longitude } : null,
    label: text(node, 'label'),
    theme: jsonRecord(node.theme),
    extra: extras(node, BUTTON_FIELDS),
  };
}

function quickReply(node: RawObject): QuickReplyModel {
  return {
    type: text(node, 'type') ?? 'text',
    title: text(node, 'title'),
    payload: text(node, 'payload'),
    execute: text(node, 'execute'),
    imageUrl: text(node, 'imageUrl'),
    postbackData: text(node, 'postbackData'),
    webviewViewMode: oneOf(node, 'webviewViewMode', WEBVIEW_MODES, null),
    application: text(node, 'application'),
    extra: extras(node, QUICK_REPLY_FIELDS),
  };
}

function layout(node: RawObject, known: readonly string[]): CardLayoutModel {
  return {
    cardOrientation: oneOf(node, 'cardOrientation', ['VERTICAL', 'HORIZONTAL'] as const, null),
    mediaHeight: oneOf(node, 'mediaHeight', ['SHORT', 'MEDIUM', 'TALL'] as const, null),
    imageAlignment: oneOf(node, 'imageAlignment', ['LEFT', 'RIGHT'] as const, null),
    thumbnailUrl: text(node, 'thumbnailUrl'),
    extra: extras(node, known),
  };
}

function richCard(node: RawObject): RichCardModel {
  return {
    ...layout(node, CARD_FIELDS),
    title: text(node, 'title'),
    description: text(node, 'description'),
    media: text(node, 'media'),
    mediaType: oneOf(node, 'mediaType', MEDIA_TYPES, null),
    buttons: objects(node, 'buttons').map(button),
  };
}

export function message(node: RawObject): MessageModel {
  const card = object(node, 'richCard');
  return {
    text: text(node, 'text'),
    title: text(node, 'title'),
    mediaType: oneOf(node, 'mediaType', MEDIA_TYPES, null),
    media: text(node, 'media'),
    buttons: objects(node, 'buttons').map(button),
    quickReplies: objects(node, 'quickReplies').map(quickReply),
    carousel: objects(node, 'carousel').map(richCard),
    richCard: card === null ? null : layout(card, LAYOUT_FIELDS),
  };
}

function email(node: RawObject): EmailModel {
  return {
    to: list(node, 'to'),
    cc: list(node, 'cc'),
    bcc: list(node, 'bcc'),
    subject: text(node, 'subject'),
    text: text(node, 'text'),
    isHtml: flag(node, 'isHtml', false),
  };
}

function request(node: RawObject): RequestModel {
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(object(node, 'headers') ?? {})) if (typeof value === 'string') headers[key] = value;
  return {
    url: text(node, 'url') ?? '',
    method: oneOf(node, 'method', HTTP_METHODS, 'GET'),
    dataFormat: oneOf(node, 'dataFormat', REQUEST_DATA_FORMATS, 'text'),
    headers,
    content: textOrRecord(node, 'content'),
    response: textOrRecord(node, 'response'),
    responseHeaders: textOrRecord(node, 'responseHeaders'),
    retries: integer(node, 'retries', 0),
    fallback: text(node, 'fallback'),
    process: flag(node, 'process', true),
    async: flag(node, 'async', false),
    allowHtml: flag(node, 'allowHtml', false),
  };
}

function note(node: RawObject): NoteModel {
  const channelId = node.channelId;
  return {
    text: text(node, 'text') ?? '',
    channelId: typeof channelId === 'number' ? channelId : null,
    recipientPhone: text(node, 'recipientPhone'),
    executeOnError: list(node, 'executeOnError'),
    extra: extras(node, ['text', 'channelId', 'recipientPhone', 'executeOnError']),
  };
}

function rss(node: RawObject): RssModel {
  return { url: text(node, 'url') ?? '', preferedLayout: oneOf(node, 'preferedLayout', ['list', 'carousel'] as const, 'carousel') };
}

export function populate(node: RawObject): PopulateModel {
  return {
    from: text(node, 'from'),
    attribute: text(node, 'attribute'),
    allowInnerAttributes: flag(node, 'allowInnerAttributes', true),
    extra: extras(node, ['from', 'attribute', 'allowInnerAttributes']),
  };
}

function optional<T>(node: RawObject, key: string, build: (child: RawObject) => T): T | null {
  const child = object(node, key);
  return child === null ? null : build(child);
}

export function send(node: RawObject): SendModel {
  const custom = json(node, 'json');
  return {
    message: optional(node, 'message', message),
    note: optional(node, 'note', note),
    rss: optional(node, 'rss', rss),
    email: optional(node, 'email', email),
    request: optional(node, 'request', request),
    json: custom === undefined ? null : custom,
    populate: optional(node, 'populate', populate),
  };
}
