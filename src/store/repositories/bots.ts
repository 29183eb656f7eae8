// Bots and their numbered definition revisions.
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

export interface BotRow {
  id: number; accountId: number; name: string; currentRevision: number; latestRevision: number; createdAt: string;
}

type BotRecord = { id: number; account_id: number; name: string; current_revision: number; latest_revision: number; created_at: string };

function toRow(r: BotRecord): BotRow {
  return { id: r.id, accountId: r.account_id, name: r.name, currentRevision: r.current_revision, latestRevision: r.latest_revision, createdAt: r.created_at };
}

export class BotRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Creates the bot with revision 1 holding `definition`, both current and latest. */
  async insert(accountId: number, name: string, definition: string, createdAt: string): Promise<BotRow> {
    return this.db.transaction().execute(async (tx) => {
      const bot = await tx.insertInto('bots').values({
        account_id: accountId, name, current_revision: 1, latest_revision: 1, created_at: createdAt,
      }).returningAll().executeTakeFirstOrThrow();
      await tx.insertInto('bot_revisions').values({ bot_id: bot.id, revision: 1, definition, created_at: createdAt }).execute();
      return toRow(bot);
    });
  }

  async find(id: number): Promise<BotRow | undefined> {
    const r = await this.db.selectFrom('bots').selectAll().where('id', '=', id).executeTakeFirst();
    return r && toRow(r);
  }

  async list(accountId: number): Promise<BotRow[]> {
    const rows = await this.db.selectFrom('bots').selectAll().where('account_id', '=', accountId).orderBy('id').execute();
    return rows.map(toRow);
  }

  /** The account's bots, each with the definition of its current revision, in one query. */
  async listCurrent(accountId: number): Promise<{ row: BotRow; definition: string }[]> {
    const rows = await this.db.selectFrom('bots')
      .innerJoin('bot_revisions', (join) => join.onRef('bot_revisions.bot_id', '=', 'bots.id').onRef('bot_revisions.revision', '=', 'bots.current_revision'))
      .select(['bots.id', 'bots.account_id', 'bots.name', 'bots.current_revision', 'bots.latest_revision', 'bots.created_at', 'bot_revisions.definition'])
      .where('bots.account_id', '=', accountId).orderBy('bots.id').execute();
    return rows.map((r) => ({ row: toRow(r), definition: r.definition }));
  }

  async revision(botId: number, revision: number): Promise<string | undefined> {
    const r = await this.db.selectFrom('bot_revisions').select('definition')
      .where('bot_id', '=', botId).where('revision', '=', revision).executeTakeFirst();
    return r?.definition;
  }

  async findByName(accountId: number, name: string): Promise<BotRow | undefined> {
    const r = await this.db.selectFrom('bots').selectAll().where('account_id', '=', accountId).where('name', '=', name).executeTakeFirst();
    return r && toRow(r);
  }

  /** Stores `definition` as revision latest+1 (numbered atomically), optionally making it current. */
  async addRevision(botId: number, name: string, definition: string, publish: boolean, createdAt: string): Promise<BotRow> {
    return this.db.transaction().execute(async (tx) => {
      const bumped = await tx.updateTable('bots')
        .set((eb) => ({ latest_revision: eb('latest_revision', '+', 1) }))
        .where('id', '=', botId).returning('latest_revision').executeTakeFirstOrThrow();
      const revision = bumped.latest_revision;
      await tx.insertInto('bot_revisions').values({ bot_id: botId, revision, definition, created_at: createdAt }).execute();
      if (publish) await tx.updateTable('bots').set({ current_revision: revision, name }).where('id', '=', botId).execute();
      return toRow(await tx.selectFrom('bots').selectAll().where('id', '=', botId).executeTakeFirstOrThrow());
    });
  }

  /** Makes an existing revision current; the bot's name follows the published definition. */
  async publish(botId: number, revision: number, name: string): Promise<BotRow> {
    const r = await this.db.updateTable('bots').set({ current_revision: revision, name }).where('id', '=', botId).returningAll().executeTakeFirstOrThrow();
    return toRow(r);
  }

  async revisions(botId: number): Promise<{ revision: number; createdAt: string }[]> {
    const rows = await this.db.selectFrom('bot_revisions').select(['revision', 'created_at'])
      .where('bot_id', '=', botId).orderBy('revision').execute();
    return rows.map((r) => ({ revision: r.revision, createdAt: r.created_at }));
  }

  async delete(botId: number): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('bot_revisions').where('bot_id', '=', botId).execute();
      await tx.deleteFrom('bots').where('id', '=', botId).execute();
    });
  }
}
