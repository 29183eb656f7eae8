// Canned replies: texts an account's people keep ready to put in a reply, by title.
import type { Kysely, Selectable } from 'kysely';
import type { CannedRepliesTable, Database } from '../schema.js';

export interface CannedReplyRow {
  id: number;
  accountId: number;
  title: string;
  text: string;
  createdAt: string;
  updatedAt: string;
}

const toRow = (r: Selectable<CannedRepliesTable>): CannedReplyRow => ({
  id: r.id, accountId: r.account_id, title: r.title, text: r.text, createdAt: r.created_at, updatedAt: r.updated_at,
});

export class CannedReplyRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async list(accountId: number): Promise<CannedReplyRow[]> {
    return (await this.db.selectFrom('canned_replies').selectAll().where('account_id', '=', accountId).orderBy('title').execute()).map(toRow);
  }

  async find(id: number): Promise<CannedReplyRow | undefined> {
    const r = await this.db.selectFrom('canned_replies').selectAll().where('id', '=', id).executeTakeFirst();
    return r && toRow(r);
  }

  async findByTitle(accountId: number, title: string): Promise<CannedReplyRow | undefined> {
    const r = await this.db.selectFrom('canned_replies').selectAll().where('account_id', '=', accountId).where('title', '=', title).executeTakeFirst();
    return r && toRow(r);
  }

  async insert(accountId: number, title: string, text: string, now: string): Promise<CannedReplyRow> {
    return toRow(await this.db.insertInto('canned_replies').values({ account_id: accountId, title, text, created_at: now, updated_at: now })
      .returningAll().executeTakeFirstOrThrow());
  }

  async update(id: number, title: string, text: string, now: string): Promise<CannedReplyRow> {
    return toRow(await this.db.updateTable('canned_replies').set({ title, text, updated_at: now }).where('id', '=', id)
      .returningAll().executeTakeFirstOrThrow());
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('canned_replies').where('id', '=', id).execute();
  }
}
