// The Account Activity webhook's two checks, both HMAC-SHA256 keyed with the app's consumer secret, base64, prefixed "sha256=".
import crypto from 'node:crypto';

function hmac(consumerSecret: string, data: string | Buffer): Buffer {
  return crypto.createHmac('sha256', consumerSecret).update(data).digest();
}

/** The CRC answer: the network sends crc_token and expects {"response_token": "sha256=" + base64 HMAC of it}. */
export function crcResponseToken(consumerSecret: string, crcToken: string): string {
  return `sha256=${hmac(consumerSecret, crcToken).toString('base64')}`;
}

/** x-twitter-webhooks-signature of a body as sent. */
export function webhookSignature(consumerSecret: string, body: Buffer): string {
  return `sha256=${hmac(consumerSecret, body).toString('base64')}`;
}

/** Constant-time comparison of the header against the signature the raw body should carry. */
export function signatureMatches(consumerSecret: string, body: Buffer, header: string): boolean {
  const m = /^sha256=([A-Za-z0-9+/]{43}=)$/.exec(header.trim());
  if (m === null) return false;
  return crypto.timingSafeEqual(Buffer.from(m[1]!, 'base64'), hmac(consumerSecret, body));
}
