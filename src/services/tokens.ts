// API tokens: revocable HS256 JWTs with scopes and an optional expiry; only their jti and a SHA-256 hash are stored.
import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';
import { ForbiddenError, ownedBy, UnauthorizedError, UnprocessableError } from '../errors.js';
import type { Repositories, TokenRow } from '../store/index.js';
import type { CachedRecords } from './cached-records.js';
import { instantOf } from './teams/instant.js';
import { accountPrincipal, knownScopes, type Principal } from './teams/principal.js';
import { holds, isRole, isScope, rank, roleScopes, type Role, type Scope } from './teams/roles.js';
import { apiDate, isoNow, type Clock } from '../time.js';

export interface TokenInfo {
  id: string;
  name: string;
  dateCreated: string;
  scopes: Scope[];
  /** `yyyy-mm-ddThh:mm:ss` UTC, or null: the token never expires. */
  expiresAt: string | null;
  /** The member who made it; null for the account's own credential. */
  memberId: number | null;
}
export interface NewToken extends TokenInfo { token: string }

/** What a new token is asked to carry; absent scopes are all of its creator's. */
export interface TokenRequest {
  name: string;
  scopes?: string[];
  /** An ISO-8601 instant in the future; absent or null: never expires. */
  expiresAt?: string | null;
}

function infoOf(t: TokenRow): TokenInfo {
  return {
    id: t.jti, name: t.name, dateCreated: apiDate(t.createdAt), scopes: knownScopes(t.scopes),
    expiresAt: t.expiresAt === null ? null : apiDate(t.expiresAt), memberId: t.memberId,
  };
}

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

  /**
   * A new token for `creator` (a principal, or an account id for the account's own credential); its scopes never exceed
   * the creator's (422).
   */
  async create(creator: Principal | number, request: TokenRequest | string): Promise<NewToken> {
    const principal = typeof creator === 'number' ? accountPrincipal(creator) : creator;
    const { name, scopes: asked, expiresAt: expiresText } = typeof request === 'string' ? { name: request } : request;
    const accountId = principal.accountId;
    const now = this.clock();
    const scopes = this.grantable(principal, asked);
    const expiresAt = this.expiry(expiresText ?? null, now);
    const jti = crypto.randomUUID();
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER).setSubject(String(accountId)).setJti(jti).setIssuedAt(Math.floor(now.getTime() / 1000))
      .sign(this.key);
    const createdAt = now.toISOString();
    const memberId = principal.memberId;
    await this.repos.tokens.insert({ jti, accountId, name, tokenHash: sha256(token), createdAt, memberId, scopes, expiresAt });
    return { id: jti, name, token, dateCreated: apiDate(createdAt), scopes, expiresAt: expiresAt === null ? null : apiDate(expiresAt), memberId };
  }

  async list(accountId: number): Promise<TokenInfo[]> {
    return (await this.repos.tokens.listActive(accountId)).map(infoOf);
  }

  /** Owners and admins revoke any of the account's tokens; other members only those they made. */
  async revoke(principal: Principal | number, id: string): Promise<void> {
    const by = typeof principal === 'number' ? accountPrincipal(principal) : principal;
    const row = ownedBy(await this.repos.tokens.find(id), by.accountId, 'Token', id);
    if (rank(by.role) === 0 && (row.memberId === null || row.memberId !== by.memberId)) {
      throw new ForbiddenError(`Token ${id} was made by someone else; a ${by.role} revokes only their own tokens.`);
    }
    await this.repos.tokens.revoke(row.jti, isoNow(this.clock));
    await this.records.changedToken(row.jti);
  }

  /** Revokes every token of a member (removed from the account). */
  async revokeMemberTokens(memberId: number, db: Repositories = this.repos): Promise<string[]> {
    const rows = await db.tokens.listOfMember(memberId);
    const at = isoNow(this.clock);
    for (const row of rows) await db.tokens.revoke(row.jti, at);
    return rows.map((r) => r.jti);
  }

  /**
   * Narrows a member's tokens to what their new role allows (a promotion widens nothing); answers all of the member's
   * tokens, whose cached rows carry the old role and must be dropped.
   */
  async narrowMemberTokens(memberId: number, role: Role, db: Repositories = this.repos): Promise<string[]> {
    const allowed = roleScopes(role);
    const rows = await db.tokens.listOfMember(memberId);
    for (const row of rows) {
      const kept = knownScopes(row.scopes).filter((s) => allowed.includes(s));
      if (kept.length !== row.scopes.length) await db.tokens.setScopes(row.jti, kept);
    }
    return rows.map((r) => r.jti);
  }

  /** Drops this process's and every other's cached copy of these tokens, once their change has committed. */
  async changed(jtis: readonly string[]): Promise<void> {
    for (const jti of jtis) await this.records.changedToken(jti);
  }

  /** Who a bearer token acts as; any doubt is a 401. */
  async authenticate(token: string): Promise<Principal> {
    const { jti, sub, hash } = this.verified.get(token) ?? await this.verifySignature(token);
    const row = await this.records.token(jti);
    if (row === undefined || String(row.accountId) !== sub || row.tokenHash !== hash) {
      throw new UnauthorizedError('The API token is not valid.');
    }
    if (row.revokedAt !== null) throw new UnauthorizedError('The API token has been revoked.');
    if (row.expiresAt !== null && row.expiresAt <= isoNow(this.clock)) throw new UnauthorizedError('The API token has expired.');
    if (row.memberId === null) {
      const scopes = new Set(knownScopes(row.scopes));
      return { ...accountPrincipal(row.accountId, { tokenId: jti }), scopes };
    }
    // A member removed since: their tokens were revoked with them, but a token is never worth more than its member.
    if (row.memberRole === null || !isRole(row.memberRole)) throw new UnauthorizedError('The API token\'s member is no longer in the account.');
    const role = row.memberRole;
    const allowed = roleScopes(role);
    return {
      accountId: row.accountId, memberId: row.memberId, email: row.memberEmail, role, tokenId: jti, sessionId: null,
      scopes: new Set(knownScopes(row.scopes).filter((s) => allowed.includes(s))),
    };
  }

  /** The scopes a new token may carry: what was asked, each held by the creator, or all the creator holds. */
  private grantable(creator: Principal, asked: string[] | undefined): Scope[] {
    if (asked === undefined) return [...creator.scopes];
    const unknown = asked.filter((s) => !isScope(s));
    if (unknown.length > 0) throw new UnprocessableError(`Unknown scope${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`);
    const scopes = [...new Set(asked as Scope[])];
    const beyond = scopes.filter((s) => !holds(creator.scopes, s));
    if (beyond.length > 0) {
      throw new UnprocessableError(`A token cannot exceed its creator's access (${creator.role}): ${beyond.join(', ')} is beyond it.`);
    }
    return scopes;
  }

  private expiry(text: string | null, now: Date): string | null {
    if (text === null) return null;
    const at = instantOf(text, 'expiresAt');
    if (at.getTime() <= now.getTime()) throw new UnprocessableError('expiresAt must be in the future.');
    return at.toISOString();
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
