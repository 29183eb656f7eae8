// How the client follows a redirect itself: which answers redirect, and what the next request looks like.
import { HttpFailure, type HttpMethod } from '../engine/ports.js';
import type { AllowList } from './allow-list.js';
import { guardUrl } from './url-guard.js';

export const MAX_REDIRECTS = 5;

export interface Hop {
  url: URL;
  method: HttpMethod;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: string | null;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Credentials meant for one origin; browsers and curl drop them when a redirect leaves it. */
const ORIGIN_BOUND = ['authorization', 'cookie', 'proxy-authorization'];
const BODY_HEADERS = ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location'];

export function isRedirect(status: number, location: string | undefined): location is string {
  return REDIRECTS.has(status) && location !== undefined && location !== '';
}

/**
 * The request a redirect asks for. The target goes through the same URL guard as the first
 * request (and later through the connect-time check); only http(s) may follow, so a server cannot
 * bounce a request onto file:// or ftp:// even when those are enabled for bot definitions.
 */
export function nextHop(current: Hop, status: number, location: string, allowList: AllowList): Hop {
  const url = guardUrl(location, allowList, current.url);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new HttpFailure('blocked', `a redirect to ${url.protocol} is refused; redirects may only lead to http: or https:`);
  }
  url.hash = '';
  const headers = { ...current.headers };
  if (url.origin !== current.url.origin) for (const name of ORIGIN_BOUND) delete headers[name];
  // 303 always, and 301/302 after a POST (as every browser does), turn into a GET without a body.
  const toGet = status === 303 || ((status === 301 || status === 302) && current.method === 'POST');
  if (!toGet) return { url, method: current.method, headers, body: current.body };
  for (const name of BODY_HEADERS) delete headers[name];
  return { url, method: 'GET', headers, body: null };
}
