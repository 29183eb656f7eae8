// Standard Webhooks signing: `whsec_` secrets, `msg_` ids, and the webhook-signature header (one v1 signature per live secret).
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** 32 random bytes, base64 after `whsec_`, as the spec serializes symmetric secrets (24 to 64 bytes). */
export function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The webhook-id: random, so receivers cannot guess others, and free of `.` (the signed content's separator). */
export function newMessageId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}

/** The three Standard Webhooks headers for one attempt; `secrets` newest first (two during a rotation's overlap). */
export function signedHeaders(secrets: readonly string[], messageId: string, at: Date, body: string): Record<string, string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(messageId, at, body)).join(' '),
  };
}
