// Links between humans: linked humans share a group id, and with it the `shared` attribute scope.
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

export class HumanLinkRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private async groupOf(tx: Kysely<Database>, humanId: number): Promise<number> {
    const r = await tx.selectFrom('humans').select(['id', 'link_group']).where('id', '=', humanId).executeTakeFirstOrThrow();
    return r.link_group ?? r.id;
  }

  /**
   * Puts two humans (and everyone already linked to either) in one group. The group keeps the lower id;
   * the other group's shared attributes move over, without overwriting a value the kept group has.
   */
  async link(a: number, b: number, now: string): Promise<number> {
    return this.db.transaction().execute(async (tx) => {
      const [ga, gb] = [await this.groupOf(tx, a), await this.groupOf(tx, b)];
      const keep = Math.min(ga, gb);
      const absorb = Math.max(ga, gb);
      await tx.updateTable('humans').set({ link_group: keep, updated_at: now })
        .where((eb) => eb.or([eb('id', 'in', [a, b, keep, absorb]), eb('link_group', 'in', [ga, gb])])).execute();
      if (absorb !== keep) {
        const moving = await tx.selectFrom('attributes').selectAll().where('scope', '=', 'shared').where('owner_id', '=', absorb).execute();
        for (const attr of moving) {
          await tx.insertInto('attributes').values({ ...attr, owner_id: keep, updated_at: now })
            .onConflict((oc) => oc.columns(['scope', 'owner_id', 'name']).doNothing()).execute();
        }
        await tx.deleteFrom('attributes').where('scope', '=', 'shared').where('owner_id', '=', absorb).execute();
      }
      return keep;
    });
  }

  /** Takes a human out of their group; they start with no shared attributes of their own. */
  async unlink(humanId: number, now: string): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const group = await this.groupOf(tx, humanId);
      const others = await tx.selectFrom('humans').select('id').where('link_group', '=', group).where('id', '!=', humanId).orderBy('id').execute();
      if (group === humanId && others.length > 0) {
        // The group was named after this human: it moves to the next member, with its shared attributes.
        const next = others[0]!.id;
        await tx.updateTable('humans').set({ link_group: others.length > 1 ? next : null, updated_at: now }).where('link_group', '=', group).execute();
        await tx.updateTable('attributes').set({ owner_id: next }).where('scope', '=', 'shared').where('owner_id', '=', group).execute();
      } else if (others.length === 1) {
        await tx.updateTable('humans').set({ link_group: null, updated_at: now }).where('id', '=', others[0]!.id).execute();
        if (group !== others[0]!.id) await tx.updateTable('attributes').set({ owner_id: others[0]!.id }).where('scope', '=', 'shared').where('owner_id', '=', group).execute();
      }
      await tx.updateTable('humans').set({ link_group: null, updated_at: now }).where('id', '=', humanId).execute();
    });
  }

  /** The other humans in the human's group. */
  async linkedTo(humanId: number): Promise<number[]> {
    const r = await this.db.selectFrom('humans').select(['id', 'link_group']).where('id', '=', humanId).executeTakeFirst();
    if (r === undefined || r.link_group === null) return [];
    const rows = await this.db.selectFrom('humans').select('id').where('link_group', '=', r.link_group).where('id', '!=', humanId).orderBy('id').execute();
    return rows.map((x) => x.id);
  }
}
