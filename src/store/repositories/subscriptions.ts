// Whether each human is subscribed to each channel.
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

const ROWS_PER_STATEMENT = 1000;

export class SubscriptionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Sets the state for the listed humans and returns those whose state changed (a human with no row counts as
   * unsubscribed). Each change is found by the write itself, so two racing requests cannot both claim one.
   * Runs in the caller's transaction when given one.
   */
  async setState(channelId: number, humanIds: readonly number[], subscribed: boolean, now: string): Promise<number[]> {
    const state = subscribed ? 1 : 0;
    const write = async (tx: Kysely<Database>): Promise<number[]> => {
      const changed: number[] = [];
      for (let i = 0; i < humanIds.length; i += ROWS_PER_STATEMENT) {
        const ids = humanIds.slice(i, i + ROWS_PER_STATEMENT);
        const updated = await tx.updateTable('subscriptions').set({ subscribed: state, updated_at: now })
          .where('channel_id', '=', channelId).where('human_id', 'in', ids).where('subscribed', '<>', state).returning('human_id').execute();
        const inserted = await tx.insertInto('subscriptions').values(ids.map((human_id) => ({ channel_id: channelId, human_id, subscribed: state, updated_at: now })))
          .onConflict((oc) => oc.columns(['channel_id', 'human_id']).doNothing()).returning('human_id').execute();
        changed.push(...updated.map((r) => r.human_id));
        if (subscribed) changed.push(...inserted.map((r) => r.human_id));
      }
      return changed;
    };
    return this.db.isTransaction ? write(this.db) : this.db.transaction().execute(write);
  }

  async countSubscribed(channelId: number): Promise<number> {
    const r = await this.db.selectFrom('subscriptions').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('channel_id', '=', channelId).where('subscribed', '=', 1).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** The human's state on the channel: true, false (unsubscribed, e.g. by texting STOP), or null when never set. */
  async stateOf(channelId: number, humanId: number): Promise<boolean | null> {
    const r = await this.db.selectFrom('subscriptions').select('subscribed').where('channel_id', '=', channelId).where('human_id', '=', humanId).executeTakeFirst();
    return r === undefined ? null : r.subscribed === 1;
  }

  /** The human's rows (either state), by channel id. */
  async ofHuman(humanId: number): Promise<{ channelId: number; subscribed: boolean; updatedAt: string }[]> {
    const rows = await this.db.selectFrom('subscriptions').select(['channel_id', 'subscribed', 'updated_at']).where('human_id', '=', humanId).orderBy('channel_id').execute();
    return rows.map((r) => ({ channelId: r.channel_id, subscribed: r.subscribed === 1, updatedAt: r.updated_at }));
  }
}
