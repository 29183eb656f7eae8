// One outbound HTTP exchange with an upstream API, bounded in time and size; failures become the 502/504 errors the API answers with.
import { request } from 'undici';
import { BadGatewayError, GatewayTimeoutError } from '../errors.js';
import { Deadline, MAX_ANSWER_BYTES, readJsonAnswer } from '../net/index.js';

export interface UpstreamRequest {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** The whole exchange, body included, must finish within this time. */
  timeoutMs: number;
}

export interface UpstreamResponse {
  status: number;
  /** The body parsed as JSON; undefined when it is not JSON. */
  json: unknown;
  /** Retry-After as sent (seconds or an HTTP date), for callers that back off; null when absent. */
  retryAfter: string | null;
}

/** Error codes meaning the upstream was never reached (504), as opposed to answering badly (502). */
const UNREACHABLE = new Set([
  'ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'EHOSTDOWN',
  'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT',
]);

/**
 * Sends one request. `upstream` names the other side in error descriptions ("Google RBM"); the URL is
 * not repeated there because its path and query can carry a subscriber's number. Redirects are never
 * followed: an upstream that redirects is answering badly.
 */
export async function callUpstream(upstream: string, url: URL, init: UpstreamRequest): Promise<UpstreamResponse> {
  const deadline = new Deadline(init.timeoutMs);
  const signal = deadline.signal;
  try {
    const res = await request(url, {
      method: init.method,
      headers: { accept: 'application/json', ...init.headers },
      body: init.body,
      signal,
    });
    const json = await readJsonAnswer(res.body, () => new BadGatewayError(`${upstream} answered with a body larger than ${MAX_ANSWER_BYTES} bytes.`));
    const retryAfter = res.headers['retry-after'];
    return { status: res.statusCode, json, retryAfter: typeof retryAfter === 'string' ? retryAfter : null };
  } catch (err) {
    throw upstreamFailure(upstream, init.timeoutMs, err, signal.aborted);
  } finally {
    deadline.clear();
  }
}

function upstreamFailure(upstream: string, timeoutMs: number, err: unknown, timedOut: boolean): Error {
  if (err instanceof BadGatewayError) return err;
  if (timedOut) return new GatewayTimeoutError(`${upstream} did not answer within ${timeoutMs} ms.`, { cause: err });
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && UNREACHABLE.has(code)) {
    return new GatewayTimeoutError(`${upstream} could not be reached (${code}).`, { cause: err });
  }
  return new BadGatewayError(`${upstream} broke off the exchange${typeof code === 'string' ? ` (${code})` : ''}.`, { cause: err });
}
