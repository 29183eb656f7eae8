// Failed sign-ins counted per key (a hash of e-mail and client address), shared by every server process.
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

export interface SignInFailureRow { key: string; failures: number; firstFailedAt: string; blockedUntil: string | null }

export class SignInFailureRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async find(key: string): Promise<SignInFailureRow | undefined> {
    const r = await this.db.selectFrom('sign_in_failures').selectAll().where('key', '=', key).executeTakeFirst();
    return r && { key: r.key, failures: r.failures, firstFailedAt: r.first_failed_at, blockedUntil: r.blocked_until };
  }

  async save(row: SignInFailureRow): Promise<void> {
    await this.db.insertInto('sign_in_failures')
      .values({ key: row.key, failures: row.failures, first_failed_at: row.firstFailedAt, blocked_until: row.blockedUntil })
      .onConflict((oc) => oc.column('key').doUpdateSet({ failures: row.failures, first_failed_at: row.firstFailedAt, blocked_until: row.blockedUntil }))
      .execute();
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('sign_in_failures').where('key', '=', key).execute();
  }
}
