// The Cloud API's error bodies read, described in words a person can act on, and sorted into worth-retrying or final.
import { isRetryableStatus } from '../shared/retry.js';

export interface CloudError {
  code: number | null;
  title: string | null;
  message: string | null;
  /** error_data.details: what exactly was wrong (which parameter). */
  details: string | null;
  traceId: string | null;
}

export function readCloudError(json: unknown): CloudError | null {
  if (json === null || typeof json !== 'object') return null;
  const e = (json as { error?: unknown }).error;
  if (e === null || typeof e !== 'object') return null;
  const o = e as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v.slice(0, 500) : null);
  const num = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : typeof v === 'string' && /^\d{1,12}$/.test(v) ? Number(v) : null);
  const data = (o.error_data !== null && typeof o.error_data === 'object' ? o.error_data : {}) as Record<string, unknown>;
  return { code: num(o.code), title: str(o.title) ?? str(o.type), message: str(o.message), details: str(data.details), traceId: str(o.fbtrace_id) };
}

/** The codes of a rate limit on the whole number or app: the number is held back, not only this message. */
export const THROUGHPUT_CODES = new Set([130429, 80007, 4]);

/**
 * Codes Meta documents as passing: rate limits (130429 throughput, 131056 pair rate, 80007 and 4 app limits), 131000
 * something went wrong, 131016 and 133004 service unavailable, 1 and 2 temporary errors.
 */
const TRANSIENT = new Set([130429, 131056, 80007, 4, 131000, 131016, 133004, 1, 2]);

/** What the common final codes mean for the person reading the message's failure. */
const MEANINGS = new Map<number, string>([
  [131047, 'more than 24 hours passed since the person last wrote: outside the customer-service window only an approved template may go'],
  [131026, 'the message could not be delivered (the number may not be on WhatsApp, or runs a WhatsApp too old)'],
  [131050, 'the person stopped marketing messages from this business'],
  [131049, 'Meta chose not to deliver this marketing message (per-person marketing limits)'],
  [131051, 'WhatsApp does not support this message type'],
  [131052, 'the media could not be downloaded from the link given'],
  [131053, 'the media could not be uploaded (type or size not supported)'],
  [132000, 'the template\'s parameters do not match the number it takes'],
  [132001, 'no approved template has this name in this language'],
  [132005, 'the template\'s text with its parameters is too long'],
  [132007, 'the template breaks WhatsApp\'s formatting policy'],
  [132012, 'a template parameter is not of the format the template expects'],
  [132015, 'the template is paused for low quality'],
  [132016, 'the template is disabled'],
  [190, 'the access token expired or was revoked: put a new one in the channel\'s token'],
  [10, 'the access token lacks the whatsapp_business_messaging permission'],
  [200, 'the access token lacks the whatsapp_business_messaging permission'],
  [100, 'a parameter of the message is not valid'],
  [131008, 'a required parameter is missing'],
  [131009, 'a parameter value is not valid'],
  [131021, 'the recipient is the business number itself'],
  [131031, 'the business account is locked'],
  [131042, 'the business account has a payment problem'],
  [131045, 'the phone number is not registered (certificate missing)'],
  [133010, 'the phone number is not registered on the Cloud API'],
  [368, 'the business account is temporarily blocked for a policy violation'],
]);

/** Whether another try may succeed: timeouts, 5xx, 429 and the transient codes; every other code is final. */
export function isTransient(status: number, error: CloudError | null): boolean {
  if (error?.code !== null && error?.code !== undefined) return TRANSIENT.has(error.code) || status >= 500;
  return isRetryableStatus(status);
}

export function describeCloudError(status: number, error: CloudError | null): string {
  if (error === null) return `WhatsApp answered ${status}`;
  const meaning = error.code === null ? undefined : MEANINGS.get(error.code);
  const what = [error.title ?? error.message ?? 'an error', error.details].filter((p) => p !== null).join(': ');
  const codes = [error.code === null ? null : `code ${error.code}`, error.traceId === null ? null : `fbtrace_id ${error.traceId}`].filter((p) => p !== null).join(', ');
  return `WhatsApp answered ${status}: ${meaning === undefined ? what : `${meaning} (${what})`}${codes === '' ? '' : ` [${codes}]`}`;
}
