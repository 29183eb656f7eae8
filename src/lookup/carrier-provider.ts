// The port a live line-type/carrier source plugs into; the built-in offline provider answers from libphonenumber's data.
import type { NumberType } from 'libphonenumber-js/max';
import type { LineType } from './line-types.js';

/** What a provider is asked about: a number libphonenumber found valid, with its own classification. */
export interface CarrierQuery {
  /** E.164, e.g. "+447400123456". */
  phoneNumber: string;
  /** ISO region libphonenumber assigned, e.g. "GB" ("001" for non-geographic numbers). */
  countryCode: string;
  /** Calling code digits, e.g. "44". */
  callingCountryCode: string;
  /** National significant number, e.g. "7400123456". */
  nationalNumber: string;
  /** libphonenumber's type of the number's range. */
  numberType: NumberType;
  /** The spec's line type for that range (see line-types.ts). */
  lineType: LineType;
}

/**
 * A provider's answer. A field left out means "no opinion" and the numbering-plan answer stands;
 * null means "known to have none". The spec's null rules for line types are applied afterwards
 * whatever a provider says.
 */
export interface CarrierAnswer {
  lineType?: LineType;
  carrierName?: string | null;
  /** Three digits. */
  mobileCountryCode?: string | null;
}

export interface CarrierLookupProvider {
  /** Names the provider in errors and logs. */
  readonly name: string;
  lookup(query: CarrierQuery): Promise<CarrierAnswer>;
}
