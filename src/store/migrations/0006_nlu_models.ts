// Trained recognizers per (bot, revision), so that a restart or a second process restores a bot's model instead of training it again.
import type { Kysely } from 'kysely';
import type { Dialect } from './dialect.js';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema.createTable('nlu_models')
    .addColumn('bot_id', 'integer', (c) => c.notNull().references('bots.id').onDelete('cascade'))
    .addColumn('revision', 'integer', (c) => c.notNull())
    // SHA-256 of what the recognizer was trained on (the bot's and its included bots' intents, keywords and expressions):
    // an included bot's new revision changes it without changing this bot's revision.
    .addColumn('view_hash', 'text', (c) => c.notNull())
    // RECOGNIZER_FORMAT of the bytes: a model of another format is trained again.
    .addColumn('format', 'integer', (c) => c.notNull())
    .addColumn('model', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('nlu_models_pk', ['bot_id', 'revision'])
    .execute();
}
