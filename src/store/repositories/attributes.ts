// Stored attributes: human scope per conversation, bot per bot, user per account, shared per group of linked humans.
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

export type StoredScopeName = 'human' | 'bot' | 'user' | 'shared';

export const STORED_SCOPE_NAMES: readonly StoredScopeName[] = ['human', 'bot', 'user', 'shared'];

export interface AttributeOwner {
  scope: StoredScopeName;
  ownerId: number;
}

export class AttributeRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async set(accountId: number, owner: AttributeOwner, name: string, value: string, now: string): Promise<void> {
    await this.db.insertInto('attributes').values({ account_id: accountId, scope: owner.scope, owner_id: owner.ownerId, name, value, updated_at: now })
      .onConflict((oc) => oc.columns(['scope', 'owner_id', 'name']).doUpdateSet({ value, updated_at: now })).execute();
  }

  async remove(owner: AttributeOwner, name: string): Promise<void> {
    await this.db.deleteFrom('attributes').where('scope', '=', owner.scope).where('owner_id', '=', owner.ownerId).where('name', '=', name).execute();
  }

  async list(owner: AttributeOwner): Promise<Record<string, string>> {
    const rows = await this.db.selectFrom('attributes').select(['name', 'value']).where('scope', '=', owner.scope).where('owner_id', '=', owner.ownerId).orderBy('name').execute();
    return Object.fromEntries(rows.map((r) => [r.name, r.value]));
  }

  /**
   * The human-scope attributes of every conversation of the human, by name; where their conversations hold
   * different values, the one set last.
   */
  async ofHuman(humanId: number): Promise<Record<string, string>> {
    const rows = await this.db.selectFrom('attributes').innerJoin('conversations', 'conversations.id', 'attributes.owner_id')
      .select(['attributes.name', 'attributes.value']).where('attributes.scope', '=', 'human').where('conversations.human_id', '=', humanId)
      .orderBy('attributes.name').orderBy('attributes.updated_at', 'desc').orderBy('attributes.owner_id', 'desc').execute();
    // A Map, then own properties: a stored name may be any identifier, `__proto__` included.
    const latest = new Map<string, string>();
    for (const r of rows) if (!latest.has(r.name)) latest.set(r.name, r.value);
    return Object.fromEntries(latest);
  }

  /**
   * Sets (or, for null, removes with its `:index` companion) human-scope attributes on every conversation of the
   * human, in one transaction. Answers how many conversations the human has (0: nothing was written).
   */
  async changeForHuman(accountId: number, humanId: number, changes: ReadonlyMap<string, string | null>, now: string): Promise<number> {
    return this.db.transaction().execute(async (tx) => {
      const ids = (await tx.selectFrom('conversations').select('id').where('human_id', '=', humanId).orderBy('id').execute()).map((r) => r.id);
      if (ids.length === 0) return 0;
      for (const [name, value] of changes) {
        if (value === null) {
          await tx.deleteFrom('attributes').where('scope', '=', 'human').where('owner_id', 'in', ids).where('name', 'in', [name, `${name}:index`]).execute();
        } else {
          await tx.insertInto('attributes').values(ids.map((id) => ({ account_id: accountId, scope: 'human', owner_id: id, name, value, updated_at: now })))
            .onConflict((oc) => oc.columns(['scope', 'owner_id', 'name']).doUpdateSet({ value, updated_at: now })).execute();
        }
      }
      return ids.length;
    });
  }
}
