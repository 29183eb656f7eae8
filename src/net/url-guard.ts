// Checks a URL as written before anything is sent: it must parse, and an IP host must be in standard form and allowed.
import { isIPv4 } from 'node:net';
import { HttpFailure } from '../engine/ports.js';
import { addressRefusal } from './address-policy.js';
import { effectivePort, type AllowList } from './allow-list.js';
import { isIpLiteral } from './ip-ranges.js';

const SPECIAL_SCHEMES = new Set(['http', 'https', 'ftp', 'ws', 'wss', 'file']);

/**
 * The host text exactly as `input` spells it, or null when `input` is relative to `base` and
 * keeps its host. Follows the WHATWG parser's reading (tabs and newlines dropped, `\` as `/`
 * in special schemes, userinfo up to the last `@`) so it finds the same host the parser used.
 */
export function writtenHost(input: string, base?: URL): string | null {
  let s = input.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(s);
  const name = scheme === null ? base?.protocol.slice(0, -1) ?? '' : (scheme[1] ?? '').toLowerCase();
  const special = SPECIAL_SCHEMES.has(name);
  if (scheme !== null) s = s.slice(scheme[0].length);
  // Without two leading slashes, a relative reference (or "http:path" against an http base) keeps the base's host.
  const relative = scheme === null || base?.protocol === `${name}:`;
  if (special) {
    if (relative && !/^[/\\]{2}/.test(s)) return null;
    s = s.replace(/^[/\\]*/, '');
  } else {
    if (!s.startsWith('//')) return null;
    s = s.slice(2);
  }
  const authority = s.split(special ? /[/\\?#]/ : /[/?#]/)[0] ?? '';
  const host = authority.slice(authority.lastIndexOf('@') + 1);
  const bare = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0] ?? '';
  return bare.toLowerCase();
}

/** Parses `input` (against `base` for a redirect's Location); an unparseable URL is a network failure. */
export function parseUrl(input: string, base?: URL): URL {
  try {
    return base === undefined ? new URL(input) : new URL(input, base);
  } catch {
    throw new HttpFailure('network', `"${input.slice(0, 200)}" is not a valid URL`);
  }
}

/**
 * Refuses what the guard can tell from the URL's text alone. IPv4 hosts written any way but plain
 * dotted decimal (2130706433, 0177.0.0.1, 0x7f000001, 127.1, percent-encoded or full-width digits)
 * are refused outright: the parser turns them into ordinary addresses, but no honest URL needs
 * them and they exist to slip past filters. The connect-time check in the dispatcher stays the
 * authority for names. `input` and `base` are what `url` was parsed from.
 */
export function checkUrl(url: URL, input: string, allowList: AllowList, base?: URL): void {
  if (url.protocol === 'file:') return;
  const written = writtenHost(input, base);
  if (written !== null && isIPv4(url.hostname) && written !== url.hostname) {
    throw new HttpFailure('blocked', `the host "${written}" is an IP address written in a non-standard form (${url.hostname}); write it in dotted decimal`);
  }
  if (isIpLiteral(url.hostname)) {
    const listed = allowList.allows(url.hostname, effectivePort(url.protocol, url.port));
    const why = addressRefusal(url.hostname, listed);
    if (why !== null) throw new HttpFailure('blocked', `${url.host} is refused: ${why}`);
  }
}

/** parseUrl then checkUrl. */
export function guardUrl(input: string, allowList: AllowList, base?: URL): URL {
  const url = parseUrl(input, base);
  checkUrl(url, input, allowList, base);
  return url;
}
