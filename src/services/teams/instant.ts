// Date-times the teams API takes (token expiry, audit bounds): ISO 8601, and without a zone the API's own UTC.
import { UnprocessableError } from '../../errors.js';

export function instantOf(text: string, field: string): Date {
  const at = new Date(/[zZ]|[+-]\d\d:\d\d$/.test(text) ? text : `${text}Z`);
  if (!/^\d{4}-\d\d-\d\d/.test(text) || Number.isNaN(at.getTime())) {
    throw new UnprocessableError(`${field} "${text}" is not a date-time (yyyy-mm-ddThh:mm:ss, UTC).`);
  }
  return at;
}
