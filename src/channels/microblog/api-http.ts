// One exchange with the network's v1.1 API, signed with OAuth 1.0a user context, bounded in time and size; credentials are never logged.
import crypto from 'node:crypto';
import { request } from 'undici';
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

/** A form-data name as the HTML form encoding writes it: no line break or quote left to end the header early. */
const formName = (name: string) => name.replace(/\n/g, '%0A').replace(/\r/g, '%0D').replace(/"/g, '%22');

/**
 * multipart/form-data (RFC 7578) written out as bytes. Not a FormData object: undici's request() sends through the
 * process-wide dispatcher, which on Node.js 24 is Node's own bundled undici (loaded as soon as node:http is imported),
 * and an undici only serializes the FormData class it made itself; bytes are sent as they are by any of them.
 */
function multipartBody(fields: readonly (readonly [string, string])[], file: { field: string; bytes: Buffer }): { contentType: string; payload: Buffer } {
  const boundary = `----parley-${crypto.randomBytes(16).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of fields) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${formName(name)}"\r\n\r\n${value.replace(/\r\n|\r|\n/g, '\r\n')}\r\n`));
  }
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${formName(file.field)}"; filename="blob"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.concat(parts) };
}

function encodeBody(body: ApiBody | undefined): { contentType: string; payload: string | Buffer } | null {
  if (body === undefined) return null;
  if (body.kind === 'json') return { contentType: 'application/json', payload: JSON.stringify(body.value) };
  if (body.kind === 'form') return { contentType: 'application/x-www-form-urlencoded', payload: new URLSearchParams(body.params.map(([k, v]): [string, string] => [k, v])).toString() };
  return multipartBody(body.fields, body.file);
}

export async function callApi(req: ApiRequest): Promise<ApiResponse> {
  const encoded = encodeBody(req.body);
  const authorization = authorizationHeader({ method: req.method, url: req.url, credentials: req.credentials, ...(req.body?.kind === 'form' ? { form: req.body.params } : {}) });
  const deadline = new Deadline(req.timeoutMs);
  const signal = deadline.signal;
  try {
    const res = await request(req.url, {
      method: req.method,
      headers: { accept: 'application/json', authorization, ...(encoded ? { 'content-type': encoded.contentType } : {}) },
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
