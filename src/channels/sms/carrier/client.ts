// Sending through the Twilio-style REST API: POST {base}/2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded, basic auth.
import { HttpFailure, type HttpPort, type HttpResponse } from '../../../engine/index.js';
import { retryOutcome } from '../../shared/retry.js';
import type { DeliveryOutcome } from '../../types.js';
import { retryAfterMs } from '../retry-after.js';
import type { CarrierTarget } from '../token.js';

export interface CarrierMessage {
  from: string;
  to: string;
  /** Empty for a media-only message. */
  body: string;
  mediaUrls: readonly string[];
  /** Where the carrier posts status changes; null asks for none. */
  statusCallback: string | null;
}

export type SendResult = { ok: true; sid: string } | { ok: false; outcome: Extract<DeliveryOutcome, { kind: 'retry' | 'failed' }> };

/** The carrier's error object: `{ code, message, more_info, status }`. */
function carrierError(res: HttpResponse): string {
  try {
    const body = JSON.parse(res.body) as { code?: unknown; message?: unknown };
    const code = typeof body.code === 'number' || typeof body.code === 'string' ? ` ${body.code}` : '';
    const message = typeof body.message === 'string' ? `: ${body.message}` : '';
    if (code !== '' || message !== '') return `carrier error${code}${message} (HTTP ${res.status})`;
  } catch { /* not JSON */ }
  return `the carrier answered HTTP ${res.status}`;
}

export class CarrierClient {
  constructor(private readonly http: HttpPort, private readonly timeoutMs: number) {}

  async send(target: CarrierTarget, message: CarrierMessage): Promise<SendResult> {
    const form = new URLSearchParams();
    form.append('To', message.to);
    form.append('From', message.from);
    if (message.body !== '') form.append('Body', message.body);
    for (const url of message.mediaUrls) form.append('MediaUrl', url);
    if (message.statusCallback !== null) form.append('StatusCallback', message.statusCallback);
    const url = `${target.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(target.accountSid)}/Messages.json`;
    let res: HttpResponse;
    try {
      res = await this.http.request({
        url, method: 'POST', body: form.toString(), timeoutMs: this.timeoutMs,
        headers: {
          authorization: `Basic ${Buffer.from(`${target.accountSid}:${target.authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded', accept: 'application/json',
        },
      });
    } catch (err) {
      if (!(err instanceof HttpFailure)) throw err;
      const transient = err.reason === 'timeout' || err.reason === 'network';
      return { ok: false, outcome: { kind: transient ? 'retry' : 'failed', reason: `the carrier API could not be reached: ${err.message}` } };
    }
    if (res.status === 200 || res.status === 201) {
      let sid: unknown;
      try {
        sid = (JSON.parse(res.body) as { sid?: unknown }).sid;
      } catch { /* reported below */ }
      if (typeof sid === 'string' && sid !== '') return { ok: true, sid };
      return { ok: false, outcome: { kind: 'retry', reason: `the carrier accepted the message but its answer names no sid (HTTP ${res.status})` } };
    }
    const reason = carrierError(res);
    if (res.status === 429 || res.status >= 500) {
      return { ok: false, outcome: retryOutcome(reason, retryAfterMs(res.headers['retry-after'])) };
    }
    return { ok: false, outcome: { kind: 'failed', reason } };
  }
}
