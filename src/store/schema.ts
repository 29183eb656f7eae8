// Row types of every table, as Kysely sees them on both SQLite and PostgreSQL.
import type { Generated } from 'kysely';

/** Timestamps are ISO-8601 UTC strings with milliseconds, so they sort and compare as text on both engines. */
type Timestamp = string;

export interface AccountsTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  created_at: Timestamp;
}

export interface ApiTokensTable {
  /** The JWT's `jti`; also the token's public id. */
  jti: string;
  account_id: number;
  name: string;
  /** SHA-256 of the whole token, so a leaked table cannot be replayed as tokens. */
  token_hash: string;
  created_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface BotsTable {
  id: Generated<number>;
  account_id: number;
  name: string;
  current_revision: number;
  latest_revision: number;
  created_at: Timestamp;
}

export interface BotRevisionsTable {
  bot_id: number;
  revision: number;
  /** The definition as submitted, JSON text. */
  definition: string;
  created_at: Timestamp;
}

export interface ChannelsTable {
  id: Generated<number>;
  account_id: number;
  bot_id: number;
  channel_type: string;
  name: string;
  description: string;
  user: string | null;
  /** AES-256-GCM sealed credential; never leaves the store unsealed except to a channel adapter. */
  token_sealed: string | null;
  phone_type: number;
  country_code: string | null;
  /** JSON text of the RCS Verified Sender Setup. */
  data: string | null;
  created_at: Timestamp;
}

export interface HumansTable {
  id: Generated<number>;
  account_id: number;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  email: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface HumanTagsTable {
  account_id: number;
  human_id: number;
  tag: string;
}

export interface SubscriptionsTable {
  channel_id: number;
  human_id: number;
  /** 1 subscribed, 0 unsubscribed: integers read the same on both engines. */
  subscribed: number;
  updated_at: Timestamp;
}

export interface JobsTable {
  id: Generated<number>;
  queue: string;
  /** The job's data as JSON text. */
  data: string;
  /** Completed jobs are deleted, so a row is waiting, running (leased) or failed. */
  state: 'waiting' | 'active' | 'failed';
  /** When a waiting job becomes due. */
  run_at: Timestamp;
  /** Runs started so far; also the fencing token a run's outcome is written under. */
  attempt: number;
  retry_limit: number;
  retry_delay_ms: number;
  /** 1 doubles the delay on each retry, 0 keeps it. */
  retry_backoff: number;
  /** Unique per queue among waiting and active jobs (partial unique index). */
  dedup_key: string | null;
  /** The lease of an active job: past it, another taker may run the job again. */
  locked_until: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface Database {
  accounts: AccountsTable;
  api_tokens: ApiTokensTable;
  bots: BotsTable;
  bot_revisions: BotRevisionsTable;
  channels: ChannelsTable;
  humans: HumansTable;
  human_tags: HumanTagsTable;
  subscriptions: SubscriptionsTable;
  jobs: JobsTable;
}
