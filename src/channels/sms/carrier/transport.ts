// Delivering a rendered text through the carrier API: bodies over 1,600 characters as several messages, media on the first, receipts on the last.
import type { ChannelRecord, DeliveryOutcome } from '../../types.js';
import type { PartialSends } from '../../shared/partial-sends.js';
import type { RenderedSms } from '../render.js';
import type { CarrierTarget } from '../token.js';
import type { CarrierClient } from './client.js';

/** The longest Body the Twilio-style API takes (error 21617 past it). */
export const BODY_MAX = 1600;

/** Pieces of at most `max` characters, cut at a line break or a space when one is in the last third, never inside a surrogate pair. */
export function splitBody(text: string, max = BODY_MAX): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > max) {
    let at = max;
    const window = rest.slice(0, max);
    const soft = Math.max(window.lastIndexOf('\n'), window.lastIndexOf(' '));
    if (soft >= Math.floor(max * 2 / 3)) at = soft + 1;
    else if (/[\uD800-\uDBFF]/.test(rest[at - 1]!)) at -= 1;
    pieces.push(rest.slice(0, at).trimEnd());
    rest = rest.slice(at);
  }
  pieces.push(rest);
  return pieces.filter((p, i) => p !== '' || i === 0);
}

export class CarrierTransport {
  constructor(
    private readonly client: CarrierClient,
    /** Sids of the pieces already accepted, by message id. */
    private readonly partial: PartialSends<string[]>,
    private readonly publicUrl: string | null,
  ) {}

  /** Where the carrier reports statuses: this channel's webhook, when the server knows its public URL (PUBLIC_URL). */
  statusCallback(channel: ChannelRecord): string | null {
    return this.publicUrl === null ? null : `${this.publicUrl}/hooks/${channel.type}/${channel.id}`;
  }

  async send(messageId: number, channel: ChannelRecord, target: CarrierTarget, from: string, to: string, sms: RenderedSms): Promise<DeliveryOutcome> {
    const pieces = splitBody(sms.text);
    const sids = this.partial.get(messageId) ?? [];
    for (let i = sids.length; i < pieces.length; i++) {
      const last = i === pieces.length - 1;
      const result = await this.client.send(target, {
        from, to, body: pieces[i]!, mediaUrls: i === 0 ? sms.media : [], statusCallback: last ? this.statusCallback(channel) : null,
      });
      if (!result.ok) {
        if (result.outcome.kind === 'retry' && sids.length > 0) this.partial.set(messageId, sids);
        else this.partial.delete(messageId);
        const done = sids.length > 0 ? ` (after ${sids.length} of ${pieces.length} parts were sent)` : '';
        return { ...result.outcome, reason: `${result.outcome.reason}${done}` };
      }
      sids.push(result.sid);
    }
    this.partial.delete(messageId);
    return { kind: 'sent', providerMessageId: sids[sids.length - 1]! };
  }
}
