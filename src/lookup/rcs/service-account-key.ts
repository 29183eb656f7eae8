// A Google service-account key (the JSON file Google issues), checked before use: fields, RSA private key, and token_uri against the allow-list.
import crypto, { type KeyObject } from 'node:crypto';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { LRUCache } from 'lru-cache';

const KeyFile = Type.Object({
  type: Type.Literal('service_account'),
  client_email: Type.String({ minLength: 3, maxLength: 320 }),
  private_key: Type.String({ minLength: 1 }),
  private_key_id: Type.Optional(Type.String({ maxLength: 200 })),
  token_uri: Type.String({ minLength: 1, maxLength: 2000 }),
});

export interface ServiceAccountKey {
  clientEmail: string;
  privateKeyId: string | null;
  privateKey: KeyObject;
  /** As written in the key: the assertion's audience must be exactly this. */
  tokenUri: string;
  /** Names this credential in caches without holding on to the key material. */
  fingerprint: string;
}

/** Why a key cannot be used. The message names fields only, never their values: a key is a secret. */
export class ServiceAccountKeyProblem extends Error {
  override name = 'ServiceAccountKeyProblem';
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Parses a key and refuses one whose token_uri host (host and port, as URL.host has them) is not on
 * `allowedTokenHosts`: the key travels with a channel an API user supplies, so its token_uri must not
 * be able to aim this server's requests at an internal address. Plain http is refused except on
 * loopback, where only a test's fake can listen.
 */
export function parseServiceAccountKey(json: string, allowedTokenHosts: readonly string[]): ServiceAccountKey {
  // Every RCS delivery reads its channel's key: parsing the PEM each time was a fifth of a journey's server CPU
  // (createPrivateKey, `npm run bench -- journey` profiled). A parsed key is immutable and kept per text and allow-list.
  const cacheKey = `${allowedTokenHosts.join(',')}\n${json}`;
  const known = parsedKeys.get(cacheKey);
  if (known !== undefined) return known;
  const parsed = readServiceAccountKey(json, allowedTokenHosts);
  parsedKeys.set(cacheKey, parsed);
  return parsed;
}

/** Keys parsed lately; a refused text is not kept (it is refused again, with its reason). */
const parsedKeys = new LRUCache<string, ServiceAccountKey>({ max: 1_000 });

function readServiceAccountKey(json: string, allowedTokenHosts: readonly string[]): ServiceAccountKey {
  let document: unknown;
  try {
    document = JSON.parse(json);
  } catch {
    // JSON.parse's message quotes the text, which is secret.
    throw new ServiceAccountKeyProblem('it is not JSON; it must be the service-account key file Google issues, as is');
  }
  if (!Value.Check(KeyFile, document)) {
    const first = Value.Errors(KeyFile, document)[0];
    const missing = (first?.params as { requiredProperties?: string[] } | undefined)?.requiredProperties;
    const what = missing !== undefined ? `${missing.join(', ')} missing` : `${first?.instancePath.slice(1) || 'the document'} ${first?.message ?? 'is not valid'}`;
    throw new ServiceAccountKeyProblem(`${what} (a service-account key has type "service_account", client_email, private_key and token_uri)`);
  }
  let tokenUrl: URL;
  try {
    tokenUrl = new URL(document.token_uri);
  } catch {
    throw new ServiceAccountKeyProblem('token_uri is not an absolute URL');
  }
  const host = tokenUrl.host.toLowerCase();
  if (!allowedTokenHosts.includes(host)) {
    throw new ServiceAccountKeyProblem(`token_uri host "${host}" is not on the server's allow-list RBM_TOKEN_HOSTS (${allowedTokenHosts.join(', ')})`);
  }
  if (tokenUrl.protocol !== 'https:' && !(tokenUrl.protocol === 'http:' && LOOPBACK_HOSTS.has(tokenUrl.hostname))) {
    throw new ServiceAccountKeyProblem('token_uri must use https');
  }
  let privateKey: KeyObject;
  try {
    privateKey = crypto.createPrivateKey({ key: document.private_key, format: 'pem' });
  } catch {
    throw new ServiceAccountKeyProblem('private_key is not a PEM private key');
  }
  if (privateKey.asymmetricKeyType !== 'rsa') throw new ServiceAccountKeyProblem('private_key must be an RSA key (Google signs service-account assertions with RS256)');
  return {
    clientEmail: document.client_email,
    privateKeyId: document.private_key_id ?? null,
    privateKey,
    tokenUri: document.token_uri,
    fingerprint: crypto.createHash('sha256').update(`${document.client_email}\n${document.private_key}`).digest('hex').slice(0, 32),
  };
}
