// The spec's Limits table, and the enumerations definitions draw from, in one place for schema, lint and docs.

export const LIMITS = {
  definitionName: { min: 1, max: 100 },
  messageText: 3072,
  messageTitle: 200,
  buttons: 4,
  quickReplies: 11,
  carousel: { min: 2, max: 10 },
  richCardTitle: 200,
  richCardDescription: 2000,
  buttonTitle: 25,
  buttonPayload: 1000,
} as const;

export const MEDIA_TYPES = ['image', 'video', 'audio', 'file'] as const;
export const BUTTON_TYPES = ['weburl', 'postback', 'call', 'text', 'location', 'viewLocation', 'calendar', 'datetime'] as const;
export const QUICK_REPLY_TYPES = ['text', 'postback', 'location', 'viewLocation', 'calendar', 'weburl', 'call', 'datetime'] as const;
export const WEBVIEW_MODES = ['FULL', 'HALF', 'TALL'] as const;
export const WAIT_DATA = ['message', 'text', 'quick reply', 'multi select', 'number', 'money', 'distance', 'coordinates', 'datetime', 'file'] as const;
export const DATA_CAPTURE_FIELD_TYPES = ['text', 'select', 'checkbox', 'radio', 'date', 'time', 'datetime', 'switch', 'email', 'phone'] as const;
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export const REQUEST_DATA_FORMATS = ['text', 'json', 'form'] as const;

/** Intents the system defines; any other intent name starting with `sys:` is a mistake. */
export const SYSTEM_INTENTS = ['sys:start', 'sys:menu', 'sys::menu', 'sys:help', 'sys:breakOut', 'sys:cancel', 'sys:startOver', 'sys:text'] as const;

/** Waits and delays last this long when no timeout is given (see docs/bot-language.md). */
export const DEFAULT_WAIT_TIMEOUT = '24h';
