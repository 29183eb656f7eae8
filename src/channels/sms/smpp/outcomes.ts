// What an SMSC's refusal of a submit_sm means for the message: try again later (busy, throttled, down) or give up (bad number, rejected).
import type { DeliveryOutcome } from '../../types.js';
import { statusText, STATUS } from './constants.js';

const THROTTLED = new Set<number>([STATUS.ESME_RTHROTTLED, STATUS.ESME_RMSGQFUL]);

/** Failures of the SMSC itself rather than of the message: they pass. */
const TRANSIENT = new Set<number>([STATUS.ESME_RSYSERR, STATUS.ESME_RX_T_APPN, STATUS.ESME_RSUBMITFAIL, STATUS.ESME_RUNKNOWNERR, STATUS.ESME_RINVBNDSTS]);

export function submitOutcome(status: number, throttleRetryMs: number): Extract<DeliveryOutcome, { kind: 'retry' | 'failed' }> {
  const reason = `the SMSC refused submit_sm: ${statusText(status)}`;
  if (THROTTLED.has(status)) return { kind: 'retry', reason, retryAfterMs: throttleRetryMs };
  if (TRANSIENT.has(status)) return { kind: 'retry', reason };
  return { kind: 'failed', reason };
}
