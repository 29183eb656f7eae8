// Request ids: a caller's X-Request-Id when it is a sane token (so one id follows a request across services), else a fresh UUID.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Letters, digits and `._:-`, at most 128: what tracing systems send, and nothing that could forge a log line. */
const SANE = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestId(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE.test(given) ? given : randomUUID();
}
