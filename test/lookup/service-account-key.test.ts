// Service-account keys: the fields Google's key files have, an RSA private key, and token_uri only on an allowed host.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseServiceAccountKey, ServiceAccountKeyProblem } from '../../src/lookup/rcs/service-account-key.js';

const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const key = (overrides: Record<string, unknown> = {}) => JSON.stringify({
  type: 'service_account', project_id: 'p', private_key_id: 'abc123', private_key: pem,
  client_email: 'rbm@p.iam.gserviceaccount.com', token_uri: 'https://oauth2.googleapis.com/token', ...overrides,
});
const GOOGLE = ['oauth2.googleapis.com'];

function problem(json: string, hosts = GOOGLE): string {
  try {
    parseServiceAccountKey(json, hosts);
  } catch (err) {
    expect(err).toBeInstanceOf(ServiceAccountKeyProblem);
    const message = (err as Error).message;
    // Whatever is wrong, the message never carries key material.
    expect(message).not.toContain('PRIVATE KEY');
    expect(message).not.toContain(pem.slice(40, 80));
    return message;
  }
  throw new Error('expected the key to be refused');
}

describe('parseServiceAccountKey', () => {
  it('reads a Google key file', () => {
    const parsed = parseServiceAccountKey(key(), GOOGLE);
    expect(parsed).toMatchObject({ clientEmail: 'rbm@p.iam.gserviceaccount.com', privateKeyId: 'abc123', tokenUri: 'https://oauth2.googleapis.com/token' });
    expect(parsed.privateKey.asymmetricKeyType).toBe('rsa');
    expect(parsed.fingerprint).toMatch(/^[0-9a-f]{32}$/);
    expect(parseServiceAccountKey(key(), GOOGLE).fingerprint).toBe(parsed.fingerprint);
  });

  it('refuses a token_uri whose host (with port) is not on the allow-list', () => {
    expect(problem(key({ token_uri: 'https://169.254.169.254/token' }))).toContain('"169.254.169.254" is not on the server\'s allow-list');
    expect(problem(key({ token_uri: 'https://oauth2.googleapis.com.evil.example/token' }))).toContain('allow-list');
    expect(problem(key({ token_uri: 'https://oauth2.googleapis.com:8443/token' }))).toContain('"oauth2.googleapis.com:8443"');
    expect(problem(key({ token_uri: 'http://127.0.0.1:9999/token' }))).toContain('allow-list');
    expect(parseServiceAccountKey(key({ token_uri: 'http://127.0.0.1:9999/token' }), ['127.0.0.1:9999']).tokenUri).toBe('http://127.0.0.1:9999/token');
    expect(parseServiceAccountKey(key({ token_uri: 'https://OAuth2.googleapis.com/token' }), GOOGLE).clientEmail).toContain('@');
  });

  it('refuses plain http except on loopback', () => {
    expect(problem(key({ token_uri: 'http://oauth2.googleapis.com/token' }))).toContain('https');
  });

  it('names what is missing or malformed', () => {
    expect(problem('{not json')).toContain('not JSON');
    expect(problem(key({ private_key: undefined }))).toContain('private_key');
    expect(problem(key({ client_email: undefined }))).toContain('client_email');
    expect(problem(key({ type: 'authorized_user' }))).toContain('type');
    expect(problem(key({ token_uri: 'not a url' }))).toContain('token_uri');
    expect(problem(key({ private_key: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n' }))).toContain('private_key is not a PEM private key');
    const ec = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(problem(key({ private_key: ec }))).toContain('RSA');
  });
});
