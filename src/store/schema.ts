// Row types of every table, as Kysely sees them on both SQLite and PostgreSQL.
import type { Generated } from 'kysely';
import type { AuditLogTable, MembersTable } from './schema-teams.js';
import type {
  KnowledgeAnswersTable, KnowledgeBasesTable, KnowledgeChunksTable, KnowledgeCrawlsTable, KnowledgeDocumentsTable, KnowledgePostingsTable,
  KnowledgeTermsTable, KnowledgeUsageDailyTable, ModelEndpointsTable,
} from './schema-knowledge.js';

/** Timestamps are ISO-8601 UTC strings with milliseconds, so they sort and compare as text on both engines. */
type Timestamp = string;

export interface AccountsTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  created_at: Timestamp;
  /** Days of message history kept (older messages are deleted daily); null keeps everything. */
  message_retention_days: number | null;
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
  /** The member who made it; null for the account's own credential. */
  member_id: number | null;
  /** JSON array of scopes (`bots:read`, …). */
  scopes: Generated<string>;
  expires_at: Timestamp | null;
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
  /** 1: made by the console's "Try it" (migration 0032). */
  trial: Generated<number>;
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

/** The consent ledger: appended, never updated (docs/consent.md). */
export interface ConsentEventsTable {
  id: Generated<number>;
  account_id: number;
  human_id: number;
  channel_id: number | null;
  family: string;
  state: 'in' | 'out';
  source: string;
  proof: string | null;
  created_at: Timestamp;
}

/** A bulk import of humans (POST /v1/humans/imports) and its counts so far. */
export interface HumanImportsTable {
  id: Generated<number>;
  account_id: number;
  format: 'csv' | 'jsonl';
  status: 'receiving' | 'importing' | 'done' | 'cancelled' | 'failed';
  file_name: string | null;
  rows_total: Generated<number>;
  rows_done: Generated<number>;
  created: Generated<number>;
  updated: Generated<number>;
  /** Rows not imported at all. */
  failed: Generated<number>;
  error_count: Generated<number>;
  /** Why a failed import stopped (the upload broke off). */
  problem: Generated<string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  completed_at: Generated<Timestamp | null>;
}

