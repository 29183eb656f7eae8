// Whether each human is subscribed to each channel.
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

const ROWS_PER_STATEMENT = 1000;

export class SubscriptionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async setState(channelId: number, humanIds: readonly number[], subscribed: boolean, now: string): Promise<void> {
    const state = subscribed ? 1 : 0;
    await this.db.transaction().execute(async (tx) => {
      for (let i = 0; i < humanIds.length; i += ROWS_PER_STATEMENT) {
        const rows = humanIds.slice(i, i + ROWS_PER_STATEMENT).map((human_id) => ({ channel_id: channelId, human_id, subscribed: state, updated_at: now }));
        await tx.insertInto('subscriptions').values(rows)
          .onConflict((oc) => oc.columns(['channel_id', 'human_id']).doUpdateSet({ subscribed: state, updated_at: now }))
          .execute();
      }
    });
  }

  async countSubscribed(channelId: number): Promise<number> {
    const r = await this.db.selectFrom('subscriptions').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('channel_id', '=', channelId).where('subscribed', '=', 1).executeTakeFirstOrThrow();
    return Number(r.n);
  }
}
