// Humans (contacts) of an account and their tags.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, HumansTable } from '../schema.js';

export interface HumanRow {
  id: number;
  accountId: number;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  email: string | null;
  tags: string[];
  createdAt: string;
  updatedAt: string;
}

export type HumanWrite = Pick<HumanRow, 'firstName' | 'lastName' | 'phone' | 'email' | 'tags'>;

export interface HumanFilter {
  tag?: string;
  phone?: string;
  email?: string;
  /** Part of the first or last name, or of both with a space between, in any case. */
  name?: string;
}

function toRow(r: Selectable<HumansTable>, tags: string[]): HumanRow {
  return {
    id: r.id, accountId: r.account_id, firstName: r.first_name, lastName: r.last_name, phone: r.phone,
    email: r.email, tags, createdAt: r.created_at, updatedAt: r.updated_at,
  };
}

export class HumanRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(accountId: number, w: HumanWrite, now: string): Promise<HumanRow> {
    return this.db.transaction().execute(async (tx) => {
      const r = await tx.insertInto('humans').values({
        account_id: accountId, first_name: w.firstName, last_name: w.lastName, phone: w.phone, email: w.email,
        created_at: now, updated_at: now,
      }).returningAll().executeTakeFirstOrThrow();
      if (w.tags.length > 0) {
        await tx.insertInto('human_tags').values(w.tags.map((tag) => ({ account_id: accountId, human_id: r.id, tag }))).execute();
      }
      return toRow(r, w.tags);
    });
  }

  async find(id: number): Promise<HumanRow | undefined> {
    const r = await this.db.selectFrom('humans').selectAll().where('id', '=', id).executeTakeFirst();
    if (r === undefined) return undefined;
    const tags = await this.tagsOf([r.id]);
    return toRow(r, tags.get(r.id) ?? []);
  }

  /** One page in id order after `afterId`; the caller turns the last id into the next cursor. */
  async page(accountId: number, filter: HumanFilter, afterId: number, limit: number): Promise<HumanRow[]> {
    let q = this.db.selectFrom('humans').selectAll('humans').where('humans.account_id', '=', accountId).where('humans.id', '>', afterId);
    if (filter.phone !== undefined) q = q.where('humans.phone', '=', filter.phone);
    if (filter.email !== undefined) q = q.where('humans.email', '=', filter.email);
    if (filter.name !== undefined) {
      // LIKE with its wildcards escaped, on lower-cased text: SQLite and PostgreSQL then agree on case.
      const pattern = `%${filter.name.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      q = q.where(sql<boolean>`lower(coalesce(humans.first_name, '') || ' ' || coalesce(humans.last_name, '')) LIKE ${pattern} ESCAPE '\\'`);
    }
    if (filter.tag !== undefined) {
      const tag = filter.tag;
      q = q.where((eb) => eb.exists(eb.selectFrom('human_tags').select('human_tags.human_id')
        .whereRef('human_tags.human_id', '=', 'humans.id').where('human_tags.tag', '=', tag)));
    }
    const rows = await q.orderBy('humans.id').limit(limit).execute();
    const tags = await this.tagsOf(rows.map((r) => r.id));
    return rows.map((r) => toRow(r, tags.get(r.id) ?? []));
  }

  async update(id: number, w: Partial<HumanWrite>, now: string): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx.updateTable('humans').set({
        updated_at: now,
        ...(w.firstName !== undefined ? { first_name: w.firstName } : {}),
        ...(w.lastName !== undefined ? { last_name: w.lastName } : {}),
        ...(w.phone !== undefined ? { phone: w.phone } : {}),
        ...(w.email !== undefined ? { email: w.email } : {}),
      }).where('id', '=', id).execute();
      if (w.tags !== undefined) {
        const human = await tx.selectFrom('humans').select('account_id').where('id', '=', id).executeTakeFirstOrThrow();
        await tx.deleteFrom('human_tags').where('human_id', '=', id).execute();
        if (w.tags.length > 0) await tx.insertInto('human_tags').values(w.tags.map((tag) => ({ account_id: human.account_id, human_id: id, tag }))).execute();
      }
    });
  }

  /** Deletes a human; rows that reference them go by cascade, and the human-scope attributes of their conversations with them. */
  async delete(id: number): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const conversations = await tx.selectFrom('conversations').select('id').where('human_id', '=', id).execute();
      if (conversations.length > 0) {
        await tx.deleteFrom('attributes').where('scope', '=', 'human').where('owner_id', 'in', conversations.map((c) => c.id)).execute();
      }
      await tx.deleteFrom('humans').where('id', '=', id).execute();
    });
  }

  /** Of `ids`, those that are humans of this account. */
  async existingIds(accountId: number, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const found: number[] = [];
    for (let i = 0; i < ids.length; i += 1000) {
      const rows = await this.db.selectFrom('humans').select('id')
        .where('account_id', '=', accountId).where('id', 'in', ids.slice(i, i + 1000)).execute();
      for (const r of rows) found.push(r.id);
    }
    return found;
  }

  private async tagsOf(ids: number[]): Promise<Map<number, string[]>> {
    const byHuman = new Map<number, string[]>();
    if (ids.length === 0) return byHuman;
    const rows = await this.db.selectFrom('human_tags').select(['human_id', 'tag']).where('human_id', 'in', ids).orderBy('tag').execute();
    for (const r of rows) {
      const list = byHuman.get(r.human_id) ?? [];
      list.push(r.tag);
      byHuman.set(r.human_id, list);
    }
    return byHuman;
  }
}
