// X-Twilio-Signature is checked against the URL with and without the scheme's default port, as the carrier's SDKs do.
import { describe, expect, it } from 'vitest';
import { signedUrlVariants, verifyCarrierSignature } from '../../../src/channels/sms/carrier/signature.js';
import { signRequest } from '../../fakes/carrier.js';

const TOKEN = '12345678901234567890123456789012';
const PARAMS: [string, string][] = [['Body', 'hello'], ['From', '+15558880001'], ['MessageSid', 'SM1']];

describe('the carrier signature', () => {
  it('holds when the carrier signed the URL with :443 and Parley sees it without, and the other way round', () => {
    const signedWith = signRequest(TOKEN, 'https://parley.example:443/hooks/dlc/3?x=1', PARAMS);
    expect(verifyCarrierSignature(TOKEN, 'https://parley.example/hooks/dlc/3?x=1', PARAMS, signedWith)).toBe(true);
    const signedWithout = signRequest(TOKEN, 'http://parley.example/hooks/dlc/3', PARAMS);
    expect(verifyCarrierSignature(TOKEN, 'http://parley.example:80/hooks/dlc/3', PARAMS, signedWithout)).toBe(true);
  });

  it('never trades one non-default port for another, nor accepts another path or token', () => {
    const signed = signRequest(TOKEN, 'https://parley.example:8443/hooks/dlc/3', PARAMS);
    expect(verifyCarrierSignature(TOKEN, 'https://parley.example/hooks/dlc/3', PARAMS, signed)).toBe(false);
    expect(verifyCarrierSignature(TOKEN, 'https://parley.example:8443/hooks/dlc/4', PARAMS, signed)).toBe(false);
    expect(verifyCarrierSignature(`${TOKEN}x`, 'https://parley.example:8443/hooks/dlc/3', PARAMS, signed)).toBe(false);
    expect(signedUrlVariants('https://parley.example:8443/a')).toEqual(['https://parley.example:8443/a']);
  });
});
