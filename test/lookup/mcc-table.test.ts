// The MCC table: an entry for every region libphonenumber knows, three-digit E.212 codes, known values.
import examples from 'libphonenumber-js/examples.mobile.json';
import { getCountries, getExampleNumber } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import { MCC_BY_REGION, primaryMcc } from '../../src/lookup/mcc-table.js';

describe('MCC table', () => {
  it('has an entry, null or a list of three-digit codes, for exactly the regions libphonenumber knows', () => {
    expect(Object.keys(MCC_BY_REGION).sort()).toEqual([...getCountries()].sort());
    for (const [region, mccs] of Object.entries(MCC_BY_REGION)) {
      if (mccs === null) continue;
      expect(mccs.length, region).toBeGreaterThan(0);
      for (const mcc of mccs) expect(mcc, region).toMatch(/^[2-7]\d\d$/);
      expect(new Set(mccs).size, region).toBe(mccs.length);
    }
  });

  it('answers for every region with a mobile network: every region with an example mobile number but the few it cannot name', () => {
    const unanswered = getCountries().filter((r) => getExampleNumber(r, examples) !== undefined && primaryMcc(r) === null);
    expect(unanswered).toEqual(['IO']);
  });

  it.each([
    ['GB', '234'], ['US', '310'], ['CA', '302'], ['DE', '262'], ['FR', '208'], ['IN', '404'], ['JP', '440'], ['CN', '460'],
    ['BR', '724'], ['AU', '505'], ['ZA', '655'], ['MX', '334'], ['RU', '250'], ['KZ', '401'], ['JE', '234'], ['AX', '244'],
    ['PR', '330'], ['RE', '647'], ['YT', '647'], ['XK', '221'], ['BS', '364'], ['JM', '338'],
  ])('%s → %s', (region, mcc) => {
    expect(primaryMcc(region)).toBe(mcc);
  });

  it('has no answer for what is not a region', () => {
    expect(primaryMcc('001')).toBeNull();
    expect(primaryMcc('ZZ')).toBeNull();
    expect(primaryMcc('constructor')).toBeNull();
  });
});
