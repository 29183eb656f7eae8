// The platform's error bodies ({"error": {message, type, code, error_subcode, fbtrace_id}}) read, described, and sorted into worth-retrying or final.
import { isRetryableStatus, retryAfterMs } from '../shared/retry.js';
import type { GraphResponse } from './graph-http.js';

export interface GraphError {
  message: string | null;
  type: string | null;
  code: number | null;
  subcode: number | null;
  traceId: string | null;
}

export function readGraphError(json: unknown): GraphError | null {
  if (json === null || typeof json !== 'object') return null;
  const e = (json as { error?: unknown }).error;
  if (e === null || typeof e !== 'object') return null;
  const o = e as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v.slice(0, 500) : null);
  const num = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : typeof v === 'string' && /^\d{1,12}$/.test(v) ? Number(v) : null);
  return { message: str(o.message), type: str(o.type), code: num(o.code), subcode: num(o.error_subcode), traceId: str(o.fbtrace_id) };
}

/**
 * Codes the platform documents as passing: 1 unknown error (but 1/99, missing permissions, is not), 2 service
 * unavailable, 4/17/32/613 rate limits, 341 application limit, 1200 temporary send failure.
 */
const TRANSIENT = new Set([1, 2, 4, 17, 32, 341, 613, 1200]);
const PERMANENT_SUBCODES = new Map([[1, new Set([99])]]);

/** Whether another try may succeed: timeouts, 5xx, 429 and the transient codes; everything else (190 token, 10/200 permission, 100 parameter, 551 person unavailable) is final. */
export function isTransient(status: number, error: GraphError | null): boolean {
  if (error?.code !== null && error?.code !== undefined) {
    if (PERMANENT_SUBCODES.get(error.code)?.has(error.subcode ?? -1)) return false;
    if (TRANSIENT.has(error.code)) return true;
    return status >= 500;
  }
  return isRetryableStatus(status);
}

export function describeGraphError(status: number, error: GraphError | null): string {
  if (error === null) return `the messenger platform answered ${status}`;
  const codes = [
    error.code === null ? null : `code ${error.code}`,
    error.subcode === null ? null : `subcode ${error.subcode}`,
    error.traceId === null ? null : `fbtrace_id ${error.traceId}`,
  ].filter((p) => p !== null).join(', ');
  return `the messenger platform answered ${status}: ${error.message ?? error.type ?? 'an error'}${codes === '' ? '' : ` (${codes})`}`;
}

/**
 * How long to wait before another try, when the platform says: Retry-After, else the longest
 * estimated_time_to_regain_access (minutes) of its X-Business-Use-Case-Usage report. undefined: back off as usual.
 */
export function retryDelayMs(res: Pick<GraphResponse, 'retryAfter' | 'businessUseCase'>, now: Date): number | undefined {
  const asked = retryAfterMs(res.retryAfter, now);
  if (asked !== undefined) return asked;
  if (res.businessUseCase !== null) {
    let minutes = 0;
    try {
      const report = JSON.parse(res.businessUseCase) as unknown;
      if (report !== null && typeof report === 'object') {
        for (const uses of Object.values(report)) {
          if (!Array.isArray(uses)) continue;
          for (const use of uses) {
            const m = (use as { estimated_time_to_regain_access?: unknown } | null)?.estimated_time_to_regain_access;
            if (typeof m === 'number' && Number.isFinite(m)) minutes = Math.max(minutes, m);
          }
        }
      }
    } catch { /* an unreadable report says nothing */ }
    if (minutes > 0) return minutes * 60_000;
  }
  return undefined;
}
