// API tokens: only the `jti` and a hash of each token are kept.
import type { CompiledQuery, Kysely, Selectable } from 'kysely';
import type { ApiTokensTable, Database } from '../schema.js';
import { rebind } from './compiled.js';

export interface TokenRow { jti: string; accountId: number; name: string; tokenHash: string; createdAt: string; revokedAt: string | null }

export class TokenRepository {
  /** Every authenticated request reads its token's row (revocation), so that read is compiled once. */
  private readonly byJti: CompiledQuery<Selectable<ApiTokensTable>>;

  constructor(private readonly db: Kysely<Database>) {
    this.byJti = db.selectFrom('api_tokens').selectAll().where('jti', '=', '').compile();
  }

  async insert(row: Omit<TokenRow, 'revokedAt'>): Promise<void> {
    await this.db.insertInto('api_tokens').values({
      jti: row.jti, account_id: row.accountId, name: row.name, token_hash: row.tokenHash, created_at: row.createdAt, revoked_at: null,
    }).execute();
  }

  async find(jti: string): Promise<TokenRow | undefined> {
    const r = (await this.db.executeQuery(rebind(this.byJti, [jti]))).rows[0];
    return r && { jti: r.jti, accountId: r.account_id, name: r.name, tokenHash: r.token_hash, createdAt: r.created_at, revokedAt: r.revoked_at };
  }

  async listActive(accountId: number): Promise<TokenRow[]> {
    const rows = await this.db.selectFrom('api_tokens').selectAll()
      .where('account_id', '=', accountId).where('revoked_at', 'is', null).orderBy('created_at').execute();
    return rows.map((r) => ({ jti: r.jti, accountId: r.account_id, name: r.name, tokenHash: r.token_hash, createdAt: r.created_at, revokedAt: r.revoked_at }));
  }

  async revoke(jti: string, at: string): Promise<void> {
    await this.db.updateTable('api_tokens').set({ revoked_at: at }).where('jti', '=', jti).where('revoked_at', 'is', null).execute();
  }
}
