// The spec's line types, and how libphonenumber's number types map onto them.
import type { NumberType } from 'libphonenumber-js/max';

export const LINE_TYPES = [
  'landline', 'mobile', 'fixedVoip', 'nonFixedVoip', 'personal', 'tollFree',
  'premium', 'sharedCost', 'uan', 'voicemail', 'pager', 'unknown',
] as const;

export type LineType = (typeof LINE_TYPES)[number];

/**
 * libphonenumber's classification, which comes from the numbering plan of the number's range, onto
 * the spec's values. Two mappings are judgement calls (docs/lookups.md explains them to users):
 * - VOIP → nonFixedVoip. libphonenumber's VOIP ranges (UK 056, France 09, …) are blocks a regulator set
 *   aside for internet telephony, obtainable online without a line. Whether one particular number is
 *   tied to a physical line (fixedVoip) is a fact about its subscriber that no numbering plan records,
 *   so only a live provider may say fixedVoip.
 * - FIXED_LINE_OR_MOBILE → unknown. Regions such as the NANP hand out fixed and mobile numbers from the
 *   same ranges; answering either would be a guess that decides whether someone sends an SMS.
 */
const FROM_LIBPHONENUMBER: Record<NonNullable<NumberType>, LineType> = {
  MOBILE: 'mobile',
  FIXED_LINE: 'landline',
  TOLL_FREE: 'tollFree',
  PREMIUM_RATE: 'premium',
  SHARED_COST: 'sharedCost',
  VOIP: 'nonFixedVoip',
  PERSONAL_NUMBER: 'personal',
  PAGER: 'pager',
  UAN: 'uan',
  VOICEMAIL: 'voicemail',
  FIXED_LINE_OR_MOBILE: 'unknown',
};

/** The spec's line type for a libphonenumber type; no type (an invalid number) is unknown. */
export function lineTypeOf(type: NumberType): LineType {
  return type === undefined ? 'unknown' : FROM_LIBPHONENUMBER[type];
}

/** The spec's rule: numbers of these line types have neither a carrier name nor a mobile country code. */
export const LINE_TYPES_WITHOUT_NETWORK: ReadonlySet<LineType> = new Set<LineType>([
  'personal', 'tollFree', 'premium', 'sharedCost', 'uan', 'voicemail', 'pager', 'unknown',
]);

export function isLineType(value: unknown): value is LineType {
  return typeof value === 'string' && (LINE_TYPES as readonly string[]).includes(value);
}
