// The Send API: POST /{version}/{page-id}/messages with the recipient's page-scoped id, the messaging type and one message.
import { retryOutcome } from '../shared/retry.js';
import { describeGraphError, isTransient, readGraphError, retryDelayMs } from './graph-errors.js';
import { GraphUnavailable, type GraphHttp, type GraphResponse, type PageCredentials } from './graph-http.js';
import type { SendMessage } from './send-message.js';

export type MessagingType = 'RESPONSE' | 'UPDATE' | 'MESSAGE_TAG';

export interface SendRequest {
  pageId: string;
  credentials: PageCredentials;
  /** The human's page-scoped id (PSID). */
  recipient: string;
  messagingType: MessagingType;
  tag: string | null;
  message: SendMessage | Record<string, unknown>;
}

export type SendResult =
  | { kind: 'sent'; messageId: string }
  | { kind: 'retry'; reason: string; retryAfterMs?: number }
  | { kind: 'failed'; reason: string };

export class SendApi {
  constructor(private readonly graph: GraphHttp) {}

  async send(req: SendRequest): Promise<SendResult> {
    const body = {
      recipient: { id: req.recipient },
      messaging_type: req.messagingType,
      ...(req.messagingType === 'MESSAGE_TAG' && req.tag !== null ? { tag: req.tag } : {}),
      message: req.message,
    };
    let res: GraphResponse;
    try {
      res = await this.graph.call('POST', this.graph.url(`${req.pageId}/messages`, req.credentials), body);
    } catch (err) {
      if (err instanceof GraphUnavailable) return { kind: 'retry', reason: err.message };
      throw err;
    }
    const error = readGraphError(res.json);
    if (res.status >= 200 && res.status < 300 && error === null) {
      const id = (res.json as { message_id?: unknown } | undefined)?.message_id;
      if (typeof id === 'string' && id !== '') return { kind: 'sent', messageId: id };
      // Accepted, but without the id receipts name: counted as sent, since sending again would repeat it.
      return { kind: 'sent', messageId: '' };
    }
    const reason = describeGraphError(res.status, error);
    if (!isTransient(res.status, error)) return { kind: 'failed', reason };
    return retryOutcome(reason, retryDelayMs(res, new Date()));
  }
}
