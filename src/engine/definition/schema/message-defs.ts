// Schemas of what a message carries: the Message, Button, QuickReply, RichCard and RichCardConfig objects.
import { BUTTON_TYPES, LIMITS, MEDIA_TYPES, QUICK_REPLY_TYPES, WEBVIEW_MODES } from '../limits.js';
import { enumOf, enumOrNull, ref, str, strOrNull, uri } from './primitives.js';

const cardLayout = {
  cardOrientation: enumOrNull(['VERTICAL', 'HORIZONTAL']),
  mediaHeight: enumOrNull(['SHORT', 'MEDIUM', 'TALL']),
  imageAlignment: enumOrNull(['LEFT', 'RIGHT']),
  thumbnailUrl: strOrNull,
};

export const messageDefs = {
  Message: {
    title: 'message',
    type: 'object',
    additionalProperties: false,
    properties: {
      text: { type: 'string', maxLength: LIMITS.messageText },
      title: { type: 'string', maxLength: LIMITS.messageTitle },
      mediaType: enumOf(MEDIA_TYPES),
      media: uri,
      buttons: { type: 'array', maxItems: LIMITS.buttons, items: ref('Button') },
      quickReplies: { type: ['array', 'null'], maxItems: LIMITS.quickReplies, items: ref('QuickReply') },
      // The minimum (2) is a lint rule: with populate, one template card generates the rest.
      carousel: { type: 'array', maxItems: LIMITS.carousel.max, items: ref('RichCard') },
      richCard: ref('RichCardConfig'),
    },
  },
  Button: {
    title: 'button',
    type: 'object',
    required: ['type'],
    properties: {
      type: enumOf(BUTTON_TYPES),
      title: { type: 'string', maxLength: LIMITS.buttonTitle },
      payload: { type: 'string', maxLength: LIMITS.buttonPayload },
      execute: strOrNull,
      postbackData: strOrNull,
      description: strOrNull,
      application: strOrNull,
      webviewViewMode: enumOf(WEBVIEW_MODES),
      eventTitle: str,
      startTime: str,
      endTime: str,
      query: str,
      latLong: {
        type: 'object',
        additionalProperties: false,
        properties: { latitude: { type: 'number' }, longitude: { type: 'number' } },
      },
      label: str,
      theme: { type: 'object' },
    },
  },
  QuickReply: {
    title: 'quick reply',
    type: 'object',
    required: ['type'],
    properties: {
      type: enumOf(QUICK_REPLY_TYPES),
      title: { type: 'string', maxLength: LIMITS.buttonTitle },
      payload: { type: 'string', maxLength: LIMITS.buttonPayload },
      execute: strOrNull,
      imageUrl: strOrNull,
      postbackData: strOrNull,
      webviewViewMode: enumOf(WEBVIEW_MODES),
      application: strOrNull,
    },
  },
  RichCardConfig: {
    title: 'rich card settings',
    type: 'object',
    properties: cardLayout,
  },
  RichCard: {
    title: 'rich card',
    type: 'object',
    properties: {
      title: { type: ['string', 'null'], maxLength: LIMITS.richCardTitle },
      description: { type: ['string', 'null'], maxLength: LIMITS.richCardDescription },
      media: strOrNull,
      mediaType: enumOf(MEDIA_TYPES),
      buttons: { type: ['array', 'null'], maxItems: LIMITS.buttons, items: ref('Button') },
      ...cardLayout,
    },
  },
} as const;
