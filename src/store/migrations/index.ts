// Every migration in order; add new ones at the end and never edit a released one.
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from './dialect.js';
import * as m0001 from './0001_initial.js';
import * as m0002 from './0002_jobs.js';
import * as m0003 from './0003_conversations.js';
import * as m0004 from './0004_broadcasts.js';
import * as m0005 from './0005_webhooks.js';
import * as m0006 from './0006_nlu_models.js';
import * as m0007 from './0007_serving_processes.js';
import * as m0010 from './0010_message_retention.js';
import * as m0011 from './0011_parked_conversations.js';
import * as m0009 from './0009_teams.js';
import * as m0008 from './0008_console.js';
import * as m0012 from './0012_message_path_indexes.js';
import * as m0013 from './0013_subscriptions_by_human.js';
import * as m0014 from './0014_broadcast_page_indexes.js';
import * as m0015 from './0015_unindexed_claims.js';
import * as m0016 from './0016_messaging_apps.js';
import * as m0020 from './0020_knowledge.js';
import * as m0030 from './0030_inbox_triage.js';
import * as m0031 from './0031_member_names.js';
import * as m0032 from './0032_first_run.js';
import * as m0040 from './0040_account_sso.js';
import * as m0041 from './0041_erased_media.js';
import * as m0042 from './0042_analytics.js';
import * as m0043 from './0043_consent_ledger.js';
import * as m0044 from './0044_human_imports.js';
import * as m0045 from './0045_journeys.js';

type Step = { up(db: Kysely<unknown>, dialect: Dialect): Promise<void> };

const steps: Record<string, Step> = {
  '0001_initial': m0001,
  '0002_jobs': m0002,
  '0003_conversations': m0003,
  '0004_broadcasts': m0004,
  '0005_webhooks': m0005,
  '0006_nlu_models': m0006,
  '0007_serving_processes': m0007,
  '0010_message_retention': m0010,
  '0011_parked_conversations': m0011,
  '0009_teams': m0009,
  '0008_console': m0008,
  '0012_message_path_indexes': m0012,
  '0013_subscriptions_by_human': m0013,
  '0014_broadcast_page_indexes': m0014,
  '0015_unindexed_claims': m0015,
  '0016_messaging_apps': m0016,
  '0020_knowledge': m0020,
  '0030_inbox_triage': m0030,
  '0031_member_names': m0031,
  '0032_first_run': m0032,
  '0040_account_sso': m0040,
  '0041_erased_media': m0041,
  '0042_analytics': m0042,
  '0043_consent_ledger': m0043,
  '0044_human_imports': m0044,
  '0045_journeys': m0045,
};

export function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return Object.fromEntries(
    Object.entries(steps).map(([name, step]) => [name, { up: (db: Kysely<unknown>) => step.up(db, dialect) }]),
  );
}
