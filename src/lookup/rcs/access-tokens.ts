// OAuth 2.0 access tokens for a service account (JWT-bearer grant, RFC 7523), cached per key until shortly before they expire.
import { SignJWT } from 'jose';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { BadGatewayError } from '../../errors.js';
import { systemClock, type Clock } from '../../time.js';
import { callUpstream } from '../upstream-http.js';
import type { ServiceAccountKey } from './service-account-key.js';

const GRANT_TYPE = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
/** Google accepts assertions valid for at most an hour. */
const ASSERTION_LIFETIME_S = 3600;
/** A token this close to expiry is replaced, so a request never leaves with one that lapses on the way. */
const REFRESH_MARGIN_MS = 60_000;
/** Distinct keys remembered; past this the longest-held is dropped (it is fetched again if needed). */
const MAX_KEYS = 1000;

const TokenResponse = Type.Object({
  access_token: Type.String({ minLength: 1 }),
  expires_in: Type.Number({ minimum: 0 }),
  token_type: Type.Optional(Type.String()),
});

const TokenError = Type.Object({ error: Type.String(), error_description: Type.Optional(Type.String()) });

interface CachedToken {
  token: Promise<string>;
  /** Epoch ms after which the token is not handed out; Infinity while the request is in flight. */
  usableUntil: number;
}

export interface AccessTokenOptions {
  scope: string;
  timeoutMs: number;
  clock?: Clock;
}

export class AccessTokenSource {
  private readonly cache = new Map<string, CachedToken>();
  private readonly clock: Clock;

  constructor(private readonly options: AccessTokenOptions) {
    this.clock = options.clock ?? systemClock;
  }

  /** A bearer token for `key`; concurrent callers share one token request. */
  async token(key: ServiceAccountKey): Promise<string> {
    const id = cacheKey(key);
    const cached = this.cache.get(id);
    if (cached !== undefined && cached.usableUntil > this.clock().getTime()) return cached.token;
    const entry: CachedToken = { token: Promise.resolve(''), usableUntil: Number.POSITIVE_INFINITY };
    entry.token = this.request(key).then(
      ({ token, expiresInMs }) => {
        entry.usableUntil = this.clock().getTime() + expiresInMs - REFRESH_MARGIN_MS;
        return token;
      },
      (err: unknown) => {
        if (this.cache.get(id) === entry) this.cache.delete(id);
        throw err;
      },
    );
    this.cache.delete(id);
    this.cache.set(id, entry);
    if (this.cache.size > MAX_KEYS) this.cache.delete(this.cache.keys().next().value as string);
    return entry.token;
  }

  /** Drops `token` when the API refused it (revoked, or expired early), so the next call fetches another. */
  async forget(key: ServiceAccountKey, token: string): Promise<void> {
    const id = cacheKey(key);
    const cached = this.cache.get(id);
    if (cached !== undefined && (await cached.token.catch(() => null)) === token && this.cache.get(id) === cached) this.cache.delete(id);
  }

  private async request(key: ServiceAccountKey): Promise<{ token: string; expiresInMs: number }> {
    const issuedAt = Math.floor(this.clock().getTime() / 1000);
    const assertion = await new SignJWT({ scope: this.options.scope })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', ...(key.privateKeyId ? { kid: key.privateKeyId } : {}) })
      .setIssuer(key.clientEmail)
      .setAudience(key.tokenUri)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ASSERTION_LIFETIME_S)
      .sign(key.privateKey);
    const upstream = `The OAuth token endpoint ${new URL(key.tokenUri).host}`;
    const res = await callUpstream(upstream, new URL(key.tokenUri), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: GRANT_TYPE, assertion }).toString(),
      timeoutMs: this.options.timeoutMs,
    });
    if (res.status !== 200) {
      const reason = Value.Check(TokenError, res.json)
        ? `: ${res.json.error}${res.json.error_description ? ` (${res.json.error_description.slice(0, 200)})` : ''}`
        : '';
      throw new BadGatewayError(`${upstream} refused the service-account key of ${key.clientEmail} with ${res.status}${reason}.`);
    }
    if (!Value.Check(TokenResponse, res.json)) throw new BadGatewayError(`${upstream} answered 200 without an access_token and expires_in.`);
    return { token: res.json.access_token, expiresInMs: res.json.expires_in * 1000 };
  }
}

/** The token endpoint is part of the key: the same account behind two endpoints gets two tokens. */
function cacheKey(key: ServiceAccountKey): string {
  return `${key.fingerprint}\n${key.tokenUri}`;
}
