// Reads a bot message's media as bytes for upload, through the SSRF guard (connect-time address checks, guarded redirects), size-capped.
import { type Dispatcher, request } from 'undici';
import { HttpFailure } from '../../engine/index.js';
import {
  AllowList, createGuardedDispatcher, Deadline, flattenHeaders, guardUrl, type Hop, isRedirect, MAX_REDIRECTS, nextHop, readBody,
  toFailure, USER_AGENT,
} from '../../net/index.js';
import { isRetryableStatus } from '../shared/retry.js';

export type FetchedMedia =
  | { kind: 'ok'; bytes: Buffer; contentType: string | null }
  /** Larger than the limit: shown as a link instead. */
  | { kind: 'tooLarge' }
  | { kind: 'retry'; reason: string }
  | { kind: 'failed'; reason: string };

export interface MediaFetchOptions {
  /** Hosts whose internal addresses may be reached (OUTBOUND_ALLOW_HOSTS, as for bot definitions). */
  allowHosts: readonly string[];
  timeoutMs: number;
}

export class MediaFetcher {
  private readonly allowList: AllowList;
  private readonly dispatcher: Dispatcher;

  constructor(private readonly options: MediaFetchOptions) {
    this.allowList = new AllowList(options.allowHosts);
    this.dispatcher = createGuardedDispatcher({ allowList: this.allowList, connectTimeoutMs: options.timeoutMs });
  }

  async fetch(url: string, maxBytes: number): Promise<FetchedMedia> {
    const deadline = new Deadline(this.options.timeoutMs);
    const signal = deadline.signal;
    try {
      return await this.exchange(url, maxBytes, signal);
    } catch (err) {
      const failure = toFailure(err, signal.aborted, this.options.timeoutMs);
      if (failure.reason === 'too-large') return { kind: 'tooLarge' };
      const why = `the media ${url.slice(0, 200)} cannot be read: ${failure.message}`;
      return failure.reason === 'timeout' || failure.reason === 'network' ? { kind: 'retry', reason: why } : { kind: 'failed', reason: why };
    } finally {
      deadline.clear();
    }
  }

  async close(): Promise<void> {
    await this.dispatcher.close();
  }

  private async exchange(input: string, maxBytes: number, signal: AbortSignal): Promise<FetchedMedia> {
    const first = guardUrl(input, this.allowList);
    if (first.protocol !== 'http:' && first.protocol !== 'https:') throw new HttpFailure('blocked', `${first.protocol} media cannot be uploaded; only http(s)`);
    let hop: Hop = { url: first, method: 'GET', headers: { 'user-agent': USER_AGENT }, body: null };
    for (let redirects = 0; ; redirects++) {
      const res = await request(hop.url, { dispatcher: this.dispatcher, method: 'GET', headers: hop.headers, signal });
      const headers = flattenHeaders(res.headers);
      if (isRedirect(res.statusCode, headers.location)) {
        await res.body.dump({ limit: 64 * 1024, signal }).catch(() => undefined);
        if (redirects === MAX_REDIRECTS) throw new HttpFailure('redirects', `more than ${MAX_REDIRECTS} redirects`);
        hop = nextHop(hop, res.statusCode, headers.location, this.allowList);
        continue;
      }
      if (res.statusCode !== 200) {
        await res.body.dump({ limit: 64 * 1024, signal }).catch(() => undefined);
        const why = `the media ${input.slice(0, 200)} answered ${res.statusCode}`;
        return isRetryableStatus(res.statusCode) ? { kind: 'retry', reason: why } : { kind: 'failed', reason: why };
      }
      const bytes = await readBody(res.body, headers, maxBytes);
      return { kind: 'ok', bytes, contentType: headers['content-type']?.split(';')[0]?.trim().toLowerCase() || null };
    }
  }
}
