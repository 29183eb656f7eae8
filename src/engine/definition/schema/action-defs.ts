// Schemas of the action parts both formats share: send and its kinds, waits, pauses, settings, dialogs, data capture.
import { DATA_CAPTURE_FIELD_TYPES, HTTP_METHODS, REQUEST_DATA_FORMATS, WAIT_DATA } from '../limits.js';
import { bool, boolOrNull, email, enumOf, nonNegativeInt, ref, str, strOrNull, targets, uri } from './primitives.js';

const emails = { type: ['string', 'array'], format: 'email-or-tag', items: email } as const;
/** Durations such as 30s, 5m, 1h, 2d. */
const duration = { type: 'string', pattern: '^[0-9]+(s|m|h|d)$' } as const;

export const actionDefs = {
  Send: {
    title: 'send action',
    type: 'object',
    additionalProperties: false,
    properties: {
      message: ref('Message'),
      email: ref('Email'),
      request: ref('Request'),
      json: { type: ['object', 'array'] },
      note: ref('Note'),
      rss: ref('Rss'),
      populate: ref('Populate'),
    },
  },
  Email: {
    title: 'e-mail action',
    type: 'object',
    required: ['to'],
    additionalProperties: false,
    properties: { to: emails, cc: emails, bcc: emails, subject: str, text: str, isHtml: bool },
  },
  Request: {
    title: 'request action',
    type: 'object',
    required: ['url'],
    additionalProperties: false,
    properties: {
      url: { type: 'string', pattern: '^(?:(?:https?|ftp|file)://.*|\\{[^{}]+\\})$' },
      method: enumOf(HTTP_METHODS),
      dataFormat: enumOf(REQUEST_DATA_FORMATS),
      headers: { type: 'object', additionalProperties: { type: 'string' } },
      content: { type: ['string', 'object'] },
      response: { type: ['string', 'object'] },
      responseHeaders: { type: ['string', 'object'] },
      retries: nonNegativeInt,
      fallback: str,
      process: bool,
      async: bool,
      allowHtml: bool,
    },
  },
  Note: {
    title: 'note action',
    type: 'object',
    required: ['text'],
    properties: {
      text: str,
      channelId: { type: ['integer', 'null'] },
      recipientPhone: strOrNull,
      executeOnError: targets,
    },
  },
  Rss: {
    title: 'RSS action',
    type: 'object',
    required: ['url'],
    additionalProperties: false,
    properties: { url: uri, preferedLayout: enumOf(['list', 'carousel']) },
  },
  Populate: {
    title: 'populate object',
    type: 'object',
    properties: { from: strOrNull, attribute: strOrNull, allowInnerAttributes: boolOrNull },
  },
  WaitFor: {
    title: 'wait action',
    type: 'object',
    required: ['data', 'content'],
    additionalProperties: false,
    properties: {
      data: { type: ['string', 'array'], items: enumOf(WAIT_DATA), if: { type: 'string' }, then: enumOf(WAIT_DATA) },
      content: { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9_]*$' },
      keywords: {
        type: 'array',
        items: {
          type: 'object',
          required: ['name', 'attribute'],
          additionalProperties: false,
          properties: { name: str, attribute: str },
        },
      },
      executeOnError: targets,
      executeOnTimeout: targets,
      timeout: duration,
    },
  },
  Delay: {
    title: 'delay action',
    type: 'object',
    additionalProperties: false,
    properties: { seconds: nonNegativeInt, milliseconds: nonNegativeInt, executeOnTimeout: targets, timeout: duration },
  },
  Pause: {
    title: 'pause action',
    type: 'object',
    additionalProperties: false,
    properties: { seconds: nonNegativeInt, milliseconds: nonNegativeInt },
  },
  UpdateSettings: {
    title: 'update settings action',
    type: 'object',
    additionalProperties: false,
    properties: {
      bot: { type: 'object', additionalProperties: false, properties: { enabled: bool } },
      conversation: { type: 'object', additionalProperties: false, properties: { priority: enumOf(['normal', 'high']) } },
    },
  },
  StartDialog: {
    title: 'start dialog action',
    type: 'object',
    additionalProperties: false,
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 100 },
      context: strOrNull,
      executeOnCancel: targets,
      executeOnBreakOut: targets,
    },
  },
  DataCapture: {
    title: 'data capture',
    type: 'object',
    required: ['fields', 'displayMode', 'submitButton'],
    additionalProperties: false,
    properties: {
      fields: { type: 'array', minItems: 1, items: ref('DataCaptureField') },
      displayMode: enumOf(['message', 'popup']),
      submitButton: str,
      executeOnSubmit: strOrNull,
      dismissButton: strOrNull,
      executeOnDismiss: strOrNull,
      populate: ref('Populate'),
    },
  },
  DataCaptureField: {
    title: 'data capture field',
    type: 'object',
    required: ['type', 'attribute'],
    additionalProperties: false,
    properties: {
      type: enumOf(DATA_CAPTURE_FIELD_TYPES),
      attribute: str,
      title: str,
      placeholder: str,
      required: bool,
      options: { type: 'array', items: str },
      multi: bool,
    },
  },
} as const;
