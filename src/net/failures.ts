// Maps whatever an outbound exchange threw onto the HttpFailure reasons the engine understands.
import { HttpFailure } from '../engine/ports.js';

const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT']);

/** The HttpFailure somewhere in an error's cause chain (undici and node:net sometimes wrap the one we raised). */
function findFailure(err: unknown): HttpFailure | null {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof HttpFailure) return e;
  }
  return null;
}

/**
 * `timedOut` wins over everything else: once the time limit aborted the exchange, whatever error
 * the abort produced is a consequence of it.
 */
export function toFailure(err: unknown, timedOut: boolean, timeoutMs: number): HttpFailure {
  if (timedOut) return new HttpFailure('timeout', `no complete answer within ${timeoutMs} ms`);
  const known = findFailure(err);
  if (known !== null) return known;
  const code = (err as { code?: unknown } | null)?.code;
  const text = err instanceof Error ? err.message : String(err);
  if (typeof code === 'string' && TIMEOUT_CODES.has(code)) return new HttpFailure('timeout', `${text} (${code})`);
  return new HttpFailure('network', typeof code === 'string' ? `${text} (${code})` : text);
}
