// Conversations: one per (human, channel), their engine state, and the lease that lets one process run one at a time.
import type { Kysely, Selectable } from 'kysely';
import type { ConversationsTable, Database } from '../schema.js';

export interface ConversationRow {
  id: number;
  accountId: number;
  botId: number;
  channelId: number;
  humanId: number;
  address: string;
  state: string;
  botEnabled: boolean;
  priority: string;
  createdAt: string;
  updatedAt: string;
}

function toRow(r: Selectable<ConversationsTable>): ConversationRow {
  return {
    id: r.id, accountId: r.account_id, botId: r.bot_id, channelId: r.channel_id, humanId: r.human_id, address: r.address, state: r.state,
    botEnabled: r.bot_enabled === 1, priority: r.priority, createdAt: r.created_at, updatedAt: r.updated_at,
  };
}

export interface NewConversation {
  accountId: number;
  botId: number;
  channelId: number;
  humanId: number;
  address: string;
  state: string;
}

export class ConversationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async find(id: number): Promise<ConversationRow | undefined> {
    const r = await this.db.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirst();
    return r && toRow(r);
  }

  async findFor(channelId: number, humanId: number): Promise<ConversationRow | undefined> {
    const r = await this.db.selectFrom('conversations').selectAll().where('channel_id', '=', channelId).where('human_id', '=', humanId).executeTakeFirst();
    return r && toRow(r);
  }

  /** The conversation of (channel, human), created when there is none; safe when two requests race to create it. */
  async findOrCreate(c: NewConversation, now: string): Promise<{ row: ConversationRow; created: boolean }> {
    const existing = await this.findFor(c.channelId, c.humanId);
    if (existing) return { row: existing, created: false };
    const inserted = await this.db.insertInto('conversations').values({
      account_id: c.accountId, bot_id: c.botId, channel_id: c.channelId, human_id: c.humanId, address: c.address, state: c.state,
      bot_enabled: 1, priority: 'normal', lease_owner: null, lease_until: null, created_at: now, updated_at: now,
    }).onConflict((oc) => oc.columns(['channel_id', 'human_id']).doNothing()).returningAll().executeTakeFirst();
    if (inserted) return { row: toRow(inserted), created: true };
    return { row: (await this.findFor(c.channelId, c.humanId))!, created: false };
  }

  async page(accountId: number, afterId: number, limit: number, filter: { channelId?: number; humanId?: number } = {}): Promise<ConversationRow[]> {
    let q = this.db.selectFrom('conversations').selectAll().where('account_id', '=', accountId).where('id', '>', afterId);
    if (filter.channelId !== undefined) q = q.where('channel_id', '=', filter.channelId);
    if (filter.humanId !== undefined) q = q.where('human_id', '=', filter.humanId);
    return (await q.orderBy('id').limit(limit).execute()).map(toRow);
  }

  /** Takes (or renews) the conversation's lease; false when another process holds it. */
  async acquireLease(id: number, owner: string, now: string, until: string): Promise<boolean> {
    const r = await this.db.updateTable('conversations').set({ lease_owner: owner, lease_until: until })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now), eb('lease_owner', '=', owner)]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async releaseLease(id: number, owner: string): Promise<void> {
    await this.db.updateTable('conversations').set({ lease_owner: null, lease_until: null }).where('id', '=', id).where('lease_owner', '=', owner).execute();
  }

  /** Saves the state only while the lease is still ours; false when it was lost (the run is then discarded). */
  async saveState(id: number, owner: string, now: string, s: { state: string; botEnabled: boolean; priority: string }): Promise<boolean> {
    const r = await this.db.updateTable('conversations')
      .set({ state: s.state, bot_enabled: s.botEnabled ? 1 : 0, priority: s.priority, updated_at: now })
      .where('id', '=', id).where('lease_owner', '=', owner).where('lease_until', '>=', now)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Channel types the human has conversations on. */
  async channelTypesOf(humanId: number): Promise<string[]> {
    const rows = await this.db.selectFrom('conversations').innerJoin('channels', 'channels.id', 'conversations.channel_id')
      .select('channels.channel_type').distinct().where('conversations.human_id', '=', humanId).execute();
    return rows.map((r) => r.channel_type).sort();
  }
}
