// RBM's webhook signature: X-Goog-Signature is the base64 HMAC-SHA512, keyed with the webhook's clientToken, of the decoded message data.
import crypto from 'node:crypto';

export function rbmSignature(clientToken: string, data: Buffer): string {
  return crypto.createHmac('sha512', clientToken).update(data).digest('base64');
}

/** Constant-time comparison of the header against the signature the data should carry. */
export function signatureMatches(clientToken: string, data: Buffer, header: string): boolean {
  const expected = crypto.createHmac('sha512', clientToken).update(data).digest();
  const given = Buffer.from(header.trim(), 'base64');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** The handshake's clientToken against ours, in constant time. */
export function clientTokenMatches(ours: string, given: string): boolean {
  const a = crypto.createHash('sha256').update(ours).digest();
  const b = crypto.createHash('sha256').update(given).digest();
  return crypto.timingSafeEqual(a, b);
}
