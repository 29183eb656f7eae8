// RCS lookups take a 10-digit NANP long code with or without +1, and nothing else.
import { describe, expect, it } from 'vitest';
import { nanpLongCode } from '../../src/lookup/rcs/long-code.js';

describe('nanpLongCode', () => {
  it.each([
    ['+14155550100', '+14155550100'],
    ['4155550100', '+14155550100'],
    ['+12015550123', '+12015550123'],
    ['6135550123', '+16135550123'], // Canada
    ['8762101234', '+18762101234'], // Jamaica
  ])('accepts %s as %s', (input, e164) => {
    expect(nanpLongCode(input)).toBe(e164);
  });

  it.each([
    ['14155550100', 'written'], // 11 digits without '+'
    ['+1415555010', 'written'],
    ['+141555501000', 'written'],
    ['+447400123456', 'written'],
    ['415-555-0100', 'written'],
    ['', 'written'],
    ['abcdefghij', 'written'],
    ['0155550100', 'not a valid NANP number'],
    ['4151550100', 'not a valid NANP number'],
    ['8005550100', 'tollFree'],
    ['+18885550100', 'tollFree'],
    ['9005550100', 'premium'],
  ])('refuses %j with 422', (input, reason) => {
    expect(() => nanpLongCode(input)).toThrow(expect.objectContaining({ status: 422, message: expect.stringContaining(reason) }));
  });
});
