// Turning an HTTP response into attribute writes, per the request's `response` and `responseHeaders` (shared by sync and async requests).
import { getAt, parsePath } from '../language/json-path.js';
import { jsonToText, parseJson } from '../language/json-value.js';
import { parseReference, type StoredScope } from '../language/reference.js';
import type { HttpResponse } from '../ports.js';

export interface ResponseWrite {
  scope: StoredScope;
  name: string;
  /** null removes the attribute (the mapped path was missing). */
  value: string | null;
}

export interface ResponseMapping {
  response: string | Record<string, unknown> | null;
  responseHeaders: string | Record<string, unknown> | null;
}

/** A writable stored attribute named in a mapping (`name`, `bot:name` …); null for anything else. */
function target(name: string): { scope: StoredScope; name: string } | null {
  const ref = parseReference(name);
  if (ref === null || ref.kind !== 'attribute' || ref.scope === 'sys' || ref.path.length > 0 || ref.suffix !== null) return null;
  return { scope: ref.scope, name: ref.name };
}

/**
 * `response` as a string stores the whole body in that attribute. As an object it maps attribute
 * names to JSON paths into the body (`"status": "order.status"`, `"$"` for the whole body).
 * `responseHeaders` likewise: a string stores every header as a JSON object, an object maps
 * attribute names to header names.
 */
export function responseWrites(mapping: ResponseMapping, res: HttpResponse): { writes: ResponseWrite[]; problems: string[] } {
  const writes: ResponseWrite[] = [];
  const problems: string[] = [];
  const put = (name: string, value: string | null) => {
    const t = target(name);
    if (t === null) problems.push(`"${name}" is not an attribute a response can be stored in.`);
    else writes.push({ ...t, value });
  };
  if (typeof mapping.response === 'string') put(mapping.response, res.body);
  else if (mapping.response !== null) {
    const parsed = parseJson(res.body);
    if (!parsed.ok) problems.push('The response is not JSON, so its fields could not be mapped.');
    for (const [name, path] of Object.entries(mapping.response)) {
      if (typeof path !== 'string') continue;
      const segments = parsePath(path);
      if (segments === null) {
        problems.push(`"${path}" is not a JSON path.`);
        continue;
      }
      const node = parsed.ok ? getAt(parsed.value, segments) : undefined;
      put(name, node === undefined || node === null ? null : jsonToText(node));
    }
  }
  if (typeof mapping.responseHeaders === 'string') put(mapping.responseHeaders, JSON.stringify(res.headers));
  else if (mapping.responseHeaders !== null) {
    for (const [name, header] of Object.entries(mapping.responseHeaders)) {
      if (typeof header === 'string') put(name, res.headers[header.toLowerCase()] ?? null);
    }
  }
  return { writes, problems };
}

/** Whether a response counts as the request failing: an error status, or HTML where HTML is not allowed. */
export function responseFailure(res: HttpResponse, allowHtml: boolean): string | null {
  if (res.status >= 400) return `the server answered ${res.status}`;
  if (!allowHtml && /^text\/html\b/i.test(res.headers['content-type'] ?? '')) return 'the server answered with an HTML page (allowHtml is false)';
  return null;
}
