// A bot message's media as a DM attachment: fetched, then uploaded through API v2 in chunks (initialize, append, finalize, STATUS) with the dm_* media category.
import type { MediaType } from '../../engine/index.js';
import { ApiUnavailable, callApi, type ApiBody, type ApiResponse } from './api-http.js';
import { refusal } from './direct-messages.js';
import type { MediaFetcher } from './media-fetch.js';
import type { MessageMedia } from './render.js';
import type { OAuthCredentials } from './settings.js';

export type MediaCategory = 'dm_image' | 'dm_gif' | 'dm_video';

/** The network's limits per DM media category. */
export const CATEGORY_MAX_BYTES: Record<MediaCategory, number> = { dm_image: 5 * 1024 * 1024, dm_gif: 15 * 1024 * 1024, dm_video: 512 * 1024 * 1024 };

/** APPEND takes at most 5 MB a segment. */
const SEGMENT_BYTES = 4 * 1024 * 1024;

const BY_TYPE: Record<string, MediaCategory> = {
  'image/jpeg': 'dm_image', 'image/png': 'dm_image', 'image/webp': 'dm_image', 'image/gif': 'dm_gif', 'video/mp4': 'dm_video', 'video/quicktime': 'dm_video',
};
const BY_EXTENSION: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif', mp4: 'video/mp4', mov: 'video/quicktime' };

export type Attachment =
  | { kind: 'attached'; mediaId: string }
  /** Media a DM cannot carry (a sound, a document, too large, an unknown type): it goes as a link in the text. */
  | { kind: 'link'; why: string }
  | { kind: 'retry'; reason: string; retryAfterMs?: number }
  | { kind: 'failed'; reason: string };

export interface MediaUploadOptions {
  /** The API v2 base, e.g. https://api.twitter.com (no /2): v1.1's upload.twitter.com endpoint is retired. */
  uploadUrl: string;
  timeoutMs: number;
  /** MICROBLOG_MEDIA_MAX_BYTES: the most this server fetches and uploads for one message. */
  maxBytes: number;
  fetcher: MediaFetcher;
  /** The longest a delivery waits for the network to process an uploaded video before trying again later. */
  processingBudgetMs: number;
  sleep?: (ms: number) => Promise<void>;
}

/** The media type the network is told: the server's Content-Type when it is one the network takes, else the URL's extension. */
export function mediaTypeOf(url: string, contentType: string | null): string | null {
  if (contentType !== null && BY_TYPE[contentType] !== undefined) return contentType;
  let path = url;
  try { path = new URL(url).pathname; } catch { /* the whole string then */ }
  const ext = /\.([a-z0-9]{2,5})$/i.exec(path)?.[1]?.toLowerCase();
  return ext === undefined ? null : BY_EXTENSION[ext] ?? null;
}

/** API v2 answers wrap what they say in `data`. */
function dataOf(json: unknown): Record<string, unknown> | undefined {
  const data = (json as { data?: unknown } | undefined)?.data;
  return data !== null && typeof data === 'object' && !Array.isArray(data) ? data as Record<string, unknown> : undefined;
}

interface ProcessingInfo { state: string; checkAfterSecs: number; error: string | null }

function processingOf(json: unknown): ProcessingInfo | null {
  const info = (json as { processing_info?: unknown } | undefined)?.processing_info;
  if (info === null || typeof info !== 'object') return null;
  const o = info as { state?: unknown; check_after_secs?: unknown; error?: { message?: unknown; name?: unknown } };
  const error = typeof o.error?.message === 'string' ? o.error.message : typeof o.error?.name === 'string' ? o.error.name : null;
  return { state: typeof o.state === 'string' ? o.state : 'failed', checkAfterSecs: typeof o.check_after_secs === 'number' ? o.check_after_secs : 1, error };
}

