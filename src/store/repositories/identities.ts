// How channels know humans: the provider's id for a human (phone, page-scoped id, visitor id) per channel.
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { runCompiled } from './compiled.js';

export class IdentityRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async humanOf(channelId: number, address: string): Promise<number | undefined> {
    const { rows } = await runCompiled(this.db, 'identities.humanOf', (db) => db.selectFrom('human_identities').select('human_id')
      .where('channel_id', '=', 0).where('address', '=', '').compile(), [channelId, address]);
    return rows[0]?.human_id;
  }

  /**
   * The human behind the address and their subscription to the channel (null: no row, never subscribed nor unsubscribed),
   * in one statement: checked before every text a channel sends.
   */
  async subscriptionAt(channelId: number, address: string): Promise<{ humanId: number; subscribed: boolean | null } | undefined> {
    const { rows } = await runCompiled(this.db, 'identities.subscriptionAt', (db) => db.selectFrom('human_identities as hi')
      .leftJoin('subscriptions as s', (join) => join.onRef('s.channel_id', '=', 'hi.channel_id').onRef('s.human_id', '=', 'hi.human_id'))
      .select(['hi.human_id', 's.subscribed']).where('hi.channel_id', '=', 0).where('hi.address', '=', '').compile(), [channelId, address]);
    const r = rows[0];
    return r === undefined ? undefined : { humanId: r.human_id, subscribed: r.subscribed === null ? null : r.subscribed === 1 };
  }

  /** Links the address to the human; when another request linked it first, that human wins and is returned. */
  /** Links the address to the human unless it is linked already; returns the human it is linked to, either way. */
  async link(accountId: number, channelId: number, address: string, humanId: number, now: string): Promise<number> {
    const inserted = await this.db.insertInto('human_identities').values({ account_id: accountId, channel_id: channelId, address, human_id: humanId, created_at: now })
      .onConflict((oc) => oc.columns(['channel_id', 'address']).doNothing()).returning('human_id').executeTakeFirst();
    // Only when another transaction linked the address first is it read again.
    return inserted?.human_id ?? (await this.humanOf(channelId, address))!;
  }

  async addressOf(channelId: number, humanId: number): Promise<string | undefined> {
    const r = await this.db.selectFrom('human_identities').select('address').where('channel_id', '=', channelId).where('human_id', '=', humanId).executeTakeFirst();
    return r?.address;
  }
}
