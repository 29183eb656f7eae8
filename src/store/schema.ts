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
  /** Humans linked together share this group id (the `shared` attribute scope); null: the human alone. */
  link_group: number | null;
  /** RCS capability from the last lookup: 1/0, null when never looked up. */
  rcs_enabled: number | null;
  /** JSON array of RCS features. */
  rcs_features: string | null;
  rcs_checked_at: Timestamp | null;
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

/** How a channel knows a human: the provider's id for them (phone, page-scoped id, visitor id). */
export interface HumanIdentitiesTable {
  channel_id: number;
  address: string;
  account_id: number;
  human_id: number;
  created_at: Timestamp;
}

export interface ConversationsTable {
  id: Generated<number>;
  account_id: number;
  bot_id: number;
  channel_id: number;
  human_id: number;
  /** Where the channel delivers to this human (their identity's address). */
  address: string;
  /** JSON of the engine's ConversationState. */
  state: string;
  bot_enabled: number;
  priority: string;
  /** The process running the conversation now, and until when its claim holds. */
  lease_owner: string | null;
  lease_until: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The inbox: everything that happens to a conversation, handled one at a time in id order. */
export interface ConversationEventsTable {
  id: Generated<number>;
  conversation_id: number;
  channel_id: number;
  kind: string;
  /** The provider's message id or the timer's token: the same key twice is one event. */
  dedup_key: string | null;
  /** JSON of the engine's ConversationEvent. */
  payload: string;
  /** pending → done. */
  status: string;
  created_at: Timestamp;
  processed_at: Timestamp | null;
}

/** Message history and outbox: inbound messages, outbound messages, e-mails and notes. */
export interface MessagesTable {
  id: Generated<number>;
  account_id: number;
  conversation_id: number;
  channel_id: number;
  human_id: number;
  /** in, out or note. */
  direction: string;
  /** message, email or note. */
  kind: string;
  /** JSON: the inbound event, or the rendered outbound item. */
  content: string;
  /** in: received; out: queued, sent, delivered, read, failed. */
  status: string;
  failure_reason: string | null;
  provider_message_id: string | null;
  attempts: number;
  /** When a queued message may be tried (again); null: now. */
  next_attempt_at: Timestamp | null;
  /** The inbound event whose run produced this message. */
  event_id: number | null;
  batch_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Stored attributes: human scope per conversation, bot per bot, user per account, shared per link group. */
export interface AttributesTable {
  account_id: number;
  scope: string;
  owner_id: number;
  name: string;
  value: string;
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
  human_identities: HumanIdentitiesTable;
  conversations: ConversationsTable;
  conversation_events: ConversationEventsTable;
  messages: MessagesTable;
  attributes: AttributesTable;
}
