// Stored trained recognizers, one per (bot, revision), with the hash of what each was trained on and its format version.
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

export class NluModelRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The stored model of a bot revision, if it was trained on `viewHash` in `format`. */
  async find(botId: number, revision: number, viewHash: string, format: number): Promise<Uint8Array | undefined> {
    const row = await this.db.selectFrom('nlu_models').select('model')
      .where('bot_id', '=', botId).where('revision', '=', revision).where('view_hash', '=', viewHash).where('format', '=', format)
      .executeTakeFirst();
    return row?.model;
  }

  /**
   * Stores the model of a revision, replacing an older one of it (a changed include, another format),
   * and drops the bot's models of revisions other than this one and `keepRevision` (its current one).
   */
  async save(botId: number, revision: number, keepRevision: number, viewHash: string, format: number, model: Uint8Array, createdAt: string): Promise<void> {
    // Both drivers take a Buffer for a blob; this one shares the model's memory.
    const bytes = Buffer.from(model.buffer, model.byteOffset, model.byteLength);
    await this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('nlu_models').where('bot_id', '=', botId).where('revision', 'not in', [revision, keepRevision]).execute();
      await tx.insertInto('nlu_models').values({ bot_id: botId, revision, view_hash: viewHash, format, model: bytes, created_at: createdAt })
        .onConflict((oc) => oc.columns(['bot_id', 'revision']).doUpdateSet({ view_hash: viewHash, format, model: bytes, created_at: createdAt }))
        .execute();
    });
  }
}
