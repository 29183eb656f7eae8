// Journeys (docs/journeys.md): a named outbound definition kept version by version, its runs (one human by an API
// trigger, or a segment), and one entry per human of a run: when it is due in their time zone, whether it started a
// conversation or was skipped and why. An entry is unique per (journey, human, trigger key): a trigger repeated adds nothing.
import type { Kysely } from 'kysely';
import { idColumn, type Dialect } from './dialect.js';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await idColumn(db.schema.createTable('journeys'), dialect)
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // The current version's channel and goal, beside its definition: a conversation's run finds the goals of its channel's
    // journeys by them (a conversion is the goal of the journey as it is now).
    .addColumn('channel_id', 'integer', (c) => c.notNull())
    .addColumn('goal', 'text')
    // The current version's number and definition (JSON, versioned: JOURNEY_DEFINITION_FORMAT).
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('definition', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('journeys_by_account').on('journeys').columns(['account_id', 'id']).execute();
  await db.schema.createIndex('journeys_by_channel').on('journeys').columns(['channel_id']).execute();

  await db.schema.createTable('journey_versions')
    .addColumn('journey_id', 'integer', (c) => c.notNull().references('journeys.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('definition', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('journey_versions_pk', ['journey_id', 'version'])
    .execute();

  await idColumn(db.schema.createTable('journey_runs'), dialect)
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('journey_id', 'integer', (c) => c.notNull().references('journeys.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    // The message batch its sends belong to: their delivery counts are the batch's.
    .addColumn('batch_id', 'integer', (c) => c.notNull())
    // 'human' (one human, an API trigger) or 'segment'.
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('trigger_key', 'text', (c) => c.notNull())
    // JSON: { ids, tags, everyone }.
    .addColumn('audience', 'text', (c) => c.notNull())
    // entering (the audience is being read), running (entries wait for their time), done, cancelled.
    .addColumn('status', 'text', (c) => c.notNull())
    // The last human id entered: where a restarted reading of the audience goes on.
    .addColumn('cursor', 'integer', (c) => c.notNull().defaultTo(0))
    // No human starts before it (a run scheduled for later); null: from when it is made.
    .addColumn('starts_at', 'text')
    // Past it a human still outside their sending window is skipped instead of waited for; null: waited for.
    .addColumn('expires_at', 'text')
    .addColumn('targeted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .execute();
  await db.schema.createIndex('journey_runs_by_journey').on('journey_runs').columns(['journey_id', 'id']).execute();

  await idColumn(db.schema.createTable('journey_entries'), dialect)
    .addColumn('run_id', 'integer', (c) => c.notNull().references('journey_runs.id').onDelete('cascade'))
    .addColumn('journey_id', 'integer', (c) => c.notNull())
    .addColumn('human_id', 'integer', (c) => c.notNull().references('humans.id').onDelete('cascade'))
    .addColumn('trigger_key', 'text', (c) => c.notNull())
    // waiting (for due_at), started, skipped (see reason), cancelled.
    .addColumn('status', 'text', (c) => c.notNull())
    // no_consent, unreachable, quiet_hours.
    .addColumn('reason', 'text')
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    // Set by the conversation's own runs: a reply after the start, the goal entered.
    .addColumn('replied_at', 'text')
    .addColumn('converted_at', 'text')
    .execute();
  await db.schema.createIndex('journey_entries_once').unique().on('journey_entries').columns(['journey_id', 'human_id', 'trigger_key']).execute();
  await db.schema.createIndex('journey_entries_due').on('journey_entries').columns(['run_id', 'status', 'due_at']).execute();
}
