// OAuth 1.0a request signing (RFC 5849, HMAC-SHA1) as the network's v1.1 API takes it: the Authorization header of one request.
import crypto from 'node:crypto';
import type { OAuthCredentials } from './settings.js';

/** RFC 3986 percent-encoding: everything but ALPHA, DIGIT, "-", ".", "_" and "~" (encodeURIComponent leaves !'()* alone). */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The base string URI: scheme and host lower-case, default ports dropped, no query or fragment. */
export function baseStringUri(url: URL): string {
  return `${url.protocol.toLowerCase()}//${url.host.toLowerCase()}${url.pathname}`;
}

/**
 * The signature base string: method, URI and the normalized parameters (query, form body and oauth_*, each
 * name and value encoded, sorted by name then value, joined with "&"). A JSON body is not a parameter.
 */
export function signatureBaseString(method: string, url: URL, params: readonly (readonly [string, string])[]): string {
  const all: [string, string][] = [...url.searchParams.entries(), ...params].map(([k, v]) => [percentEncode(k), percentEncode(v)]);
  all.sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  const normalized = all.map(([k, v]) => `${k}=${v}`).join('&');
  return [method.toUpperCase(), percentEncode(baseStringUri(url)), percentEncode(normalized)].join('&');
}

export function hmacSha1Signature(baseString: string, consumerSecret: string, tokenSecret: string): string {
  const key = `${percentEncode(consumerSecret)}&${percentEncode(tokenSecret)}`;
  return crypto.createHmac('sha1', key).update(baseString).digest('base64');
}

export interface SigningInput {
  method: string;
  url: URL;
  /** Form-encoded body parameters (application/x-www-form-urlencoded), which are signed; none for a JSON body. */
  form?: readonly (readonly [string, string])[];
  credentials: OAuthCredentials;
  /** Fixed in tests; random and the current time otherwise. */
  nonce?: string;
  timestamp?: number;
}

/** The oauth_* protocol parameters of a request, oauth_signature included. */
export function oauthParameters(input: SigningInput): Record<string, string> {
  const { credentials } = input;
  const protocol: Record<string, string> = {
    oauth_consumer_key: credentials.consumerKey,
    oauth_nonce: input.nonce ?? crypto.randomBytes(24).toString('base64url'),
    oauth_signature_method: 'HMAC-SHA1',
    oauth_timestamp: String(input.timestamp ?? Math.floor(Date.now() / 1000)),
    oauth_token: credentials.accessToken,
    oauth_version: '1.0',
  };
  const base = signatureBaseString(input.method, input.url, [...Object.entries(protocol), ...(input.form ?? [])]);
  return { ...protocol, oauth_signature: hmacSha1Signature(base, credentials.consumerSecret, credentials.accessTokenSecret) };
}

/** `OAuth oauth_consumer_key="…", …`: every value percent-encoded and quoted. */
export function authorizationHeader(input: SigningInput): string {
  const params = oauthParameters(input);
  return `OAuth ${Object.entries(params).map(([k, v]) => `${percentEncode(k)}="${percentEncode(v)}"`).join(', ')}`;
}
