// One exchange with the network's v1.1 API, signed with OAuth 1.0a user context, bounded in time and size; credentials are never logged.
import { FormData, request } from 'undici';
import { Deadline, MAX_ANSWER_BYTES, readJsonAnswer } from '../../net/index.js';
import { authorizationHeader } from './oauth1.js';
import type { OAuthCredentials } from './settings.js';

export interface ApiResponse {
  status: number;
  /** The body parsed as JSON; undefined when empty or not JSON. */
  json: unknown;
  /** x-rate-limit-reset as sent: when the window resets, in epoch seconds; null when absent. */
  rateLimitReset: string | null;
  retryAfter: string | null;
}

/** The network was not reached, did not answer in time, or answered with something unreadable: worth another try. */
export class ApiUnavailable extends Error {
  override name = 'ApiUnavailable';
}

export type ApiBody =
  | { kind: 'json'; value: unknown }
  /** application/x-www-form-urlencoded: its parameters are signed. */
  | { kind: 'form'; params: readonly (readonly [string, string])[] }
  /** multipart/form-data with one file (media upload APPEND): its parts are not signed. */
  | { kind: 'multipart'; fields: readonly (readonly [string, string])[]; file: { field: string; bytes: Buffer } };

export interface ApiRequest {
  method: 'GET' | 'POST';
  url: URL;
  credentials: OAuthCredentials;
  body?: ApiBody;
  timeoutMs: number;
}

function encodeBody(body: ApiBody | undefined): { contentType: string | null; payload: string | FormData } | null {
  if (body === undefined) return null;
  if (body.kind === 'json') return { contentType: 'application/json', payload: JSON.stringify(body.value) };
  if (body.kind === 'form') return { contentType: 'application/x-www-form-urlencoded', payload: new URLSearchParams(body.params.map(([k, v]): [string, string] => [k, v])).toString() };
  const form = new FormData();
  for (const [name, value] of body.fields) form.append(name, value);
  form.append(body.file.field, new Blob([body.file.bytes], { type: 'application/octet-stream' }), 'blob');
  // The client writes the multipart boundary into the content type itself.
  return { contentType: null, payload: form };
}

export async function callApi(req: ApiRequest): Promise<ApiResponse> {
  const encoded = encodeBody(req.body);
  const authorization = authorizationHeader({ method: req.method, url: req.url, credentials: req.credentials, ...(req.body?.kind === 'form' ? { form: req.body.params } : {}) });
  const deadline = new Deadline(req.timeoutMs);
  const signal = deadline.signal;
  try {
    const res = await request(req.url, {
      method: req.method,
      headers: { accept: 'application/json', authorization, ...(encoded?.contentType ? { 'content-type': encoded.contentType } : {}) },
      body: encoded?.payload,
      signal,
    });
    const json = await readJsonAnswer(res.body, () => new ApiUnavailable(`the network answered with a body larger than ${MAX_ANSWER_BYTES} bytes`));
    const header = (name: string) => { const v = res.headers[name]; return typeof v === 'string' ? v : null; };
    return { status: res.statusCode, json, rateLimitReset: header('x-rate-limit-reset'), retryAfter: header('retry-after') };
  } catch (err) {
    if (err instanceof ApiUnavailable) throw err;
    if (signal.aborted) throw new ApiUnavailable(`the network did not answer within ${req.timeoutMs} ms`);
    const code = (err as { code?: unknown }).code;
    throw new ApiUnavailable(`the network could not be reached${typeof code === 'string' ? ` (${code})` : ''}`);
  } finally {
    deadline.clear();
  }
}
