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

  async revision(botId: number, revision: number): Promise<string | undefined> {
    const r = await this.db.selectFrom('bot_revisions').select('definition')
      .where('bot_id', '=', botId).where('revision', '=', revision).executeTakeFirst();
    return r?.definition;
  }
}
