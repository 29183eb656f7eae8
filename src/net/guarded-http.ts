// The HttpPort bot definitions use: one bounded exchange per request, SSRF-guarded, redirects followed by hand.
import type { LookupFunction } from 'node:net';
import { request as undiciRequest, type Dispatcher } from 'undici';
import type { OutboundConfig } from './outbound-config.js';
import { HttpFailure, type HttpPort, type HttpRequest, type HttpResponse } from '../engine/ports.js';
import { AllowList } from './allow-list.js';
import { decodeText } from './decode-text.js';
import { toFailure } from './failures.js';
import { fetchFile } from './file-fetch.js';
import { fetchFtp } from './ftp-fetch.js';
import { createGuardedDispatcher } from './guarded-dispatcher.js';
import { readBody } from './read-body.js';
import { isRedirect, MAX_REDIRECTS, nextHop, type Hop } from './redirects.js';
import { flattenHeaders, outgoingHeaders, withUrlCredentials } from './request-headers.js';
import { checkUrl, parseUrl } from './url-guard.js';
import { USER_AGENT } from './user-agent.js';
import { Deadline } from './deadline.js';

/** A bot may ask for a longer limit than the default, but no exchange holds a worker longer than this. */
export const MAX_TIMEOUT_MS = 120_000;

export interface GuardedHttpOptions {
  /** Replaces dns.lookup for every connection (tests point names where they need them). */
  resolve?: LookupFunction;
  userAgent?: string;
  /** false hands 3xx answers back as they are (webhook deliveries treat a redirect as a failure); default true. */
  followRedirects?: boolean;
}

export interface GuardedHttp extends HttpPort {
  /** Closes pooled connections (shutdown, tests). */
  close(): Promise<void>;
}

class GuardedHttpClient implements GuardedHttp {
  private readonly allowList: AllowList;
  private readonly dispatcher: Dispatcher;
  private readonly userAgent: string;

  constructor(private readonly config: OutboundConfig, private readonly options: GuardedHttpOptions) {
    this.allowList = new AllowList(config.allowHosts);
    this.userAgent = options.userAgent ?? USER_AGENT;
    this.dispatcher = createGuardedDispatcher({ allowList: this.allowList, resolve: options.resolve, connectTimeoutMs: MAX_TIMEOUT_MS });
  }

  async request(req: HttpRequest): Promise<HttpResponse> {
    const asked = req.timeoutMs;
    const timeoutMs = Math.min(asked !== undefined && asked >= 1 ? Math.floor(asked) : this.config.timeoutMs, MAX_TIMEOUT_MS);
    const deadline = new Deadline(timeoutMs);
    const signal = deadline.signal;
    try {
      return await this.dispatch(req, signal);
    } catch (err) {
      throw toFailure(err, signal.aborted, timeoutMs);
    } finally {
      deadline.clear();
    }
  }

  async close(): Promise<void> {
    await this.dispatcher.close();
  }

  private async dispatch(req: HttpRequest, signal: AbortSignal): Promise<HttpResponse> {
    if (req.body !== null && Buffer.byteLength(req.body) > this.config.maxRequestBytes) {
      throw new HttpFailure('too-large', `the request body is larger than ${this.config.maxRequestBytes} bytes (OUTBOUND_MAX_REQUEST_BYTES)`);
    }
    const url = parseUrl(req.url);
    // Whether the scheme is open is decided first: "ftp:// is disabled" says more than an address rule.
    switch (url.protocol) {
      case 'http:':
      case 'https:':
        checkUrl(url, req.url, this.allowList);
        return this.exchange({ url, method: req.method, headers: outgoingHeaders(req.headers, this.userAgent), body: req.body }, signal);
      case 'file:':
        if (!this.config.allowFile || this.config.fileRoot === null) throw new HttpFailure('blocked', 'file:// URLs are disabled (OUTBOUND_ALLOW_FILE)');
        return fetchFile(url, req.method, this.config.fileRoot, this.config.maxResponseBytes, signal);
      case 'ftp:':
        if (!this.config.allowFtp) throw new HttpFailure('blocked', 'ftp:// URLs are disabled (OUTBOUND_ALLOW_FTP)');
        checkUrl(url, req.url, this.allowList);
        return fetchFtp(url, req.method, { allowList: this.allowList, resolve: this.options.resolve, maxBytes: this.config.maxResponseBytes, signal });
      default:
        throw new HttpFailure('blocked', `${url.protocol} URLs are not allowed; only http: and https:`);
    }
  }

  private async exchange(first: Hop, signal: AbortSignal): Promise<HttpResponse> {
    let hop = first;
    for (let redirects = 0; ; redirects++) {
      const target = new URL(hop.url);
      target.username = '';
      target.password = '';
      target.hash = '';
      const res = await undiciRequest(target, {
        dispatcher: this.dispatcher,
        method: hop.method,
        headers: withUrlCredentials(hop.headers, hop.url),
        body: hop.body ?? undefined,
        signal,
      });
      const headers = flattenHeaders(res.headers);
      const location = headers.location;
      if (this.options.followRedirects !== false && isRedirect(res.statusCode, location)) {
        // Draining a short body lets the connection be reused; a long one is cut off. It is never wanted.
        await res.body.dump({ limit: 64 * 1024, signal }).catch(() => undefined);
        if (redirects === MAX_REDIRECTS) throw new HttpFailure('redirects', `more than ${MAX_REDIRECTS} redirects`);
        hop = nextHop(hop, res.statusCode, location, this.allowList);
        continue;
      }
      const bytes = await readBody(res.body, headers, this.config.maxResponseBytes);
      return { status: res.statusCode, headers, body: decodeText(bytes, headers['content-type']), url: target.href };
    }
  }
}

/** The outbound HTTP client for bot definitions (request action, RSS, media), configured from `config.outbound`. */
export function createGuardedHttp(config: OutboundConfig, options: GuardedHttpOptions = {}): GuardedHttp {
  return new GuardedHttpClient(config, options);
}
