// Phone number capability: every field, the spec's carrier/MCC null rules, a provider's answers, caching.
import { describe, expect, it } from 'vitest';
import type { CarrierAnswer, CarrierLookupProvider, CarrierQuery } from '../../src/lookup/carrier-provider.js';
import { LINE_TYPES_WITHOUT_NETWORK } from '../../src/lookup/line-types.js';
import { OfflineCarrierProvider } from '../../src/lookup/offline-carrier-provider.js';
import { PhoneLookupService } from '../../src/lookup/phone-lookup-service.js';
import { LINE_TYPE_EXAMPLES } from './examples.js';

/** A provider that claims a carrier and MCC for every number, and counts the questions it gets. */
class ClaimingProvider implements CarrierLookupProvider {
  readonly name = 'claiming';
  readonly asked: CarrierQuery[] = [];
  constructor(private readonly answer: (q: CarrierQuery) => CarrierAnswer = () => ({ carrierName: 'Claimed Mobile', mobileCountryCode: '999' })) {}
  async lookup(q: CarrierQuery): Promise<CarrierAnswer> {
    this.asked.push(q);
    return this.answer(q);
  }
}

const offline = () => new PhoneLookupService(new OfflineCarrierProvider(), { cacheMax: 100, cacheTtlSeconds: 60 });

