// What Parley stores in a pg-boss job's data: the payload plus the retry policy pg-boss's own columns cannot express (millisecond delays).
import type { JobPolicy } from '../policy.js';

type RetryPolicy = Pick<JobPolicy, 'retryLimit' | 'retryDelayMs' | 'retryBackoff'>;

export interface Envelope {
  data: unknown;
  policy: RetryPolicy;
}

/** JSON text, built around the already-encoded payload so it is not parsed and encoded twice. */
export function encodeEnvelope(dataJson: string, policy: RetryPolicy): string {
  const head = JSON.stringify({ retryLimit: policy.retryLimit, retryDelayMs: policy.retryDelayMs, retryBackoff: policy.retryBackoff });
  return `${head.slice(0, -1)},"data":${dataJson}}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads an envelope; a job some other pg-boss client sent is taken whole as the payload, with the defaults. */
export function decodeEnvelope(value: unknown): Envelope {
  if (isRecord(value) && 'data' in value && typeof value.retryLimit === 'number'
    && typeof value.retryDelayMs === 'number' && typeof value.retryBackoff === 'boolean') {
    return { data: value.data, policy: { retryLimit: value.retryLimit, retryDelayMs: value.retryDelayMs, retryBackoff: value.retryBackoff } };
  }
  return { data: value, policy: { retryLimit: 0, retryDelayMs: 1000, retryBackoff: true } };
}
