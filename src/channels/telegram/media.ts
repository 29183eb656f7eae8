// Files people send on Telegram: getFile gives the file's path for its file_id, read from the Bot API's file host with the bot token.
import type { DownloadedMedia, MediaSource } from '../media-source.js';
import type { ChannelRecord } from '../types.js';
import { type BotApi, BotApiUnavailable } from './bot-api.js';
import { describeBotError, isTransient } from './errors.js';
import { botToken, TelegramSetupProblem } from './settings.js';

/** The file host answers application/octet-stream: the type is read from the path's extension where it says. */
const TYPES: Record<string, string> = {
  jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp',
  mp4: 'video/mp4', mov: 'video/quicktime', webm: 'video/webm', oga: 'audio/ogg', ogg: 'audio/ogg', opus: 'audio/ogg',
  mp3: 'audio/mpeg', m4a: 'audio/mp4', wav: 'audio/wav', pdf: 'application/pdf', tgs: 'application/x-tgsticker',
};

function contentTypeOf(filePath: string, served: string | null): string | null {
  const extension = /\.([A-Za-z0-9]{1,5})$/.exec(filePath)?.[1]?.toLowerCase();
  const guessed = extension === undefined ? undefined : TYPES[extension];
  return served !== null && served !== 'application/octet-stream' ? served : guessed ?? served;
}

export class TelegramMedia implements MediaSource {
  constructor(private readonly api: BotApi) {}

  async download(channel: ChannelRecord, ref: string, maxBytes: number): Promise<DownloadedMedia> {
    let token: string;
    try {
      token = botToken(channel);
    } catch (err) {
      if (err instanceof TelegramSetupProblem) return { kind: 'failed', reason: err.message, retry: false };
      throw err;
    }
    try {
      const info = await this.api.call(token, 'getFile', { file_id: ref });
      if (!info.ok) {
        // Bots may read files of up to 20 MB: Telegram refuses getFile for larger ones.
        if (/too big/i.test(info.description ?? '')) return { kind: 'tooLarge' };
        return { kind: 'failed', reason: describeBotError(info), retry: isTransient(info) };
      }
      const file = info.result as { file_path?: unknown; file_size?: unknown } | undefined;
      if (typeof file?.file_size === 'number' && file.file_size > maxBytes) return { kind: 'tooLarge' };
      if (typeof file?.file_path !== 'string' || file.file_path === '') return { kind: 'failed', reason: 'getFile answered without a file_path', retry: true };
      const got = await this.api.file(token, file.file_path, maxBytes);
      if (got.kind === 'status') return { kind: 'failed', reason: `the Bot API's file host answered ${got.status}`, retry: got.status >= 500 || got.status === 429 };
      if (got.kind === 'tooLarge') return got;
      return { kind: 'ok', bytes: got.bytes, contentType: contentTypeOf(file.file_path, got.contentType) };
    } catch (err) {
      if (err instanceof BotApiUnavailable) return { kind: 'failed', reason: err.message, retry: true };
      throw err;
    }
  }
}
