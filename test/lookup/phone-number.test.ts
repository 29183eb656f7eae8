// Phone-number analysis: libphonenumber's validity reasons, '+' or not, national numbers with a region, every line type.
import fc from 'fast-check';
import examples from 'libphonenumber-js/examples.mobile.json';
import { getCountries, getCountryCallingCode, getExampleNumber } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import { analyzePhoneNumber } from '../../src/lookup/phone-number.js';
import { LINE_TYPE_EXAMPLES } from './examples.js';

describe('analyzePhoneNumber', () => {
  it.each(LINE_TYPE_EXAMPLES)('classifies $number as $numberType → $lineType', ({ number, region, numberType, lineType }) => {
    const a = analyzePhoneNumber(number);
    expect(a).toMatchObject({ valid: true, validationErrors: [], countryCode: region, numberType, lineType, phoneNumber: number });
  });

  it('reads digits without "+" as an international number', () => {
    const withPlus = analyzePhoneNumber('+447400123456');
    expect(analyzePhoneNumber('447400123456')).toEqual(withPlus);
    expect(withPlus).toMatchObject({ callingCountryCode: '44', countryCode: 'GB', format: '07400 123456', phoneNumber: '+447400123456', nationalNumber: '7400123456' });
  });

  it('reads a national number in the region given, and an international one without "+" too', () => {
    expect(analyzePhoneNumber('07400 123456', 'GB')).toMatchObject({ valid: true, phoneNumber: '+447400123456', countryCode: 'GB' });
    expect(analyzePhoneNumber('7400123456', 'GB')).toMatchObject({ valid: true, phoneNumber: '+447400123456' });
    expect(analyzePhoneNumber('447400123456', 'GB')).toMatchObject({ valid: true, phoneNumber: '+447400123456' });
    // Without the region those national digits start with no calling code.
    expect(analyzePhoneNumber('07400123456').validationErrors).toEqual(['INVALID_COUNTRY_CODE']);
    // A '+' number is international whatever region is given.
    expect(analyzePhoneNumber('+33810123456', 'GB')).toMatchObject({ valid: true, countryCode: 'FR' });
  });

  it('accepts the punctuation people write numbers with', () => {
    for (const written of ['+44 7400 123456', '+44-7400-123-456', '+44 (0)7400 123456', ' +447400123456 ']) {
      expect(analyzePhoneNumber(written), written).toMatchObject({ valid: true, phoneNumber: '+447400123456' });
    }
  });

  it.each([
    ['abc', 'NOT_A_NUMBER'],
    ['', 'NOT_A_NUMBER'],
    ['hello+447400123456', 'NOT_A_NUMBER'],
    ['+44740012345x', 'NOT_A_NUMBER'],
    ['+999123456', 'INVALID_COUNTRY_CODE'],
    ['999123456', 'INVALID_COUNTRY_CODE'],
    ['+1', 'TOO_SHORT'],
    ['+441234', 'TOO_SHORT'],
    ['+4474001234567', 'TOO_LONG'],
    ['+4474001234', 'INVALID_LENGTH'],
    ['+10005550100', 'INVALID_BUT_POSSIBLE'],
    ['+442012345670123', 'TOO_LONG'],
  ])('gives %j the reason %s', (input, reason) => {
    const a = analyzePhoneNumber(input);
    expect(a.valid).toBe(false);
    expect(a.validationErrors).toEqual([reason]);
    expect(a.lineType).toBe('unknown');
    expect(a.numberType).toBeUndefined();
  });

  it('leaves every derived field empty when the input is not a number at all', () => {
    expect(analyzePhoneNumber('not a phone')).toEqual({
      callingCountryCode: '', countryCode: '', format: '', phoneNumber: '', nationalNumber: '',
      valid: false, validationErrors: ['NOT_A_NUMBER'], numberType: undefined, lineType: 'unknown',
    });
  });

  it('still reports what it read from an invalid but parseable number', () => {
    expect(analyzePhoneNumber('+10005550100')).toMatchObject({ callingCountryCode: '1', phoneNumber: '+10005550100', format: '0005550100', countryCode: '' });
    // A calling code with a single region names it even when the number is invalid; a shared one does not.
    expect(analyzePhoneNumber('+33123').countryCode).toBe('FR');
    expect(analyzePhoneNumber('+4474001234').countryCode).toBe('');
    // A national number read in the region given belongs to it.
    expect(analyzePhoneNumber('074001234', 'GB')).toMatchObject({ valid: false, countryCode: 'GB', callingCountryCode: '44' });
  });

  it('names non-geographic numbers with libphonenumber\'s region 001', () => {
    expect(analyzePhoneNumber('+80012345678')).toMatchObject({ valid: true, countryCode: '001', callingCountryCode: '800', lineType: 'tollFree' });
  });

  it('finds every region\'s example mobile number valid, mobile (or unknown where fixed and mobile share ranges)', () => {
    const regions = getCountries();
    expect(regions.length).toBeGreaterThan(240);
    for (const region of regions) {
      const example = getExampleNumber(region, examples);
      expect(example, region).toBeDefined();
      const a = analyzePhoneNumber(example!.number);
      expect(a.valid, region).toBe(true);
      expect(['mobile', 'unknown'], region).toContain(a.lineType);
      expect(a.callingCountryCode, region).toBe(getCountryCallingCode(region));
      // Regions sharing a calling code may resolve to the main region of the code when ranges overlap.
      expect(getCountries().filter((r) => getCountryCallingCode(r) === a.callingCountryCode), region).toContain(a.countryCode);
    }
  });

  it('never throws, and is consistent, for any input', () => {
    const input = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ unit: 'grapheme', maxLength: 20 }),
      fc.stringMatching(/^\+?[0-9 ()\-.]{0,25}$/),
      fc.string({ maxLength: 400 }),
    );
    const region = fc.option(fc.constantFrom(...getCountries()), { nil: undefined });
    fc.assert(fc.property(input, region, (text, r) => {
      const a = analyzePhoneNumber(text, r);
      expect(a.valid).toBe(a.validationErrors.length === 0);
      expect(a.validationErrors.length).toBeLessThanOrEqual(1);
      if (a.valid) expect(a.phoneNumber).toMatch(/^\+[1-9]\d{1,17}$/);
      if (a.phoneNumber === '') expect(a.validationErrors).toEqual([expect.stringMatching(/^(NOT_A_NUMBER|INVALID_COUNTRY_CODE|TOO_SHORT|TOO_LONG)$/)]);
    }), { numRuns: 3000 });
  });
});
