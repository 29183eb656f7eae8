import { describe, expect, it } from 'vitest';
import { equalBytes, equalSecrets } from '../../src/security/constant-time.js';

describe('constant-time comparisons', () => {
  it('equalBytes holds only for the same bytes, and refuses another length without throwing', () => {
    expect(equalBytes(Buffer.from('signature'), Buffer.from('signature'))).toBe(true);
    expect(equalBytes(Buffer.from('signaturE'), Buffer.from('signature'))).toBe(false);
    expect(equalBytes(Buffer.from('sig'), Buffer.from('signature'))).toBe(false);
  });

  it('equalSecrets holds only for the same secret, whatever the lengths', () => {
    expect(equalSecrets('verify-token', 'verify-token')).toBe(true);
    expect(equalSecrets('verify-token', 'verify-tokeN')).toBe(false);
    expect(equalSecrets('verify-token', '')).toBe(false);
    expect(equalSecrets('verify-token', 'verify-token-and-more')).toBe(false);
  });
});
