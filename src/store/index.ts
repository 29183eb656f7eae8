// The store's front door: opening the database, the repositories, and the row types services read.
export { openMigratedStore, type Store } from './db.js';
export type { Transactions } from './group-commit.js';
export { missingMigrations, pingDatabase } from './readiness.js';
export { queueDepths, type QueueDepths } from './depths.js';
export type { ChangeFeed } from './change-feed.js';
export { CachedReads } from './cached-reads.js';
export { isUniqueViolation } from './unique-violation.js';
export { ProcessRepository } from './repositories/processes.js';
export { PLANNED_EACH_TIME } from './planned-each-time.js';
export { HumanImportRepository, type HumanImportRow, type HumanImportErrorRow, type ImportProgress } from './repositories/human-imports.js';
export { JourneyRepository, type JourneyRow } from './repositories/journeys.js';
export { JourneyRunRepository, type Audience, type AudienceHuman, type JourneyEntryRow, type JourneyRunRow, type NewEntry, type RunCounts } from './repositories/journey-runs.js';
export type { BotRepository } from './repositories/bots.js';
export type { ChannelRepository } from './repositories/channels.js';
export type { TokenRepository, TokenRow } from './repositories/tokens.js';
export type { SessionRow } from './repositories/sessions.js';
export type { OverviewCounts } from './repositories/overview.js';
export { mergeTallies, UNRECOGNISED_TEXT, type AnalyticsScope, type CountRow, type Tally, type UnrecognisedRow } from './repositories/analytics.js';
export type { Dialect } from './migrations/dialect.js';
export type { AttributeOwner, StoredScopeName } from './repositories/attributes.js';
export type { TargetFilter } from './repositories/batches.js';
export type { BotRow } from './repositories/bots.js';
export type { ChannelRow, ChannelWrite } from './repositories/channels.js';
export { NO_TRIAGE, type ConversationRow, type RunTriage } from './repositories/conversations.js';
export {
  TriageRepository, UNREAD_CAP, type InboxFilter, type InboxPosition, type InboxRow, type InboxSummary, type PlainFilter, type Triage,
  type TriagedConversation, type TriageStatus,
} from './repositories/triage.js';
export { CannedReplyRepository, type CannedReplyRow } from './repositories/canned-replies.js';
export type { ConsentEntry, ConsentRow } from './repositories/consent.js';
export { ingestFirstContact } from './repositories/first-contact-ingest.js';
export { ingestKnown, type KnownIngest } from './repositories/known-ingest.js';
export { type RunCommit, type RunCommitted, sharedRunCommits } from './repositories/run-commit.js';
export { passStatements, type PassStatements } from './pass-statements.js';
export type { HumanRecord } from './repositories/human-records.js';
export type { HumanFilter, HumanRow } from './repositories/humans.js';
export type { InboxEvent } from './repositories/inbox.js';
export { repositories, type Repositories } from './repositories/index.js';
export type { MessageRow, MessageStatus } from './repositories/messages.js';
export { memberName, type MemberRow } from './repositories/members.js';
export type { AuditFilter, AuditRow } from './repositories/audit.js';
export { NluModelRepository } from './repositories/nlu-models.js';
export { ProviderMediaRepository, type StoredMedia } from './repositories/provider-media.js';
export { HumanDataRepository, type ErasedCounts, type HumanDataRows } from './repositories/human-data.js';
export { RetentionRepository } from './repositories/retention.js';
export {
  WebhookDeliveryRepository, type AttemptRecord, type DeliveryRow, type DeliveryStatus,
} from './repositories/webhooks-deliveries.js';
export { WebhookRepository, type WebhookRow } from './repositories/webhooks.js';
export type { Database, JobsTable } from './schema.js';
