// Files people send on WhatsApp: the media endpoint gives a short-lived URL for the id, read with the channel's access token.
import type { DownloadedMedia, MediaSource } from '../media-source.js';
import type { ChannelRecord } from '../types.js';
import { type CloudApi, CloudApiUnavailable } from './cloud-api.js';
import { describeCloudError, isTransient, readCloudError } from './errors.js';
import { type SecretDefaults, whatsappSettings, WhatsAppSetupProblem } from './settings.js';

export class WhatsAppMedia implements MediaSource {
  constructor(private readonly api: CloudApi, private readonly defaults: SecretDefaults) {}

  async download(channel: ChannelRecord, ref: string, maxBytes: number): Promise<DownloadedMedia> {
    let settings;
    try {
      settings = whatsappSettings(channel, this.defaults);
    } catch (err) {
      if (err instanceof WhatsAppSetupProblem) return { kind: 'failed', reason: err.message, retry: false };
      throw err;
    }
    try {
      const info = await this.api.call('GET', this.api.url(ref, { phone_number_id: settings.phoneNumberId }), settings.accessToken);
      if (info.status !== 200) {
        const error = readCloudError(info.json);
        return { kind: 'failed', reason: describeCloudError(info.status, error), retry: isTransient(info.status, error) };
      }
      const body = info.json as { url?: unknown; mime_type?: unknown; file_size?: unknown } | undefined;
      if (typeof body?.url !== 'string') return { kind: 'failed', reason: 'the media endpoint answered without a URL', retry: true };
      if (typeof body.file_size === 'number' && body.file_size > maxBytes) return { kind: 'tooLarge' };
      const file = await this.api.file(body.url, settings.accessToken, maxBytes);
      if (file.kind === 'status') return { kind: 'failed', reason: `the media URL answered ${file.status}`, retry: file.status >= 500 || file.status === 429 };
      if (file.kind === 'tooLarge') return file;
      return { kind: 'ok', bytes: file.bytes, contentType: typeof body.mime_type === 'string' ? body.mime_type : file.contentType };
    } catch (err) {
      if (err instanceof CloudApiUnavailable) return { kind: 'failed', reason: err.message, retry: true };
      throw err;
    }
  }
}
