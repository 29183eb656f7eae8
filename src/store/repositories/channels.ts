// Channels: an account's connections to messaging destinations, each owned by a bot.
import type { Kysely, Selectable } from 'kysely';
import type { ChannelsTable, Database } from '../schema.js';
import { runCompiled } from './compiled.js';

export interface ChannelRow {
  id: number;
  accountId: number;
  botId: number;
  channelType: string;
  name: string;
  description: string;
  user: string | null;
  tokenSealed: string | null;
  phoneType: number;
  countryCode: string | null;
  data: Record<string, unknown> | null;
  createdAt: string;
  /** Made by the console's "Try it": kept out of the overview and never a broadcast's default (0032). */
  trial: boolean;
}

export type ChannelWrite = Omit<ChannelRow, 'id' | 'accountId' | 'createdAt' | 'channelType' | 'trial'>;

function toRow(r: Selectable<ChannelsTable>): ChannelRow {
  return {
    id: r.id, accountId: r.account_id, botId: r.bot_id, channelType: r.channel_type, name: r.name,
    description: r.description, user: r.user, tokenSealed: r.token_sealed, phoneType: r.phone_type,
    countryCode: r.country_code, data: r.data === null ? null : (JSON.parse(r.data) as Record<string, unknown>),
    createdAt: r.created_at, trial: r.trial === 1,
  };
}

function columns(w: ChannelWrite) {
  return {
    bot_id: w.botId, name: w.name, description: w.description, user: w.user, token_sealed: w.tokenSealed,
    phone_type: w.phoneType, country_code: w.countryCode, data: w.data === null ? null : JSON.stringify(w.data),
  };
}

export class ChannelRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(accountId: number, channelType: string, w: ChannelWrite, createdAt: string, trial = false): Promise<ChannelRow> {
    const r = await this.db.insertInto('channels')
      .values({ account_id: accountId, channel_type: channelType, created_at: createdAt, ...columns(w), ...(trial ? { trial: 1 } : {}) })
      .returningAll().executeTakeFirstOrThrow();
    return toRow(r);
  }

  async update(id: number, w: ChannelWrite): Promise<ChannelRow> {
    const r = await this.db.updateTable('channels').set(columns(w)).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    return toRow(r);
  }

  async find(id: number): Promise<ChannelRow | undefined> {
    // Every channel endpoint reads the channel's row first (ownership), so that read is compiled once per dialect.
    const r = (await runCompiled(this.db, 'channels.find', (db) => db.selectFrom('channels').selectAll().where('id', '=', 0).compile(), [id])).rows[0];
    return r && toRow(r);
  }

  async list(accountId: number, botId?: number): Promise<ChannelRow[]> {
    let q = this.db.selectFrom('channels').selectAll().where('account_id', '=', accountId);
    if (botId !== undefined) q = q.where('bot_id', '=', botId);
    return (await q.orderBy('id').execute()).map(toRow);
  }

  /** Every channel of these types, across accounts: for providers holding a connection per channel (SMPP binds). */
  async listOfTypes(types: readonly string[]): Promise<ChannelRow[]> {
    if (types.length === 0) return [];
    return (await this.db.selectFrom('channels').selectAll().where('channel_type', 'in', types).orderBy('id').execute()).map(toRow);
  }

  /** Channels of a type with this public identifier (a page id), across accounts: for a provider webhook that serves several channels. */
  async withUser(channelType: string, user: string): Promise<ChannelRow[]> {
    return (await this.db.selectFrom('channels').selectAll().where('channel_type', '=', channelType).where('user', '=', user).orderBy('id').execute()).map(toRow);
  }

  async countForBot(botId: number): Promise<number> {
    const r = await this.db.selectFrom('channels').select((eb) => eb.fn.countAll<number>().as('n')).where('bot_id', '=', botId).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async delete(id: number): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('subscriptions').where('channel_id', '=', id).execute();
      await tx.deleteFrom('channels').where('id', '=', id).execute();
    });
  }
}
