// Files people send that the provider keeps behind its own authentication (WhatsApp media ids, Telegram file ids).
import type { ChannelRecord } from './types.js';

export type DownloadedMedia =
  | { kind: 'ok'; bytes: Buffer; contentType: string | null }
  | { kind: 'tooLarge' }
  /** `retry`: the provider may give it later (a timeout, a 5xx); otherwise it is gone or refused. */
  | { kind: 'failed'; reason: string; retry: boolean };

export interface MediaSource {
  /** The bytes of the file `ref` names (the provider's id of it), at most `maxBytes`. */
  download(channel: ChannelRecord, ref: string, maxBytes: number): Promise<DownloadedMedia>;
}

/** How a provider names a file for the runtime: the URL the bot and the console see is made from it (ChannelRuntime.mediaUrl). */
export interface MediaReference {
  channelId: number;
  /** The provider's id of the file. */
  ref: string;
  mimeType: string | null;
}
