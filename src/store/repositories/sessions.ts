// Console sessions: a row per sign-in, found by the hash of the cookie's value; revoked rows are kept for the record.
import type { Kysely, Selectable } from 'kysely';
import type { Database, SessionsTable } from '../schema.js';

export interface SessionRow {
  id: string;
  accountId: number;
  memberId: number | null;
  tokenHash: string;
  csrfHash: string;
  userAgent: string;
  address: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  revokedAt: string | null;
}

const toRow = (r: Selectable<SessionsTable>): SessionRow => ({
  id: r.id, accountId: r.account_id, memberId: r.member_id, tokenHash: r.token_hash, csrfHash: r.csrf_hash, userAgent: r.user_agent,
  address: r.address, createdAt: r.created_at, lastSeenAt: r.last_seen_at, expiresAt: r.expires_at, revokedAt: r.revoked_at,
});

export class SessionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Omit<SessionRow, 'revokedAt'>): Promise<void> {
    await this.db.insertInto('sessions').values({
      id: row.id, account_id: row.accountId, member_id: row.memberId, token_hash: row.tokenHash, csrf_hash: row.csrfHash,
      user_agent: row.userAgent, address: row.address, created_at: row.createdAt, last_seen_at: row.lastSeenAt,
      expires_at: row.expiresAt, revoked_at: null,
    }).execute();
  }

  async find(id: string): Promise<SessionRow | undefined> {
    const r = await this.db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
    return r && toRow(r);
  }

  async findByTokenHash(hash: string): Promise<SessionRow | undefined> {
    const r = await this.db.selectFrom('sessions').selectAll().where('token_hash', '=', hash).executeTakeFirst();
    return r && toRow(r);
  }

  /** The account's sessions neither revoked nor expired at `now`, newest first. */
  async listActive(accountId: number, now: string): Promise<SessionRow[]> {
    const rows = await this.db.selectFrom('sessions').selectAll().where('account_id', '=', accountId)
      .where('revoked_at', 'is', null).where('expires_at', '>', now).orderBy('created_at', 'desc').execute();
    return rows.map(toRow);
  }

  async touch(id: string, at: string): Promise<void> {
    await this.db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
  }

  async revoke(id: string, at: string): Promise<void> {
    await this.db.updateTable('sessions').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).execute();
  }

  /** Revokes every active session of the account but `keep` (a password change signs the other browsers out). */
  /** Signs out every session of the member (of the whole account when `memberId` is null) but `keep`. */
  async revokeOthers(accountId: number, memberId: number | null, keep: string | null, at: string): Promise<void> {
    let q = this.db.updateTable('sessions').set({ revoked_at: at }).where('account_id', '=', accountId).where('revoked_at', 'is', null);
    if (memberId !== null) q = q.where('member_id', '=', memberId);
    if (keep !== null) q = q.where('id', '!=', keep);
    await q.execute();
  }
}
