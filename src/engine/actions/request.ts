// The request part of a send: rendered, sent through the guarded HTTP port with retries, its response mapped to attributes.
import type { RequestModel } from '../definition/model.js';
import { renderJsonStrings, renderTemplate } from '../language/render.js';
import type { JsonValue } from '../language/json-value.js';
import { HttpFailure, type HttpPort, type HttpRequest, type HttpResponse } from '../ports.js';
import type { RunContext } from '../run-context.js';
import { responseFailure, responseWrites } from './request-response.js';
import type { StepContext, StepOutcome } from './step.js';

const CONTENT_TYPES = { json: 'application/json', form: 'application/x-www-form-urlencoded', text: 'text/plain; charset=utf-8' } as const;
/** Retries of one request inside a run are spaced by this, doubled each time, so a flapping API gets a moment. */
const RETRY_BASE_MS = 200;
const RETRY_MAX_DELAY_MS = 2_000;
/**
 * Most retries of one request. A synchronous request runs inside the conversation's turn: six
 * attempts at the outbound time limit (10 s by default) and their spacing stay well within the
 * conversation's lease (120 s by default), however many retries a definition asks for.
 */
export const MAX_RETRIES = 5;

function formBody(value: JsonValue): string {
  if (typeof value === 'string') return value;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return String(value);
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(value)) params.append(k, typeof v === 'string' ? v : JSON.stringify(v));
  return params.toString();
}

function body(model: RequestModel, run: RunContext): string | null {
  if (model.content === null || model.method === 'GET') return null;
  const content: JsonValue = model.process
    ? (typeof model.content === 'string' ? renderTemplate(model.content, run.language) : renderJsonStrings(model.content, run.language))
    : model.content;
  if (model.dataFormat === 'form') return formBody(content);
  return typeof content === 'string' ? content : JSON.stringify(content);
}

/** The request as it goes on the wire; URL and headers always take tags, the content when `process` is on. */
export function buildRequest(model: RequestModel, run: RunContext): HttpRequest {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(model.headers)) headers[name.toLowerCase()] = renderTemplate(value, run.language);
  const payload = body(model, run);
  if (payload !== null && headers['content-type'] === undefined) headers['content-type'] = CONTENT_TYPES[model.dataFormat];
  return { url: renderTemplate(model.url, run.language).trim(), method: model.method, headers, body: payload };
}

export type Attempt = { ok: true; response: HttpResponse } | { ok: false; reason: string };

/**
 * Sends with up to `retries` (at most MAX_RETRIES) more attempts on failure; the answer of the last
 * attempt. A client error (4xx other than 408 and 429) and a refused address are not retried.
 */
export async function sendWithRetries(http: HttpPort, request: HttpRequest, retries: number, allowHtml: boolean, sleep: (ms: number) => Promise<void>): Promise<Attempt> {
  let last: Attempt = { ok: false, reason: 'not sent' };
  for (let attempt = 0; attempt <= Math.min(retries, MAX_RETRIES); attempt++) {
    if (attempt > 0) await sleep(Math.min(RETRY_MAX_DELAY_MS, RETRY_BASE_MS * 2 ** (attempt - 1)));
    try {
      const response = await http.request(request);
      const failure = responseFailure(response, allowHtml);
      if (failure === null) return { ok: true, response };
      last = { ok: false, reason: failure };
      // A client error will not change by asking again.
      if (response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429) return last;
    } catch (error) {
      last = { ok: false, reason: error instanceof HttpFailure ? `${error.reason}: ${error.message}` : String(error) };
      if (error instanceof HttpFailure && error.reason === 'blocked') return last;
    }
  }
  return last;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs the request. On failure the fallback replaces the chain; without one the chain goes on, the attributes untouched. */
export async function runRequest(model: RequestModel, { run, chain, action }: StepContext): Promise<StepOutcome> {
  const request = buildRequest(model, run);
  if (model.async) {
    run.asyncRequests.push({ request, retries: model.retries, allowHtml: model.allowHtml, response: model.response, responseHeaders: model.responseHeaders, fallback: model.fallback });
    return 'next';
  }
  const outcome = await sendWithRetries(run.env.http, request, model.retries, model.allowHtml, run.env.sleep ?? realSleep);
  if (!outcome.ok) {
    run.issue(action.pointer, `The request to ${request.url} failed: ${outcome.reason}.`);
    if (model.fallback === null) return 'next';
    chain.goto([model.fallback], action.pointer);
    return 'jumped';
  }
  const { writes, problems } = responseWrites(model, outcome.response);
  for (const w of writes) run.set(w.scope, w.name, w.value);
  for (const p of problems) run.issue(action.pointer, p);
  return 'next';
}
