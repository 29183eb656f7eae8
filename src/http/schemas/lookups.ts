// TypeBox schemas of the capability lookups (spec endpoints 10–12).
import { Type } from 'typebox';
import { LINE_TYPES, type LineType, VALIDATION_ERRORS, type ValidationError } from '../../lookup/index.js';
import { NANP_PATTERN, SERVER_RULE } from '../../formats.js';
import { IdParam, Nullable } from './common.js';

export const PhoneCapabilityObject = Type.Object({
  callingCountryCode: Type.String({ description: 'Country calling code (E.164) without "+", e.g. "44"; "" when the input is not a number.' }),
  countryCode: Type.String({ description: 'ISO 3166-1 alpha-2 region of the number; "001" for non-geographic numbers; "" when it cannot be told.' }),
  carrierName: Nullable(Type.String(), { description: 'Carrier the number\'s range was assigned to; null for the line types the spec lists and when no data says.' }),
  mobileCountryCode: Nullable(Type.String(), { description: 'Three-digit mobile country code (ITU-T E.212); null for the line types the spec lists and when no data says.' }),
  lineType: Type.Unsafe<LineType>({ type: 'string', enum: [...LINE_TYPES], description: 'See docs/lookups.md for how libphonenumber\'s types map onto these.' }),
  format: Type.String({ description: 'National format; "" when the input is not a number.' }),
  phoneNumber: Type.String({ description: 'E.164 form; "" when the input is not a number.' }),
  valid: Type.Boolean({ description: 'libphonenumber\'s isValid(): the number is in a range that can be assigned.' }),
  validationErrors: Type.Array(Type.Unsafe<ValidationError>({ type: 'string', enum: [...VALIDATION_ERRORS] }), { description: 'Why the number is invalid; empty when valid.' }),
}, { title: 'PhoneNumberCapability' });

export const RcsCapabilityObject = Type.Object({
  rbmEnabled: Type.Boolean({ description: 'Whether RBM can reach the number for the agent asked.' }),
  features: Type.Array(Type.String(), { description: 'RBM features the device supports, as Google names them (e.g. RICHCARD_STANDALONE).' }),
  name: Type.Null({ description: 'Reserved for future use.' }),
}, { title: 'RcsCapability' });

const phoneNumber = Type.String({ description: 'The number; any string is accepted and judged by the lookup.' });

/** Spec rule 2: the RCS lookups take a NANP long code only. */
const longCode = Type.String({
  pattern: NANP_PATTERN, description: 'A 10-digit NANP long code, written +1NXXNXXXXXX or NXXNXXXXXX.',
  [SERVER_RULE]: 'A number the NANP assigns to fixed or mobile lines (libphonenumber\'s metadata).',
});

export const PhoneNumberParam = Type.Object({ phone_number: phoneNumber });

export const LongCodeParam = Type.Object({ phone_number: longCode });

export const ChannelPhoneNumberParams = Type.Object({ ...IdParam('channel_id', 'RCS channel').properties, phone_number: longCode });

export const PhoneCapabilityQuery = Type.Object({
  countryCode: Type.Optional(Type.String({
    pattern: '^[A-Za-z]{2}$', description: 'ISO 3166-1 alpha-2 region a number without "+" is read in (national format), e.g. GB.',
    [SERVER_RULE]: 'A region libphonenumber knows (any case).',
  })),
});
