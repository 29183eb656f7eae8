// X-Twilio-Signature: base64 HMAC-SHA1, keyed with the auth token, over the full URL followed by every POST parameter's name and value sorted by name.
import crypto from 'node:crypto';
import { equalBytes } from '../../../security/index.js';

export type FormParams = ReadonlyArray<readonly [string, string]>;

/** Parameters sorted by name (then value, for a name sent twice), each name written right before its value. */
export function signedPayload(url: string, params: FormParams): string {
  const sorted = [...params].sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  return url + sorted.map(([k, v]) => k + v).join('');
}

export function carrierSignature(authToken: string, url: string, params: FormParams): string {
  return crypto.createHmac('sha1', authToken).update(signedPayload(url, params), 'utf8').digest('base64');
}

/**
 * The URL as the carrier may have signed it: as reached, and with the scheme's default port written out or left out
 * (the console keeps the URL as typed, `https://host:443/…` or `https://host/…`, and a proxy may change it), as the
 * carrier's official SDKs check.
 */
export function signedUrlVariants(url: string): string[] {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [url];
  }
  const defaultPort = parsed.protocol === 'https:' ? '443' : parsed.protocol === 'http:' ? '80' : null;
  if (defaultPort === null) return [url];
  const rest = `${parsed.pathname}${parsed.search}`;
  const host = parsed.hostname.includes(':') && !parsed.hostname.startsWith('[') ? `[${parsed.hostname}]` : parsed.hostname;
  const auth = parsed.username === '' ? '' : `${parsed.username}${parsed.password === '' ? '' : `:${parsed.password}`}@`;
  const withPort = `${parsed.protocol}//${auth}${host}:${parsed.port === '' ? defaultPort : parsed.port}${rest}`;
  const withoutPort = `${parsed.protocol}//${auth}${host}${rest}`;
  // A non-default port stays: only the default one may have been written out or dropped.
  if (parsed.port !== '' && parsed.port !== defaultPort) return [url];
  return [...new Set([url, withPort, withoutPort])];
}

export function verifyCarrierSignature(authToken: string, url: string, params: FormParams, header: string | undefined): boolean {
  if (header === undefined || header === '') return false;
  const given = Buffer.from(header.trim());
  // Every variant is computed and compared, so the time taken does not tell which one matched.
  return signedUrlVariants(url).map((variant) => equalBytes(given, Buffer.from(carrierSignature(authToken, variant, params)))).includes(true);
}