describe('PhoneLookupService', () => {
  it('answers every field of the spec\'s object for a mobile number', async () => {
    expect(await offline().lookup('+447400123456')).toEqual({
      callingCountryCode: '44', countryCode: 'GB', carrierName: 'Three', mobileCountryCode: '234', lineType: 'mobile',
      format: '07400 123456', phoneNumber: '+447400123456', valid: true, validationErrors: [],
    });
  });

  it('answers the same with and without "+", and for the national form with countryCode', async () => {
    const service = offline();
    const expected = await service.lookup('+919876543210');
    expect(expected).toMatchObject({ countryCode: 'IN', lineType: 'mobile', carrierName: 'Airtel', mobileCountryCode: '404' });
    expect(await service.lookup('919876543210')).toEqual(expected);
    expect(await service.lookup('09876543210', 'IN')).toEqual(expected);
    expect(await service.lookup('09876543210', 'in')).toEqual(expected);
  });

  it.each(LINE_TYPE_EXAMPLES)('maps $number to lineType $lineType', async ({ number, lineType }) => {
    expect((await offline().lookup(number)).lineType).toBe(lineType);
  });

  it('nulls carrier and MCC for the line types the spec lists, whatever a provider claims', async () => {
    const service = new PhoneLookupService(new ClaimingProvider(), { cacheMax: 0, cacheTtlSeconds: 60 });
    for (const { number, lineType } of LINE_TYPE_EXAMPLES) {
      const answer = await service.lookup(number);
      if (LINE_TYPES_WITHOUT_NETWORK.has(lineType)) {
        expect(answer, lineType).toMatchObject({ carrierName: null, mobileCountryCode: null });
      } else {
        expect(answer, lineType).toMatchObject({ carrierName: 'Claimed Mobile', mobileCountryCode: '999' });
      }
    }
    expect([...LINE_TYPES_WITHOUT_NETWORK].sort()).toEqual(['pager', 'personal', 'premium', 'sharedCost', 'tollFree', 'uan', 'unknown', 'voicemail']);
  });

  it('gives null where the offline data has no answer, never a made-up one', async () => {
    const service = offline();
    // A landline: Google's carrier data covers mobile ranges only; the region still has an MCC.
    expect(await service.lookup('+441212345678')).toMatchObject({ lineType: 'landline', carrierName: null, mobileCountryCode: '234' });
    // A mobile range with no carrier entry.
    expect(await service.lookup('+393123456789')).toMatchObject({ lineType: 'mobile', carrierName: null, mobileCountryCode: '222' });
    // A region with no known MCC.
    const io = await service.lookup('+2463801234');
    expect(io).toMatchObject({ countryCode: 'IO', valid: true, mobileCountryCode: null });
    // NANP numbers are fixed-or-mobile: unknown, so neither.
    expect(await service.lookup('+12015550123')).toMatchObject({ lineType: 'unknown', carrierName: null, mobileCountryCode: null });
  });

  it('answers an invalid number with valid false, unknown line type and no carrier, without asking the provider', async () => {
    const provider = new ClaimingProvider();
    const service = new PhoneLookupService(provider, { cacheMax: 100, cacheTtlSeconds: 60 });
    expect(await service.lookup('+10005550100')).toEqual({
      callingCountryCode: '1', countryCode: '', carrierName: null, mobileCountryCode: null, lineType: 'unknown',
      format: '0005550100', phoneNumber: '+10005550100', valid: false, validationErrors: ['INVALID_BUT_POSSIBLE'],
    });
    expect(await service.lookup('not a number')).toMatchObject({ valid: false, validationErrors: ['NOT_A_NUMBER'], phoneNumber: '' });
    expect(provider.asked).toEqual([]);
  });

  it('lets a provider decide the line type: a VOIP range it knows is tied to a line becomes fixedVoip', async () => {
    const provider = new ClaimingProvider((q) => (q.numberType === 'VOIP' ? { lineType: 'fixedVoip', carrierName: 'Line Telecom' } : {}));
    const service = new PhoneLookupService(provider, { cacheMax: 100, cacheTtlSeconds: 60 });
    expect(await service.lookup('+445612345678')).toMatchObject({ lineType: 'fixedVoip', carrierName: 'Line Telecom', mobileCountryCode: null });
    // A provider that resolves a fixed-or-mobile NANP number to mobile gets carrier and MCC through.
    const resolving = new PhoneLookupService(new ClaimingProvider(() => ({ lineType: 'mobile', carrierName: 'Verizon Wireless', mobileCountryCode: '311' })), { cacheMax: 0, cacheTtlSeconds: 60 });
    expect(await resolving.lookup('+12015550123')).toMatchObject({ lineType: 'mobile', carrierName: 'Verizon Wireless', mobileCountryCode: '311' });
  });

  it('asks the provider with libphonenumber\'s classification', async () => {
    const provider = new ClaimingProvider();
    await new PhoneLookupService(provider, { cacheMax: 0, cacheTtlSeconds: 60 }).lookup('07400 123456', 'GB');
    expect(provider.asked).toEqual([{
      phoneNumber: '+447400123456', countryCode: 'GB', callingCountryCode: '44', nationalNumber: '7400123456', numberType: 'MOBILE', lineType: 'mobile',
    }]);
  });

  it('caches the provider\'s answer per E.164 number, however the number was written', async () => {
    const provider = new ClaimingProvider();
    const service = new PhoneLookupService(provider, { cacheMax: 100, cacheTtlSeconds: 60 });
    const first = await service.lookup('+447400123456');
    expect(await service.lookup('447400123456')).toEqual(first);
    expect(await service.lookup('07400123456', 'GB')).toEqual(first);
    await Promise.all([service.lookup('+447400123457'), service.lookup('+447400123457')]);
    expect(provider.asked.map((q) => q.phoneNumber)).toEqual(['+447400123456', '+447400123457']);
  });

  it('asks every time when the cache is off, and keeps no more answers than its bound', async () => {
    const uncached = new ClaimingProvider();
    const off = new PhoneLookupService(uncached, { cacheMax: 0, cacheTtlSeconds: 60 });
    await off.lookup('+447400123456');
    await off.lookup('+447400123456');
    expect(uncached.asked).toHaveLength(2);

    const bounded = new ClaimingProvider();
    const small = new PhoneLookupService(bounded, { cacheMax: 2, cacheTtlSeconds: 60 });
    for (const n of ['+447400123451', '+447400123452', '+447400123453', '+447400123451']) await small.lookup(n);
    expect(bounded.asked.map((q) => q.phoneNumber)).toEqual(['+447400123451', '+447400123452', '+447400123453', '+447400123451']);
  });

  it('asks again once an answer is older than the TTL', async () => {
    let now = 1_000_000;
    const provider = new ClaimingProvider();
    const service = new PhoneLookupService(provider, { cacheMax: 100, cacheTtlSeconds: 60, now: () => now });
    await service.lookup('+447400123456');
    now += 59_999;
    await service.lookup('+447400123456');
    expect(provider.asked).toHaveLength(1);
    now += 2;
    await service.lookup('+447400123456');
    expect(provider.asked).toHaveLength(2);
  });

  it('does not remember a failed provider call', async () => {
    let fail = true;
    const provider = new ClaimingProvider(() => {
      if (fail) throw new Error('provider down');
      return { carrierName: 'Back Up' };
    });
    const service = new PhoneLookupService(provider, { cacheMax: 100, cacheTtlSeconds: 60 });
    await expect(service.lookup('+447400123456')).rejects.toThrow('provider down');
    fail = false;
    expect((await service.lookup('+447400123456')).carrierName).toBe('Back Up');
  });

  it('refuses a countryCode libphonenumber does not know with 422', async () => {
    await expect(offline().lookup('07400123456', 'ZZ')).rejects.toMatchObject({ status: 422, message: expect.stringContaining('ZZ') });
  });
});
