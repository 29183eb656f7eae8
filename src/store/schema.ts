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

export interface Database {
  accounts: AccountsTable;
  api_tokens: ApiTokensTable;
  bots: BotsTable;
  bot_revisions: BotRevisionsTable;
  channels: ChannelsTable;
  humans: HumansTable;
  human_tags: HumanTagsTable;
  subscriptions: SubscriptionsTable;
}
