// The broadcast preview's arithmetic: SMS segments by encoding, messenger parts.
import { describe, expect, it } from 'vitest';
import { howItGoes } from '../../web/console/src/pages/preview.js';

describe('how a broadcast arrives', () => {
  it('counts SMS segments in GSM-7 (extension characters count twice) and UCS-2', () => {
    expect(howItGoes('dlc', 'x'.repeat(160))).toBe('1 SMS segment (GSM-7, 160 characters).');
    expect(howItGoes('dlc', 'x'.repeat(161))).toBe('2 SMS segments (GSM-7, 161 characters).');
    expect(howItGoes('dsc', '€'.repeat(80))).toBe('1 SMS segment (GSM-7, 160 characters).');
    expect(howItGoes('dlc', 'ç'.repeat(70))).toBe('1 SMS segment (UCS-2, 70 characters).');
    expect(howItGoes('dlc', 'ç'.repeat(71))).toBe('2 SMS segments (UCS-2, 71 characters).');
  });

  it('splits messenger text by 2,000 characters, and sends one message elsewhere', () => {
    expect(howItGoes('fb', 'x'.repeat(2000))).toBe('One messenger message.');
    expect(howItGoes('fb', 'x'.repeat(4001))).toBe('3 messenger messages (2,000 characters each).');
    expect(howItGoes('web', 'x'.repeat(5000))).toBe('One message.');
  });
});
