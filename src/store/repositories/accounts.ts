// Accounts: the tenants every other row belongs to.
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

export interface AccountRow { id: number; email: string; passwordHash: string; createdAt: string }

export class AccountRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(email: string, passwordHash: string, createdAt: string): Promise<number> {
    const row = await this.db.insertInto('accounts')
      .values({ email, password_hash: passwordHash, created_at: createdAt })
      .returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async findByEmail(email: string): Promise<AccountRow | undefined> {
    const row = await this.db.selectFrom('accounts').selectAll().where('email', '=', email).executeTakeFirst();
    return row && { id: row.id, email: row.email, passwordHash: row.password_hash, createdAt: row.created_at };
  }

  async find(id: number): Promise<AccountRow | undefined> {
    const row = await this.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
    return row && { id: row.id, email: row.email, passwordHash: row.password_hash, createdAt: row.created_at };
  }

  async setPassword(id: number, passwordHash: string): Promise<void> {
    await this.db.updateTable('accounts').set({ password_hash: passwordHash }).where('id', '=', id).execute();
  }
}