/** A journey (docs/journeys.md): its current version's definition; every version is kept in journey_versions. */
export interface JourneysTable {
  id: Generated<number>;
  account_id: number;
  name: string;
  /** The current version's channel and goal interaction (also in its definition). */
  channel_id: number;
  goal: string | null;
  version: number;
  /** JSON, versioned (JOURNEY_DEFINITION_FORMAT). */
  definition: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface JourneyVersionsTable {
  journey_id: number;
  version: number;
  definition: string;
  created_at: Timestamp;
}

/** A run of a journey: one human (an API trigger) or a segment, read into entries a page at a time. */
export interface JourneyRunsTable {
  id: Generated<number>;
  account_id: number;
  journey_id: number;
  version: number;
  batch_id: number;
  trigger: 'human' | 'segment';
  trigger_key: string;
  /** JSON: { ids, tags, everyone }. */
  audience: string;
  status: 'entering' | 'running' | 'done' | 'cancelled';
  cursor: Generated<number>;
  starts_at: Timestamp | null;
  expires_at: Timestamp | null;
  /** Humans the run entered (an entry each), skipped ones included. */
  targeted: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  completed_at: Generated<Timestamp | null>;
}

/** A human in a run: due in their time zone, then started (a conversation's event) or skipped with a reason. */
export interface JourneyEntriesTable {
  id: Generated<number>;
  run_id: number;
  journey_id: number;
  human_id: number;
  trigger_key: string;
  status: 'waiting' | 'started' | 'skipped' | 'cancelled';
  reason: string | null;
  due_at: Timestamp;
  started_at: Timestamp | null;
  replied_at: Timestamp | null;
  converted_at: Timestamp | null;
}

/** Received rows not yet written: JSON [[row, {column: value}], …]; deleted with the write that takes them. */
export interface HumanImportChunksTable {
  import_id: number;
  seq: number;
  body: string;
}

/** A row an import could not take, or a field of it it could not set. */
export interface HumanImportErrorsTable {
  id: Generated<number>;
  import_id: number;
  row: number;
  /** The column; null for the row as a whole (a line that is not JSON, a CSV row of the wrong width). */
  field: string | null;
  reason: string;
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
  /** Why the conversation takes no runs (its stored state cannot be read by this release); null: it runs. */
  parked_reason: string | null;
  parked_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The inbox's triage (migration 0030): open | pending | resolved. */
  status: Generated<string>;
  /** The member the conversation is assigned to; null: nobody. */
  assignee_id: Generated<number | null>;
  /** Since when the bot handed over or the human asked for a person; null: nobody is waited for. */
  wants_person_at: Generated<Timestamp | null>;
  /** When it last had a message (in, out, note); '' before its first. The inbox's order. */
  activity_at: Generated<Timestamp>;
}

/** Up to which message a member has read a conversation (migration 0030). */
export interface ConversationReadsTable {
  conversation_id: number;
  member_id: number;
  last_read_id: number;
  updated_at: Timestamp;
}

/** Replies an account's people keep ready to insert (migration 0030). */
export interface CannedRepliesTable {
  id: Generated<number>;
  account_id: number;
  title: string;
  text: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The owner made in the browser on the first run: one row at most (migration 0032). */
export interface FirstRunTable {
  id: number;
  account_id: number;
  completed_at: Timestamp;
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
  /** The message batch whose send this is (POST /v1/messages). */
  batch_id: number | null;
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
  /** Who wrote an outbound message or note: null the bot, 'agent' a person (POST /v1/conversations/{id}/messages). */
  author: Generated<string | null>;
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

/** A proactive send (POST /v1/messages) to many humans, expanded a page at a time. */
export interface MessageBatchesTable {
  id: Generated<number>;
  account_id: number;
  channel_id: number;
  /** JSON: text, media, mediaType, script. */
  payload: string;
  /** JSON: the targets as given (ids and tags). */
  targets: string;
  /** expanding → done. */
  status: string;
  /** Subscribed humans the targets named when the batch was made. */
  total: number;
  /** Humans whose send is in their conversation's inbox. */
  expanded: number;
  /** Humans the channel has no address for (never wrote in on a non-phone channel). */
  unreachable: number;
  /** The last human id expanded: where a restarted expansion resumes. */
  cursor: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  completed_at: Timestamp | null;
}

/** Per channel, the earliest instant (ms) the next delivery may go: a rate limit every process shares. */
export interface ChannelDeliverySlotsTable {
  channel_id: number;
  next_at_ms: number;
}

/** Per channel and recipient, the earliest instant (ms) the next delivery to them may go (Telegram: a message a second a chat). */
export interface RecipientDeliverySlotsTable {
  channel_id: number;
  address: string;
  next_at_ms: number;
}

/** A file a person sent through a provider that keeps it behind its own authentication, kept once read. */
export interface ProviderMediaTable {
  channel_id: number;
  /** The provider's id of the file. */
  ref: string;
  account_id: number;
  /** The human who sent it, when known: their erasure empties it. */
  human_id: number | null;
  content_type: string | null;
  size: number;
  bytes: Buffer;
  created_at: Timestamp;
  /** Set when erased with its human: no bytes are kept, and the URL never reads the file again. */
  erased_at: Generated<string | null>;
}

/** Analytics: a count per account, UTC day (yyyy-mm-dd), bot, channel, metric and key, added to as things happen. */
export interface AnalyticsCountsTable {
  account_id: number;
  day: string;
  bot_id: number;
  channel_id: number;
  metric: string;
  /** An interaction's name, a failure's reason; '' for none. */
  key: string;
  /** bigint: PostgreSQL's driver reads it as a string. */
  count: number | string;
}

/** What a change adds to the analytics, appended with it and folded into analytics_counts soon after. */
export interface AnalyticsDeltasTable {
  id: Generated<number>;
  account_id: number;
  day: string;
  bot_id: number;
  channel_id: number;
  metric: string;
  key: string;
  n: number | string;
}

/** What people wrote that the bot did not understand, per day, normalised, with how often. */
export interface AnalyticsUnrecognisedTable {
  account_id: number;
  day: string;
  bot_id: number;
  channel_id: number;
  text: string;
  count: number | string;
  last_at: string;
}

/** A URL an account subscribed to event types; deliveries are signed with its secret (Standard Webhooks). */
export interface WebhookSubscriptionsTable {
  id: Generated<number>;
  account_id: number;
  url: string;
  description: string;
  /** JSON array of event type names. */
  event_types: string;
  /** AES-256-GCM sealed `whsec_…` signing secret. */
  secret_sealed: string;
  /** The secret before the last rotation, still signed with until `previous_secret_until`. */
  previous_secret_sealed: string | null;
  previous_secret_until: Timestamp | null;
  /** 1 enabled; 0 disabled (by the account, or by the endpoint answering 410 Gone). */
  enabled: number;
  disabled_reason: string | null;
  /** The endpoint asked to be left alone (429, 502, 504, Retry-After) until then. */
  throttled_until: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One event to one subscription: the body to send, and the log of its attempts. */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  account_id: number;
  subscription_id: number;
  /** The `webhook-id` header (msg_…): the same for every attempt and every subscription of one event. */
  message_id: string;
  event_type: string;
  /** The JSON body, exactly as sent: {type, timestamp, data}. */
  payload: string;
  /** pending → delivered | failed | cancelled. */
  status: string;
  attempts: number;
  /** Fencing token: bumped on every (re)schedule; a job carrying an older value is stale. */
  seq: number;
  last_status_code: number | null;
  last_error: string | null;
  last_attempt_at: Timestamp | null;
  next_attempt_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface NluModelsTable {
  bot_id: number;
  revision: number;
  /** SHA-256 (hex) of the NLU view the model was trained on. */
  view_hash: string;
  format: number;
  /** encodeRecognizer's bytes. */
  model: Uint8Array;
  created_at: Timestamp;
}

/** A server process that runs conversations, and when it last said it was alive (the database's clock). */
export interface ServingProcessesTable {
  /** The process's name in conversation claims (`conversations.lease_owner`). */
  id: string;
  host: string;
  pid: number;
  started_at: Timestamp;
  heartbeat_at: Timestamp;
}

/** A console sign-in: the cookie's value and the CSRF token are kept only as SHA-256 hashes. */
export interface SessionsTable {
  id: string;
  account_id: number;
  /** The team member signed in, once accounts have members; null: the account itself. */
  member_id: number | null;
  token_hash: string;
  csrf_hash: string;
  user_agent: string;
  address: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

/** Failed sign-ins per hash of (e-mail, client address), and until when further tries are refused. */
export interface SignInFailuresTable {
  key: string;
  failures: number;
  first_failed_at: Timestamp;
  blocked_until: Timestamp | null;
}

/** An account's single sign-on (migration 0040): one OpenID Connect provider. */
export interface AccountSsoTable {
  account_id: number;
  enabled: number;
  issuer: string;
  client_id: string;
  client_secret_sealed: string;
  allowed_domains: string;
  role_claim: string | null;
  role_map: string;
  default_role: string | null;
  password_sign_in: number;
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
  webhook_subscriptions: WebhookSubscriptionsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  message_batches: MessageBatchesTable;
  channel_delivery_slots: ChannelDeliverySlotsTable;
  recipient_delivery_slots: RecipientDeliverySlotsTable;
  provider_media: ProviderMediaTable;
  nlu_models: NluModelsTable;
  serving_processes: ServingProcessesTable;
  members: MembersTable;
  audit_log: AuditLogTable;
  sessions: SessionsTable;
  sign_in_failures: SignInFailuresTable;
  knowledge_bases: KnowledgeBasesTable;
  knowledge_documents: KnowledgeDocumentsTable;
  knowledge_chunks: KnowledgeChunksTable;
  knowledge_postings: KnowledgePostingsTable;
  knowledge_terms: KnowledgeTermsTable;
  knowledge_crawls: KnowledgeCrawlsTable;
  model_endpoints: ModelEndpointsTable;
  knowledge_answers: KnowledgeAnswersTable;
  knowledge_usage_daily: KnowledgeUsageDailyTable;
  account_sso: AccountSsoTable;
  conversation_reads: ConversationReadsTable;
  canned_replies: CannedRepliesTable;
  first_run: FirstRunTable;
  analytics_counts: AnalyticsCountsTable;
  analytics_unrecognised: AnalyticsUnrecognisedTable;
  analytics_deltas: AnalyticsDeltasTable;
  consent_events: ConsentEventsTable;
  human_imports: HumanImportsTable;
  human_import_chunks: HumanImportChunksTable;
  human_import_errors: HumanImportErrorsTable;
  journeys: JourneysTable;
  journey_versions: JourneyVersionsTable;
  journey_runs: JourneyRunsTable;
  journey_entries: JourneyEntriesTable;
}
