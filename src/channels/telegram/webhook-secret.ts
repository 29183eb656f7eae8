// The secret_token each tlg channel's webhook is registered with: derived from the server's own secret and the channel id, so nothing is stored and every process agrees.
import crypto from 'node:crypto';

export class WebhookSecrets {
  /** `key`: a key of the server's own for this one purpose (ProviderDeps.serverKey). */
  constructor(private readonly key: Uint8Array) {}

  /** 43 characters of A-Z, a-z, 0-9, _ and - (Telegram takes 1-256 of those). */
  of(channelId: number): string {
    return crypto.createHmac('sha256', this.key).update(`tlg webhook ${channelId}`).digest('base64url');
  }
}
