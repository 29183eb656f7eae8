// Parses and classifies a phone number with libphonenumber-js (full metadata), in libphonenumber's own validity terms.
import metadata from 'libphonenumber-js/metadata.max.json';
import {
  ParseError, isSupportedCountry, parsePhoneNumberWithError, validatePhoneNumberLength,
  type CountryCode, type NumberType, type PhoneNumber,
} from 'libphonenumber-js/max';
import { lineTypeOf, type LineType } from './line-types.js';

export const VALIDATION_ERRORS = ['TOO_SHORT', 'TOO_LONG', 'INVALID_BUT_POSSIBLE', 'INVALID_COUNTRY_CODE', 'INVALID_LENGTH', 'NOT_A_NUMBER'] as const;
export type ValidationError = (typeof VALIDATION_ERRORS)[number];

export interface NumberAnalysis {
  /** Calling code digits without '+', e.g. "44"; "" when none could be read. */
  callingCountryCode: string;
  /** ISO 3166 region; "001" for non-geographic numbers (libphonenumber's code); "" when undetermined. */
  countryCode: string;
  /** National format; "" when the input is not a number. */
  format: string;
  /** E.164; "" when the input is not a number. */
  phoneNumber: string;
  nationalNumber: string;
  valid: boolean;
  validationErrors: ValidationError[];
  /** libphonenumber's own type; undefined for invalid numbers. */
  numberType: NumberType;
  lineType: LineType;
}

/** Calling code → regions sharing it, main region first (libphonenumber's own table). */
const REGIONS_BY_CALLING_CODE = metadata.country_calling_codes as Record<string, string[]>;
/** Calling codes of non-geographic entities (+800, +808, +870, +881 …); the typings leave this part out. */
const NON_GEOGRAPHIC = (metadata as { nonGeographic?: Record<string, unknown> }).nonGeographic ?? {};

export function isKnownRegion(region: string): region is CountryCode {
  return isSupportedCountry(region);
}

/**
 * The spec's validity: `valid` is libphonenumber's isValid(); an invalid number carries the reason
 * libphonenumber gives — its parse error, else its length check (validatePhoneNumberLength), else
 * INVALID_BUT_POSSIBLE when the length is possible but no range of the region holds the number.
 *
 * Without '+' and without `region` the digits are read as international (calling code first), which
 * is what "with or without the + sign" means for E.164 input. With `region` they are read the way a
 * caller in that region would dial them (national format, or international without '+').
 */
export function analyzePhoneNumber(input: string, region?: CountryCode): NumberAnalysis {
  const text = input.trim();
  const international = text.startsWith('+') || region === undefined;
  const source = international && !text.startsWith('+') ? `+${text}` : text;
  const options = international ? {} : { defaultCountry: region };

  let parsed: PhoneNumber;
  try {
    parsed = parsePhoneNumberWithError(source, { ...options, extract: false });
  } catch (err) {
    if (!(err instanceof ParseError)) throw err;
    return unparsed(validationError(err.message));
  }

  const valid = parsed.isValid();
  const numberType = valid ? parsed.getType() : undefined;
  const errors: ValidationError[] = [];
  if (!valid) {
    const length = validatePhoneNumberLength(source, options);
    errors.push(length === undefined ? 'INVALID_BUT_POSSIBLE' : validationError(length));
  }
  const callingCode = String(parsed.countryCallingCode);
  return {
    callingCountryCode: callingCode,
    countryCode: regionOf(parsed, callingCode, international ? undefined : region),
    format: parsed.formatNational(),
    phoneNumber: String(parsed.number),
    nationalNumber: String(parsed.nationalNumber),
    valid,
    validationErrors: errors,
    numberType,
    lineType: lineTypeOf(numberType),
  };
}

/**
 * libphonenumber names the region of a valid number. For an invalid one it does what Java's
 * getRegionCodeForNumber does: the calling code's only region when it has one, nothing when the code
 * is shared (+1, +44, +7 …) — except that a number read in the caller's stated region belongs to it.
 */
function regionOf(parsed: PhoneNumber, callingCode: string, statedRegion: CountryCode | undefined): string {
  if (parsed.country !== undefined) return parsed.country;
  if (Object.hasOwn(NON_GEOGRAPHIC, callingCode)) return '001';
  const regions = REGIONS_BY_CALLING_CODE[callingCode] ?? [];
  if (regions.length === 1) return regions[0] ?? '';
  if (statedRegion !== undefined && regions.includes(statedRegion)) return statedRegion;
  return '';
}

function validationError(libphonenumberReason: string): ValidationError {
  // libphonenumber-js says INVALID_COUNTRY where libphonenumber (and the spec) say INVALID_COUNTRY_CODE.
  if (libphonenumberReason === 'INVALID_COUNTRY') return 'INVALID_COUNTRY_CODE';
  return (VALIDATION_ERRORS as readonly string[]).includes(libphonenumberReason) ? libphonenumberReason as ValidationError : 'NOT_A_NUMBER';
}

function unparsed(reason: ValidationError): NumberAnalysis {
  return {
    callingCountryCode: '', countryCode: '', format: '', phoneNumber: '', nationalNumber: '',
    valid: false, validationErrors: [reason], numberType: undefined, lineType: 'unknown',
  };
}