export class MediaUploads {
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: MediaUploadOptions) {
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  async attach(credentials: OAuthCredentials, media: MessageMedia): Promise<Attachment> {
    if (media.mediaType === 'audio' || media.mediaType === 'file') return { kind: 'link', why: `a DM cannot carry ${media.mediaType === 'audio' ? 'sound' : 'documents'}` };
    const fetched = await this.options.fetcher.fetch(media.url, this.options.maxBytes);
    if (fetched.kind === 'tooLarge') return { kind: 'link', why: `larger than ${this.options.maxBytes} bytes (MICROBLOG_MEDIA_MAX_BYTES)` };
    if (fetched.kind !== 'ok') return fetched;
    const type = mediaTypeOf(media.url, fetched.contentType);
    const category = type === null ? undefined : BY_TYPE[type];
    if (type === null || category === undefined) return { kind: 'link', why: `${fetched.contentType ?? 'an unknown type'} is not an image, GIF or video a DM carries` };
    if (fetched.bytes.length > CATEGORY_MAX_BYTES[category]) return { kind: 'link', why: `${fetched.bytes.length} bytes is over the network's ${CATEGORY_MAX_BYTES[category]} for ${category}` };
    let outcome: Attachment;
    try {
      outcome = await this.upload(credentials, fetched.bytes, type, category);
    } catch (err) {
      if (err instanceof ApiUnavailable) return { kind: 'retry', reason: `uploading the media: ${err.message}` };
      throw err;
    }
    // The network refused the upload for good (a type it will not take after all, an account without media access):
    // the DM still goes, with the media as a link, rather than failing the whole message.
    return outcome.kind === 'failed' ? { kind: 'link', why: outcome.reason } : outcome;
  }

  private async call(method: 'GET' | 'POST', credentials: OAuthCredentials, path: string, body: ApiBody | null, query: Record<string, string> = {}): Promise<ApiResponse> {
    const url = new URL(`${this.options.uploadUrl}/2/media/upload${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return callApi({ method, url, credentials, ...(body === null ? {} : { body }), timeoutMs: this.options.timeoutMs });
  }

  private async upload(credentials: OAuthCredentials, bytes: Buffer, type: string, category: MediaCategory): Promise<Attachment> {
    const failed = (step: string, res: ApiResponse): Attachment => {
      const r = refusal(res, new Date());
      return { ...r, reason: `uploading the media (${step}): ${r.reason}` };
    };
    const init = await this.call('POST', credentials, '/initialize', {
      kind: 'json', value: { media_type: type, total_bytes: bytes.length, media_category: category },
    });
    const mediaId = dataOf(init.json)?.id;
    if (init.status < 200 || init.status >= 300) return failed('initialize', init);
    if (typeof mediaId !== 'string' || !/^\d{1,20}$/.test(mediaId)) return { kind: 'retry', reason: 'uploading the media (initialize): the network answered without a media id' };

    for (let offset = 0, segment = 0; offset < bytes.length; offset += SEGMENT_BYTES, segment += 1) {
      const append = await this.call('POST', credentials, `/${mediaId}/append`, {
        kind: 'multipart', fields: [['segment_index', String(segment)]],
        file: { field: 'media', bytes: bytes.subarray(offset, offset + SEGMENT_BYTES) },
      });
      if (append.status < 200 || append.status >= 300) return failed(`append ${segment}`, append);
    }

    const finalize = await this.call('POST', credentials, `/${mediaId}/finalize`, null);
    if (finalize.status < 200 || finalize.status >= 300) return failed('finalize', finalize);
    return this.processed(credentials, mediaId, processingOf(dataOf(finalize.json)));
  }

  /** Videos and GIFs are processed after FINALIZE: STATUS is asked when the network says, within the budget. */
  private async processed(credentials: OAuthCredentials, mediaId: string, first: ProcessingInfo | null): Promise<Attachment> {
    const deadline = Date.now() + this.options.processingBudgetMs;
    for (let info = first; info !== null; ) {
      if (info.state === 'succeeded') break;
      if (info.state === 'failed') return { kind: 'link', why: `the network could not process the media: ${info.error ?? 'no reason given'}` };
      const wait = Math.max(0, Math.min(info.checkAfterSecs, 60)) * 1000;
      if (Date.now() + wait > deadline) return { kind: 'retry', reason: `the network is still processing the media after ${this.options.processingBudgetMs} ms` };
      await this.sleep(wait);
      const status = await this.call('GET', credentials, '', null, { command: 'STATUS', media_id: mediaId });
      if (status.status < 200 || status.status >= 300) {
        const r = refusal(status, new Date());
        return { ...r, reason: `uploading the media (STATUS): ${r.reason}` };
      }
      // A STATUS without processing_info has nothing left to wait for.
      info = processingOf(dataOf(status.json));
    }
    return { kind: 'attached', mediaId };
  }
}
