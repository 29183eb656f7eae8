// The default provider: carrier names from libphonenumber's prefix data and the MCC of the number's region, no network calls.
import type { NumberType } from 'libphonenumber-js/max';
import { CarrierPrefixTable } from './carrier-prefixes.js';
import type { CarrierAnswer, CarrierLookupProvider, CarrierQuery } from './carrier-provider.js';
import { primaryMcc } from './mcc-table.js';

/**
 * The types libphonenumber's own carrier mapper answers for (PhoneNumberToCarrierMapper only names a
 * carrier for numbers that may be mobile). Google's data names the carrier a range was first given
 * to, so a ported number shows its original carrier; a live provider knows the current one.
 */
const CARRIER_MAPPED_TYPES: ReadonlySet<NumberType> = new Set<NumberType>(['MOBILE', 'FIXED_LINE_OR_MOBILE', 'PAGER']);

export class OfflineCarrierProvider implements CarrierLookupProvider {
  readonly name = 'the built-in offline data';

  constructor(private readonly prefixes: CarrierPrefixTable = new CarrierPrefixTable()) {}

  async lookup(query: CarrierQuery): Promise<CarrierAnswer> {
    const carrierName = CARRIER_MAPPED_TYPES.has(query.numberType)
      ? await this.prefixes.carrierOf(query.callingCountryCode, query.nationalNumber)
      : null;
    return { lineType: query.lineType, carrierName, mobileCountryCode: primaryMcc(query.countryCode) };
  }
}
