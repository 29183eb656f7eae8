// Meta's webhook signature (messenger, WhatsApp): X-Hub-Signature-256 is "sha256=" and the hex HMAC-SHA256 of the raw body keyed with the app secret.
import crypto from 'node:crypto';

export function hubSignature(appSecret: string, body: Buffer): string {
  return `sha256=${crypto.createHmac('sha256', appSecret).update(body).digest('hex')}`;
}

/** Constant-time comparison of the header against the signature the body should carry. */
export function signatureMatches(appSecret: string, body: Buffer, header: string): boolean {
  const m = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (m === null) return false;
  const expected = crypto.createHmac('sha256', appSecret).update(body).digest();
  return crypto.timingSafeEqual(Buffer.from(m[1]!, 'hex'), expected);
}
