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

export function verifyCarrierSignature(authToken: string, url: string, params: FormParams, header: string | undefined): boolean {
  if (header === undefined || header === '') return false;
  return equalBytes(Buffer.from(header.trim()), Buffer.from(carrierSignature(authToken, url, params)));
}
