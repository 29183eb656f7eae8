// API tokens: only the `jti` and a hash of each token are kept, with the member who made it, its scopes and expiry.
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { runCompiled } from './compiled.js';

export interface TokenRow {
  jti: string;
  accountId: number;
  name: string;
  tokenHash: string;
  createdAt: string;
  revokedAt: string | null;
  /** The member who made it; null for the account's own credential. */
  memberId: number | null;
  scopes: string[];
  expiresAt: string | null;
  /** The member's role and e-mail now (read with the token, so one read authenticates). */
  memberRole: string | null;
  memberEmail: string | null;
}

interface JoinedRow {
  jti: string; account_id: number; name: string; token_hash: string; created_at: string; revoked_at: string | null;
  member_id: number | null; scopes: string; expires_at: string | null; member_role: string | null; member_email: string | null;
}

function toRow(r: JoinedRow): TokenRow {
  return {
    jti: r.jti, accountId: r.account_id, name: r.name, tokenHash: r.token_hash, createdAt: r.created_at, revokedAt: r.revoked_at,
    memberId: r.member_id, scopes: JSON.parse(r.scopes) as string[], expiresAt: r.expires_at, memberRole: r.member_role, memberEmail: r.member_email,
  };
}

function joined(db: Kysely<Database>) {
  return db.selectFrom('api_tokens').leftJoin('members', 'members.id', 'api_tokens.member_id').select([
    'api_tokens.jti', 'api_tokens.account_id', 'api_tokens.name', 'api_tokens.token_hash', 'api_tokens.created_at', 'api_tokens.revoked_at',
    'api_tokens.member_id', 'api_tokens.scopes', 'api_tokens.expires_at', 'members.role as member_role', 'members.email as member_email',
  ]);
}

export class TokenRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Omit<TokenRow, 'revokedAt' | 'memberRole' | 'memberEmail'>): Promise<void> {
    await this.db.insertInto('api_tokens').values({
      jti: row.jti, account_id: row.accountId, name: row.name, token_hash: row.tokenHash, created_at: row.createdAt, revoked_at: null,
      member_id: row.memberId, scopes: JSON.stringify(row.scopes), expires_at: row.expiresAt,
    }).execute();
  }

  async find(jti: string): Promise<TokenRow | undefined> {
    // Every authenticated request reads its token's row (revocation), so that read is compiled once per dialect.
    const r = (await runCompiled(this.db, 'tokens.find', (db) => joined(db).where('api_tokens.jti', '=', '').compile(), [jti])).rows[0];
    return r && toRow(r);
  }

  async listActive(accountId: number): Promise<TokenRow[]> {
    const rows = await joined(this.db)
      .where('api_tokens.account_id', '=', accountId).where('api_tokens.revoked_at', 'is', null).orderBy('api_tokens.created_at').execute();
    return rows.map(toRow);
  }

  /** The member's tokens not yet revoked. */
  async listOfMember(memberId: number): Promise<TokenRow[]> {
    const rows = await joined(this.db).where('api_tokens.member_id', '=', memberId).where('api_tokens.revoked_at', 'is', null).execute();
    return rows.map(toRow);
  }

  async revoke(jti: string, at: string): Promise<void> {
    await this.db.updateTable('api_tokens').set({ revoked_at: at }).where('jti', '=', jti).where('revoked_at', 'is', null).execute();
  }

  async setScopes(jti: string, scopes: string[]): Promise<void> {
    await this.db.updateTable('api_tokens').set({ scopes: JSON.stringify(scopes) }).where('jti', '=', jti).execute();
  }
}
