// API tokens: never-expiring, revocable HS256 JWTs; only their jti and a SHA-256 hash are stored.
import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';
import { ownedBy, UnauthorizedError } from '../errors.js';
import type { Repositories } from '../store/index.js';
import type { CachedRecords } from './cached-records.js';
import { apiDate, isoNow, type Clock } from '../time.js';

export interface TokenInfo { id: string; name: string; dateCreated: string }
export interface NewToken extends TokenInfo { token: string }

const ISSUER = 'parley';

interface VerifiedToken { jti: string; sub: string; hash: string }

function sha256(text: string): string {
  return crypto.createHash('sha256').update(text).digest('hex');
}

export class TokenService {
  /** A KeyObject spares jose from importing the raw secret again on every verification. */
  private readonly key: crypto.KeyObject;
  /**
   * Tokens whose signature already verified, with their hash: a signature check and a hash are deterministic
   * for a given token and secret, so they are computed once; the token's row (revocation) is cached until a
   * revocation anywhere drops it (CachedRecords).
   */
  private readonly verified = new LRUCache<string, VerifiedToken>({ max: 10_000 });

  constructor(
    private readonly repos: Repositories,
    secret: Uint8Array,
    private readonly clock: Clock,
    private readonly records: Pick<CachedRecords, 'token' | 'changedToken'>,
  ) {
    this.key = crypto.createSecretKey(secret);
  }

  async create(accountId: number, name: string): Promise<NewToken> {
    const jti = crypto.randomUUID();
    const now = this.clock();
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER).setSubject(String(accountId)).setJti(jti).setIssuedAt(Math.floor(now.getTime() / 1000))
      .sign(this.key);
    const createdAt = now.toISOString();
    await this.repos.tokens.insert({ jti, accountId, name, tokenHash: sha256(token), createdAt });
    return { id: jti, name, token, dateCreated: apiDate(createdAt) };
  }

  async list(accountId: number): Promise<TokenInfo[]> {
    return (await this.repos.tokens.listActive(accountId)).map((t) => ({ id: t.jti, name: t.name, dateCreated: apiDate(t.createdAt) }));
  }

  async revoke(accountId: number, id: string): Promise<void> {
    const row = ownedBy(await this.repos.tokens.find(id), accountId, 'Token', id);
    await this.repos.tokens.revoke(row.jti, isoNow(this.clock));
    await this.records.changedToken(row.jti);
  }

  /** The account a bearer token acts for; any doubt is a 401. */
  async authenticate(token: string): Promise<number> {
    const { jti, sub, hash } = this.verified.get(token) ?? await this.verifySignature(token);
    const row = await this.records.token(jti);
    if (row === undefined || String(row.accountId) !== sub || row.tokenHash !== hash) {
      throw new UnauthorizedError('The API token is not valid.');
    }
    if (row.revokedAt !== null) throw new UnauthorizedError('The API token has been revoked.');
    return row.accountId;
  }

  /**
   * The token's id when this server signed it (revoked or not), else null: what rate limiting counts by,
   * so that made-up tokens share their sender's allowance instead of each opening a new one.
   */
  async signedId(token: string): Promise<string | null> {
    try {
      return (this.verified.get(token) ?? await this.verifySignature(token)).jti;
    } catch {
      return null;
    }
  }

  private async verifySignature(token: string): Promise<VerifiedToken> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], issuer: ISSUER });
      if (typeof payload.jti !== 'string' || typeof payload.sub !== 'string') throw new Error('claims missing');
      const claims = { jti: payload.jti, sub: payload.sub, hash: sha256(token) };
      this.verified.set(token, claims);
      return claims;
    } catch {
      throw new UnauthorizedError('The API token is not valid.');
    }
  }
}
