// The Bot API's outbound calls as this channel makes them (a method and its parameters, the chat added at sending) and their limits.

/** Telegram's published limits: text and captions in UTF-16 code units after entities, callback data in UTF-8 bytes. */
export const LIMITS = {
  text: 4096,
  caption: 1024,
  callbackDataBytes: 64,
} as const;

/** A button of an inline keyboard: it answers with callback_data (a callback query), or opens a URL. */
export type InlineButton = { text: string; callback_data: string } | { text: string; url: string };

export interface InlineKeyboard {
  inline_keyboard: InlineButton[][];
}

/** A bold span (the message's title), in UTF-16 code units as Telegram counts them: no parse mode, so nothing to escape. */
export interface BoldEntity {
  type: 'bold';
  offset: number;
  length: number;
}

export type MediaMethod = 'sendPhoto' | 'sendVideo' | 'sendAudio' | 'sendDocument';

/** The parameter each media method takes its file in (an http(s) URL Telegram fetches, or a file_id it knows). */
export const MEDIA_FIELD: Record<MediaMethod, string> = { sendPhoto: 'photo', sendVideo: 'video', sendAudio: 'audio', sendDocument: 'document' };

/** One call; `chat_id` is added when it is sent. Custom JSON names any send* method with its own parameters. */
export interface BotCall {
  method: string;
  params: Record<string, unknown>;
}

/** Methods a definition's custom JSON may call: sending methods only, never the bot's settings (setWebhook, deleteWebhook …). */
export const CUSTOM_METHOD = /^send[A-Z][A-Za-z]{1,40}$/;
