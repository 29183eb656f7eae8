// Date-times the teams API takes (token expiry, audit bounds): ISO 8601, and without a zone the API's own UTC.
import { UnprocessableError } from '../../errors.js';
import { INSTANT_PATTERN } from '../../formats.js';

const INSTANT = new RegExp(INSTANT_PATTERN);

export function instantOf(text: string, field: string): Date {
  const at = new Date(/[zZ]|[+-]\d\d:\d\d$/.test(text) ? text : `${text}Z`);
  // The calendar too: Date rolls 2026-02-30 over into March.
  if (!INSTANT.test(text) || Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== utcDay(text, at)) {
    throw new UnprocessableError(`${field} "${text}" is not a date-time (yyyy-mm-ddThh:mm:ss, UTC).`);
  }
  return at;
}

/** The day `text` names, as the UTC day `at` should fall on: its own when it is in UTC, else `at`'s (a zone may move it). */
function utcDay(text: string, at: Date): string {
  return /[+-]\d\d:\d\d$/.test(text) ? at.toISOString().slice(0, 10) : text.slice(0, 10);
}
