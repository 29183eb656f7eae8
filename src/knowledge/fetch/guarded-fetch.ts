// Fetches a document or a crawl's page: a GET through net/'s SSRF guard (address checked at connect time and on every
// redirect), bounded in time and size, the bytes kept as they are (a PDF is not text).
import type { LookupFunction } from 'node:net';
import { request, type Dispatcher } from 'undici';
import {
  AllowList, createGuardedDispatcher, Deadline, flattenHeaders, guardUrl, isRedirect, MAX_REDIRECTS, nextHop, readBody, toFailure,
  USER_AGENT, type Hop,
} from '../../net/index.js';

export interface Fetched {
  status: number;
  /** Lower case, without parameters (`text/html`); '' when the server sent none. */
  mediaType: string;
  contentType: string;
  bytes: Buffer;
  /** The URL that answered, after redirects. */
  url: string;
}

export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
  /** `host`/`host:port` entries whose internal addresses may be reached (OUTBOUND_ALLOW_HOSTS). */
  allowHosts: readonly string[];
  /** Replaces DNS (tests point names where they need them). */
  resolve?: LookupFunction;
}

export class DocumentFetcher {
  private readonly allowList: AllowList;
  private readonly dispatcher: Dispatcher;

  constructor(private readonly limits: FetchLimits) {
    this.allowList = new AllowList([...limits.allowHosts]);
    this.dispatcher = createGuardedDispatcher({ allowList: this.allowList, resolve: limits.resolve, connectTimeoutMs: limits.timeoutMs });
  }

  /** Throws the engine's HttpFailure (blocked, timeout, too-large, network, redirects); any status is an answer. */
  async get(url: string, accept = 'text/html,application/xhtml+xml,application/pdf,text/plain,text/markdown;q=0.9,*/*;q=0.5'): Promise<Fetched> {
    const deadline = new Deadline(this.limits.timeoutMs);
    try {
      const first = guardUrl(url, this.allowList);
      if (first.protocol !== 'http:' && first.protocol !== 'https:') throw new Error(`${first.protocol} URLs cannot be fetched; only http: and https:`);
      let hop: Hop = { url: first, method: 'GET', headers: { 'user-agent': USER_AGENT, accept }, body: null };
      for (let redirects = 0; ; redirects++) {
        const target = new URL(hop.url);
        target.hash = '';
        const res = await request(target, { dispatcher: this.dispatcher, method: 'GET', headers: hop.headers, signal: deadline.signal });
        const headers = flattenHeaders(res.headers);
        if (isRedirect(res.statusCode, headers.location)) {
          await res.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
          if (redirects === MAX_REDIRECTS) throw new Error(`more than ${MAX_REDIRECTS} redirects`);
          hop = nextHop(hop, res.statusCode, headers.location, this.allowList);
          continue;
        }
        const bytes = await readBody(res.body, headers, this.limits.maxBytes);
        const contentType = headers['content-type'] ?? '';
        return { status: res.statusCode, contentType, mediaType: contentType.split(';')[0]!.trim().toLowerCase(), bytes, url: target.href };
      }
    } catch (error) {
      throw toFailure(error, deadline.signal.aborted, this.limits.timeoutMs);
    } finally {
      deadline.clear();
    }
  }

  async close(): Promise<void> {
    await this.dispatcher.close();
  }
}
