// How channels know humans: the provider's id for a human (phone, page-scoped id, visitor id) per channel.
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

export class IdentityRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async humanOf(channelId: number, address: string): Promise<number | undefined> {
    const r = await this.db.selectFrom('human_identities').select('human_id').where('channel_id', '=', channelId).where('address', '=', address).executeTakeFirst();
    return r?.human_id;
  }

  /** Links the address to the human; when another request linked it first, that human wins and is returned. */
  async link(accountId: number, channelId: number, address: string, humanId: number, now: string): Promise<number> {
    await this.db.insertInto('human_identities').values({ account_id: accountId, channel_id: channelId, address, human_id: humanId, created_at: now })
      .onConflict((oc) => oc.columns(['channel_id', 'address']).doNothing()).execute();
    return (await this.humanOf(channelId, address))!;
  }

  async addressOf(channelId: number, humanId: number): Promise<string | undefined> {
    const r = await this.db.selectFrom('human_identities').select('address').where('channel_id', '=', channelId).where('human_id', '=', humanId).executeTakeFirst();
    return r?.address;
  }
}
