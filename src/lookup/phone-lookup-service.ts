// Phone number capability (spec endpoint 12): libphonenumber's analysis, the provider's carrier answer (cached), and the spec's null rules.
import type { CountryCode } from 'libphonenumber-js/max';
import { LRUCache } from 'lru-cache';
import { UnprocessableError } from '../errors.js';
import { cacheClock } from './cache-clock.js';
import type { CarrierAnswer, CarrierLookupProvider, CarrierQuery } from './carrier-provider.js';
import { LINE_TYPES_WITHOUT_NETWORK, type LineType } from './line-types.js';
import { analyzePhoneNumber, isKnownRegion, type NumberAnalysis, type ValidationError } from './phone-number.js';

/** The spec's Phone number capability object. */
export interface PhoneCapability {
  callingCountryCode: string;
  countryCode: string;
  carrierName: string | null;
  mobileCountryCode: string | null;
  lineType: LineType;
  format: string;
  phoneNumber: string;
  valid: boolean;
  validationErrors: ValidationError[];
}

export interface PhoneLookupOptions {
  /** Provider answers kept; 0 turns the cache off. */
  cacheMax: number;
  cacheTtlSeconds: number;
  /** Milliseconds on a monotonic clock, for the TTL; tests move it instead of waiting. */
  now?: () => number;
}

export class PhoneLookupService {
  private readonly cache: LRUCache<string, CarrierAnswer, CarrierQuery> | null;

  constructor(private readonly provider: CarrierLookupProvider, options: PhoneLookupOptions) {
    // Keyed by E.164: a provider's answer depends on the number alone, however the caller wrote it.
    // Concurrent lookups of one number share one provider call; a failed call is not remembered.
    this.cache = options.cacheMax === 0 ? null : new LRUCache<string, CarrierAnswer, CarrierQuery>({
      max: options.cacheMax,
      ttl: options.cacheTtlSeconds * 1000,
      ...cacheClock(options.now),
      fetchMethod: (_key, _stale, { context }) => provider.lookup(context),
    });
  }

  /** `countryCode` is the region a number without '+' is read in (ISO 3166 alpha-2, any case). */
  async lookup(input: string, countryCode?: string): Promise<PhoneCapability> {
    let region: CountryCode | undefined;
    if (countryCode !== undefined) {
      const upper = countryCode.toUpperCase();
      if (!isKnownRegion(upper)) {
        throw new UnprocessableError(`countryCode "${countryCode}" is not a region libphonenumber knows; give an ISO 3166-1 alpha-2 code such as GB.`);
      }
      region = upper;
    }
    const number = analyzePhoneNumber(input, region);
    // Only a valid number has a line type to ask about; the spec gives an invalid one no carrier or MCC.
    if (!number.valid) return present(number, 'unknown', {});
    const answer = await this.carrierAnswer(query(number));
    return present(number, answer.lineType ?? number.lineType, answer);
  }

  private async carrierAnswer(q: CarrierQuery): Promise<CarrierAnswer> {
    if (this.cache === null) return this.provider.lookup(q);
    return (await this.cache.fetch(q.phoneNumber, { context: q })) ?? {};
  }
}

function query(number: NumberAnalysis): CarrierQuery {
  return {
    phoneNumber: number.phoneNumber, countryCode: number.countryCode, callingCountryCode: number.callingCountryCode,
    nationalNumber: number.nationalNumber, numberType: number.numberType, lineType: number.lineType,
  };
}

function present(number: NumberAnalysis, lineType: LineType, answer: CarrierAnswer): PhoneCapability {
  const noNetwork = LINE_TYPES_WITHOUT_NETWORK.has(lineType);
  return {
    callingCountryCode: number.callingCountryCode,
    countryCode: number.countryCode,
    carrierName: noNetwork ? null : (answer.carrierName ?? null),
    mobileCountryCode: noNetwork ? null : (answer.mobileCountryCode ?? null),
    lineType,
    format: number.format,
    phoneNumber: number.phoneNumber,
    valid: number.valid,
    validationErrors: number.validationErrors,
  };
}
