// POST /1.1/direct_messages/events/new.json: one message_create event to one person, its outcome read the way delivery needs it.
import { retryOutcome } from '../shared/retry.js';
import { callApi, ApiUnavailable, type ApiResponse } from './api-http.js';
import { describeApiError, isRateLimited, isTransient, readApiErrors, retryDelayMs } from './api-errors.js';
import { newDmEvent, type MessageData } from './dm-event.js';
import type { OAuthCredentials } from './settings.js';

export type SendResult =
  | { kind: 'sent'; eventId: string | null }
  | { kind: 'retry'; reason: string; retryAfterMs?: number }
  | { kind: 'failed'; reason: string };

export interface DirectMessagesOptions {
  /** e.g. https://api.twitter.com (no /1.1). */
  apiUrl: string;
  timeoutMs: number;
}

/** What a refusal means for delivery; shared by every call made to deliver a message (sends and uploads). */
export function refusal(res: ApiResponse, now: Date): Extract<SendResult, { kind: 'retry' | 'failed' }> {
  const errors = readApiErrors(res.json);
  const reason = describeApiError(res.status, errors);
  if (!isTransient(res.status, errors)) return { kind: 'failed', reason };
  return retryOutcome(reason, retryDelayMs(res, isRateLimited(res.status, errors), now));
}

export class DirectMessages {
  constructor(private readonly options: DirectMessagesOptions) {}

  async send(credentials: OAuthCredentials, recipientId: string, data: MessageData): Promise<SendResult> {
    let res: ApiResponse;
    try {
      res = await callApi({
        method: 'POST', url: new URL(`${this.options.apiUrl}/1.1/direct_messages/events/new.json`), credentials,
        body: { kind: 'json', value: newDmEvent(recipientId, data) }, timeoutMs: this.options.timeoutMs,
      });
    } catch (err) {
      if (err instanceof ApiUnavailable) return { kind: 'retry', reason: err.message };
      throw err;
    }
    if (res.status >= 200 && res.status < 300) {
      const id = (res.json as { event?: { id?: unknown } } | undefined)?.event?.id;
      // Accepted without the id read markers name: still sent, since sending again would repeat it.
      return { kind: 'sent', eventId: typeof id === 'string' && /^\d{1,20}$/.test(id) ? id : null };
    }
    return refusal(res, new Date());
  }
}
