// POST /{version}/{phone-number-id}/messages: one Cloud API message to one person, by phone number or business-scoped user id.
import { retryOutcome, retryAfterMs } from '../shared/retry.js';
import type { PartOutcome } from '../shared/partial-sends.js';
import { type CloudApi, CloudApiUnavailable } from './cloud-api.js';
import { describeCloudError, isTransient, readCloudError, THROUGHPUT_CODES } from './errors.js';
import type { Part } from './render.js';

/** How long a number is held back after a throughput limit when WhatsApp does not say. */
const THROUGHPUT_HOLD_MS = 1000;

/** A business-scoped user id: two letters of country, a period, and letters and digits (a parent id adds ENT.). */
export const BSUID = /^[A-Z]{2}\.(?:ENT\.)?[A-Za-z0-9]{1,128}$/;
const E164 = /^\+[1-9]\d{6,14}$/;

/** The recipient fields for an address: `to` for a phone number, `recipient` for a business-scoped user id; null for neither. */
export function recipientOf(address: string): { to: string } | { recipient: string } | null {
  if (E164.test(address)) return { to: address.slice(1) };
  if (BSUID.test(address)) return { recipient: address };
  return null;
}

export class MessagesApi {
  constructor(private readonly api: CloudApi) {}

  async send(phoneNumberId: string, accessToken: string, recipient: { to: string } | { recipient: string }, part: Part): Promise<PartOutcome> {
    const body = { messaging_product: 'whatsapp', recipient_type: 'individual', ...recipient, ...part };
    return this.post(phoneNumberId, accessToken, body);
  }

  /** Marks a person's message read (two blue ticks); best effort, its outcome only logged. */
  async markRead(phoneNumberId: string, accessToken: string, messageId: string): Promise<PartOutcome> {
    return this.post(phoneNumberId, accessToken, { messaging_product: 'whatsapp', status: 'read', message_id: messageId });
  }

  private async post(phoneNumberId: string, accessToken: string, body: object): Promise<PartOutcome> {
    let res;
    try {
      res = await this.api.call('POST', this.api.url(`${phoneNumberId}/messages`), accessToken, body);
    } catch (err) {
      if (err instanceof CloudApiUnavailable) return { kind: 'retry', reason: err.message };
      throw err;
    }
    const error = readCloudError(res.json);
    if (res.status >= 200 && res.status < 300 && error === null) {
      const id = (res.json as { messages?: { id?: unknown }[] } | undefined)?.messages?.[0]?.id;
      // Accepted without the id statuses name: counted as sent, since sending again would repeat it.
      return { kind: 'sent', id: typeof id === 'string' && id !== '' ? id : null };
    }
    const reason = describeCloudError(res.status, error);
    if (!isTransient(res.status, error)) return { kind: 'failed', reason };
    const asked = retryAfterMs(res.retryAfter, new Date());
    if (error?.code !== null && error?.code !== undefined && THROUGHPUT_CODES.has(error.code)) {
      return { kind: 'retry', reason, retryAfterMs: asked ?? THROUGHPUT_HOLD_MS, holdChannel: true };
    }
    return retryOutcome(reason, asked);
  }
}
