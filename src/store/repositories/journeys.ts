// Journeys as defined: the current version of each, and every version kept so a run names the one it followed.
import type { Kysely, Selectable } from 'kysely';
import type { Database, JourneysTable } from '../schema.js';

export type JourneyRow = Selectable<JourneysTable>;

export class JourneyRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A new journey at version 1, with that version kept. */
  async create(accountId: number, name: string, on: { channelId: number; goal: string | null }, definition: string, now: string): Promise<JourneyRow> {
    const row = await this.db.insertInto('journeys').values({ account_id: accountId, name, channel_id: on.channelId, goal: on.goal, version: 1, definition, created_at: now, updated_at: now })
      .returningAll().executeTakeFirstOrThrow();
    await this.db.insertInto('journey_versions').values({ journey_id: row.id, version: 1, definition, created_at: now }).execute();
    return row;
  }

  /** The next version (the current one plus one), kept beside the earlier ones; runs already going follow theirs. */
  async revise(id: number, name: string, on: { channelId: number; goal: string | null }, definition: string, now: string): Promise<JourneyRow | undefined> {
    const row = await this.db.updateTable('journeys').set((eb) => ({ name, channel_id: on.channelId, goal: on.goal, definition, version: eb('version', '+', 1), updated_at: now }))
      .where('id', '=', id).returningAll().executeTakeFirst();
    if (row !== undefined) await this.db.insertInto('journey_versions').values({ journey_id: id, version: row.version, definition, created_at: now }).execute();
    return row;
  }

  async find(id: number): Promise<JourneyRow | undefined> {
    return this.db.selectFrom('journeys').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async version(id: number, version: number): Promise<string | undefined> {
    const r = await this.db.selectFrom('journey_versions').select('definition').where('journey_id', '=', id).where('version', '=', version).executeTakeFirst();
    return r?.definition;
  }

  /** The journeys on the channel (as they are now), with their goals. */
  async onChannel(channelId: number): Promise<{ id: number; goal: string | null }[]> {
    return this.db.selectFrom('journeys').select(['id', 'goal']).where('channel_id', '=', channelId).execute();
  }

  /** The account's journeys, newest first, before `beforeId` (0: from the newest). */
  async page(accountId: number, beforeId: number, limit: number): Promise<JourneyRow[]> {
    let q = this.db.selectFrom('journeys').selectAll().where('account_id', '=', accountId);
    if (beforeId > 0) q = q.where('id', '<', beforeId);
    return q.orderBy('id', 'desc').limit(limit).execute();
  }
}
