// The number an RCS capability lookup accepts: a 10-digit NANP long code, with or without +1 (spec rule 2).
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { UnprocessableError } from '../../errors.js';
import { lineTypeOf } from '../line-types.js';

/** Long codes are geographic numbers; the NANP hands them out as fixed, mobile or either. */
const LONG_CODE_TYPES = new Set(['FIXED_LINE', 'MOBILE', 'FIXED_LINE_OR_MOBILE']);

/** The E.164 form (+1 and ten digits) of a valid NANP long code; anything else is a 422 naming what is wrong. */
export function nanpLongCode(input: string): string {
  const shown = input.length > 40 ? `${input.slice(0, 40)}…` : input;
  const digits = /^(?:\+1)?(\d{10})$/.exec(input)?.[1];
  if (digits === undefined) {
    throw new UnprocessableError(`phone_number must be a 10-digit NANP long code, written +1NXXNXXXXXX or NXXNXXXXXX; got "${shown}".`);
  }
  const number = parsePhoneNumberFromString(`+1${digits}`);
  if (number === undefined || !number.isValid()) {
    throw new UnprocessableError(`phone_number "${shown}" is not a valid NANP number: its area code or exchange is not in service.`);
  }
  const type = number.getType();
  if (type === undefined || !LONG_CODE_TYPES.has(type)) {
    throw new UnprocessableError(`phone_number "${shown}" is a ${lineTypeOf(type)} number, not a long code.`);
  }
  return number.number;
}
