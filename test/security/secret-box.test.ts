// AES-256-GCM sealing: round trip, fresh IV per seal, tampering detected.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox } from '../../src/security/secret-box.js';

describe('SecretBox', () => {
  const box = new SecretBox(crypto.randomBytes(32));

  it('opens what it sealed, and sealing twice differs', () => {
    const a = box.seal('page-token-é✓');
    expect(box.open(a)).toBe('page-token-é✓');
    expect(box.seal('page-token-é✓')).not.toBe(a);
    expect(a).not.toContain('page-token');
  });

  it('refuses tampered ciphertext and another key', () => {
    const sealed = box.seal('secret');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    expect(() => box.open([...parts.slice(0, 3), body.toString('base64url')].join('.'))).toThrow();
    expect(() => new SecretBox(crypto.randomBytes(32)).open(sealed)).toThrow();
    expect(() => box.open('garbage')).toThrow('unknown format');
  });

  it('needs a 32-byte key', () => {
    expect(() => new SecretBox(Buffer.alloc(16))).toThrow();
  });
});
