// Signed visitor ids: one human per browser, and a browser cannot claim another's conversation by guessing its id.
import crypto from 'node:crypto';
import { equalBytes } from '../../security/index.js';

export class VisitorIds {
  private readonly key: Buffer;

  /** The key is derived from the server's secret, so every process of a deployment signs alike. */
  constructor(serverSecret: Uint8Array) {
    this.key = crypto.createHmac('sha256', serverSecret).update('parley web chat visitor v1').digest();
  }

  private sign(channelId: number, id: string): string {
    return crypto.createHmac('sha256', this.key).update(`${channelId}.${id}`).digest('base64url');
  }

  /** A new visitor of a channel: `<id>.<signature>`. */
  issue(channelId: number): { token: string; id: string } {
    const id = crypto.randomBytes(16).toString('base64url');
    return { token: `${id}.${this.sign(channelId, id)}`, id };
  }

  /** The visitor id a token carries, when its signature holds for this channel; null otherwise. */
  verify(channelId: number, token: string): string | null {
    const [id, signature] = token.split('.');
    if (id === undefined || signature === undefined || !/^[\w-]{16,64}$/.test(id)) return null;
    return equalBytes(Buffer.from(signature), Buffer.from(this.sign(channelId, id))) ? id : null;
  }
}
