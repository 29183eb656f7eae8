// The services' front door: wires every service over one store, as the HTTP layer and the CLI use them.
import crypto from 'node:crypto';
import { createProviders, type ProviderRegistry, Sandbox, SILENT_LOGGER, SmtpMailer, WebChat } from '../channels/index.js';
import type { Config } from '../config.js';
import { createJobQueue } from '../jobs/index.js';
import { createGuardedHttp } from '../net/index.js';
import {
  channelDirectory, createLookupServices, type PhoneLookupService, type RcsCapabilityService,
} from '../lookup/index.js';
import { loadServerSecrets, SecretBox } from '../security/index.js';
import { CannedReplyRepository, JourneyRepository, ProviderMediaRepository, repositories, type Store, TriageRepository, WebhookRepository } from '../store/index.js';
import { systemClock, type Clock } from '../time.js';
import { AccountEvents } from './account-events.js';
import { AccountService } from './accounts.js';
import { BotService } from './bots.js';
import { BotTestService } from './bot-tests.js';
import { ConsentService } from './consent.js';
import { HumanImportService, IMPORT_JOB_FORMAT, IMPORT_QUEUE, IMPORT_WATCH_FORMAT, IMPORT_WATCH_QUEUE } from './imports/human-imports.js';
import { ChannelService } from './channels.js';
import { AgentReplies } from './conversations/agent-replies.js';
import { ConversationService } from './conversations/conversation-service.js';
import { InboxService } from './conversations/inbox.js';
import { CannedReplyService } from './canned-replies.js';
import { FirstRun, setupCode } from './first-run.js';
import { BROADCAST_JOB_FORMAT, BROADCAST_QUEUE, BroadcastService } from './messages/broadcasts.js';
import { JourneyService } from './journeys/journeys.js';
import { JOURNEY_ENTER_QUEUE, JOURNEY_JOB_FORMAT, JOURNEY_START_QUEUE, JourneyRunService } from './journeys/journey-runs.js';
import { readJob } from './stored-jobs.js';
import { ConversationRuntime } from './conversations/runtime.js';
import { HumanAttributeService } from './human-attributes.js';
import { HumanService } from './humans.js';
import { HumanDataService } from './lifecycle/human-data.js';
import { RETENTION_QUEUE, RetentionService } from './lifecycle/retention.js';
import { Metrics } from './operations/metrics.js';
import { Readiness } from './operations/readiness.js';
import { OverviewService } from './overview.js';
import { AnalyticsService } from './analytics/analytics-service.js';
import { SessionService } from './sessions.js';
import { SubscriptionService } from './subscriptions.js';
import { AUDIT_RETENTION_QUEUE, AuditService } from './teams/audit.js';
import { MemberService } from './teams/members.js';
import { TokenService } from './tokens.js';
import { WebhookDispatcher } from './webhooks/dispatcher.js';
import { WebhookResender } from './webhooks/resend.js';
import { WebhookService } from './webhooks/service.js';
import { CachedRecords } from './cached-records.js';
import { ProviderMedia } from './media/provider-media.js';
import { createKnowledge, type Knowledge } from './knowledge/index.js';
import { SsoSettingsStore } from './sso/settings.js';
import { SsoSignIn } from './sso/sign-in.js';

export interface Services {
  accounts: AccountService;
  /** Single sign-on per account: its settings, and the OpenID Connect sign-in (docs/sso.md). */
  sso: { settings: SsoSettingsStore; signIn: SsoSignIn };
  tokens: TokenService;
  /** Members of accounts, their roles and invitations (docs/security.md). */
  members: MemberService;
  /** The audit log of changes by members and tokens; its daily retention job is scheduled by the server. */
  audit: AuditService;
  /** Console sign-ins (session cookies), their list and revocation, password changes. */
  sessions: SessionService;
  bots: BotService;
  /** Conversation tests run for the console, with what they exercised (docs/console.md). */
  botTests: BotTestService;
  channels: ChannelService;
  humans: HumanService;
  /** A human's own (human-scope) attributes, read and written across their conversations. */
  humanAttributes: HumanAttributeService;
  subscriptions: SubscriptionService;
  /** The consent ledger: a human's opt-ins and opt-outs per channel family, and the account's export (docs/consent.md). */
  consent: ConsentService;
  /** Bulk imports of humans from CSV or JSON lines (docs/humans-import.md). */
  humanImports: HumanImportService;
  phoneLookup: PhoneLookupService;
  rcsCapability: RcsCapabilityService;
  /** Conversations: inbox, runner, outbox. Its workers run only once the server starts it. */
  runtime: ConversationRuntime;
  conversations: ConversationService;
  /** People in a conversation: their replies (through the outbox) and internal notes. */
  agentReplies: AgentReplies;
  /** The inbox to triage: filters, search, last messages, unread counts and read marks. */
  inbox: InboxService;
  /** The account's canned replies. */
  cannedReplies: CannedReplyService;
  /** The console's first run: the owner made in the browser while the server has no account. */
  firstRun: FirstRun;
  /** Today's counts for the console's overview. */
  overview: OverviewService;
  /** Counts over any range of days, from the rollups (docs/analytics.md). */
  analytics: AnalyticsService;
  /** Conversation changes pushed to the account's open consoles (GET /v1/events, a WebSocket). */
  accountEvents: AccountEvents;
  broadcasts: BroadcastService;
  /** Journeys: versioned outbound definitions (docs/journeys.md). */
  journeys: JourneyService;
  /** Their runs for one human or a segment, each human at their sending time, and the runs' reports. */
  journeyRuns: JourneyRunService;
  webChat: WebChat;
  /** The phone simulator at /sandbox: channels whose token is `sandbox` deliver to it (docs/sandbox.md). */
  sandbox: Sandbox;
  /** Provider channels (RCS, SMS, messenger, microblog, voice, WhatsApp, Telegram): delivery adapters and webhooks. */
  providers: ProviderRegistry;
  /** Files people send through WhatsApp and Telegram, served at signed URLs (GET /media/…). */
  media: ProviderMedia;
  webhooks: WebhookService;
  /** Sends a finished webhook delivery again (the delivery log's "send again"). */
  webhookResender: WebhookResender;
  /** Sends webhook deliveries from the job queue; the server starts it with its logger and stops it after the runtime. */
  webhookDispatcher: WebhookDispatcher;
  /** /readyz: database, migrations and job engine, checked on each call. */
  readiness: Readiness;
  /** /metrics: Prometheus counters fed by the runtime's events, queue depths read on each scrape. */
  metrics: Metrics;
  /** Export and erasure of everything held about one human. */
  humanData: HumanDataService;
  /** Message history retention per account; its daily job is queued when the server starts (`schedule`). */
  retention: RetentionService;
  /** Knowledge bases, their documents and crawls, search (docs/knowledge.md). */
  knowledge: Knowledge;
}

/**
 * The daily purges start within a minute of their time: looked for every JOBS_POLL_MS (200 ms), their two queues were
 * two of the seven statements a process ran five times a second, idle or not, each planned anew by PostgreSQL.
 */
const DAILY_JOB_POLL_MS = 60_000;

export function createServices(config: Config, store: Store, clock: Clock = systemClock): Services {
  const secrets = loadServerSecrets(config);
  const repos = repositories(store.db);
  const records = new CachedRecords(store.feed, { channels: repos.channels, bots: repos.bots, tokens: repos.tokens, journeys: new JourneyRepository(store.db) });
  const secretBox = new SecretBox(secrets.encryptionKey);
  const jobs = createJobQueue(config, store);
  const mailer = new SmtpMailer(config.smtp);
  // The providers are made after the runtime they use: the media service asks them for files only once they exist.
  let providers: ProviderRegistry | null = null;
  let runtime: ConversationRuntime | null = null;
  const media: ProviderMedia = new ProviderMedia({
    repo: new ProviderMediaRepository(store.db),
    key: crypto.createHmac('sha256', secrets.jwtSecret).update('provider media URLs').digest(),
    baseUrl: config.publicUrl ?? `http://localhost:${config.port}`,
    sourceOf: (type) => providers?.mediaOf(type),
    findChannel: async (id) => runtime?.channels.find(id),
    maxBytes: config.media.maxBytes,
    clock,
    log: () => runtime?.log ?? SILENT_LOGGER,
  });
  runtime = new ConversationRuntime({
    config, store, secrets: secretBox, clock,
    jobs,
    http: createGuardedHttp(config.outbound),
    mailer,
    records,
    media,
  });
  // A published revision is trained at once (on a worker thread): the first message to it does not wait a training.
  const bots = new BotService(repos, clock, records, (botId, revision) => runtime.programs.warm(botId, revision));
  const channels = new ChannelService(repos, bots, secretBox, clock, records, (type) => providers?.lifecycleOf(type));
  const lookups = createLookupServices(config, channelDirectory(channels, (accountId) => repos.channels.list(accountId)));
  const serverKey = (purpose: string) => crypto.createHmac('sha256', secrets.jwtSecret).update(purpose).digest();
  providers = createProviders({ config, runtime, lookups, clock, serverKey });
  for (const adapter of providers.adapters()) runtime.registerAdapter(adapter);
  const tokens = new TokenService(repos, secrets.jwtSecret, clock, records);
  // After the providers' adapters: it overrides them for sandbox channels only; started and closed with the providers.
  const sandbox = new Sandbox({ config, runtime, authenticate: async (token) => (await tokens.authenticate(token)).accountId });
  providers.add(sandbox.provider());
  const registry = providers;
  const broadcasts = new BroadcastService(store.db, jobs, runtime, clock, store.bulk(), store.dialect === 'postgres', (type) => registry.rulesOf(type));
  const audit = new AuditService(repos, jobs, clock, config.auditRetentionDays, new WebhookRepository(store.db));
  runtime.work(AUDIT_RETENTION_QUEUE, async () => audit.runRetention(), { pollMs: DAILY_JOB_POLL_MS });
  runtime.work<unknown>(BROADCAST_QUEUE, async ({ data }) => broadcasts.expand(readJob(BROADCAST_JOB_FORMAT, data, runtime.log).batchId), { concurrency: 2 });
  const humanImports = new HumanImportService(store.db, jobs, clock, store.dialect === 'postgres');
  runtime.work<unknown>(IMPORT_QUEUE, async ({ data }) => humanImports.run(readJob(IMPORT_JOB_FORMAT, data, runtime.log).importId));
  runtime.work<unknown>(IMPORT_WATCH_QUEUE, async ({ data }) => humanImports.watch(readJob(IMPORT_WATCH_FORMAT, data, runtime.log).importId), { pollMs: 1000 });
  const journeys = new JourneyService(store.db, repos, runtime, clock, (channelId) => records.changedJourneys(channelId));
  const journeyRuns = new JourneyRunService(store.db, jobs, runtime, journeys, clock);
  runtime.work<unknown>(JOURNEY_ENTER_QUEUE, async ({ data }) => journeyRuns.enterJob(readJob(JOURNEY_JOB_FORMAT, data, runtime.log).runId));
  runtime.work<unknown>(JOURNEY_START_QUEUE, async ({ data }) => journeyRuns.startDue(readJob(JOURNEY_JOB_FORMAT, data, runtime.log).runId), { concurrency: 2 });
  // Webhook deliveries go out through their own SSRF-guarded client: one that never follows redirects (Standard Webhooks).
  const webhookDispatcher = new WebhookDispatcher(store.db, runtime.jobs, createGuardedHttp(config.outbound, { followRedirects: false }), secretBox, config.webhooks, records, clock);
  const retention = new RetentionService(store.db, jobs, clock);
  runtime.work(RETENTION_QUEUE, () => retention.runJob(), { pollMs: DAILY_JOB_POLL_MS });
  const metrics = observe(new Metrics(store, jobs, { token: config.metrics.token }), runtime, webhookDispatcher);
  const knowledge = createKnowledge({
    config, store, jobs, clock, secrets: secretBox, registry: metrics.registry, log: () => runtime.log,
    work: (queue, handler, options) => runtime.work(queue, handler, options),
  });
  // Answer steps get their port; what a model writes is told as drafts (web chat and the sandbox show them).
  runtime.useKnowledge((run) => ({
    ...knowledge.answers.port(run, (text) => runtime.events.emit('answer.draft', { conversationId: run.conversationId, channelId: run.channelId, channelType: run.channelType, text })),
    classify: (request) => knowledge.classifier.classify(run, request),
  }));
  const ssoSettings = new SsoSettingsStore(store.db, secretBox, clock, config.ssoAllowHttpIssuers);
  const sessions = new SessionService(repos, clock, (accountId) => ssoSettings.passwordsRefused(accountId), audit);
  const ssoOptions = { allowHosts: config.outbound.allowHosts, allowHttpIssuers: config.ssoAllowHttpIssuers };
  const triage = new TriageRepository(store.db, store.dialect);
  const conversations = new ConversationService(repos, triage, clock, config.conversations.leaseSeconds, runtime.channels);
  const accounts = new AccountService(repos, clock, store.db);
  return {
    sso: { settings: ssoSettings, signIn: new SsoSignIn(ssoSettings, repos, sessions, audit, secretBox, clock, ssoOptions) },
    accounts,
    tokens,
    members: new MemberService(store.db, store.dialect, tokens, mailer, clock),
    audit,
    sessions,
    firstRun: new FirstRun(repos, clock, accounts, sessions, audit, setupCode(secrets.jwtSecret)),
    bots,
    botTests: new BotTestService(bots, config.botTimeZone),
    consent: new ConsentService(repos, clock),
    humanImports,
    channels,
    humans: new HumanService(repos, clock),
    humanAttributes: new HumanAttributeService(repos, clock),
    subscriptions: new SubscriptionService(repos, channels, clock, store.db, runtime.webhookEvents),
    ...lookups,
    runtime,
    conversations,
    agentReplies: new AgentReplies(repos, triage, runtime.channels, (id) => runtime.kick(id), clock,
      (accountId, id, by) => conversations.update(accountId, id, { botEnabled: false }, by), (type) => registry.rulesOf(type)),
    inbox: new InboxService(repos, triage, clock),
    cannedReplies: new CannedReplyService(new CannedReplyRepository(store.db), clock),
    overview: new OverviewService(repos, clock),
    analytics: new AnalyticsService(repos, clock, { bot: (accountId, id) => bots.get(accountId, id), channel: (accountId, id) => channels.owned(accountId, id) }),
    accountEvents: new AccountEvents(runtime.events, repos),
    broadcasts,
    journeys,
    journeyRuns,
    webChat: new WebChat(config, runtime, secrets.jwtSecret),
    sandbox,
    providers,
    media,
    webhooks: new WebhookService(store.db, secretBox, config.outbound.allowHosts, clock, records),
    webhookResender: new WebhookResender(store.db, runtime.jobs, clock),
    webhookDispatcher,
    readiness: new Readiness(store, jobs),
    metrics,
    humanData: new HumanDataService(store.db, clock),
    retention,
    knowledge,
  };
}

/** Feeds the metrics from what the runtime and the webhook dispatcher tell: in memory, no statement per message. */
function observe(metrics: Metrics, runtime: ConversationRuntime, webhooks: WebhookDispatcher): Metrics {
  runtime.ingest.onMessageStored((channelType, duplicate) => metrics.inboundMessage(channelType, duplicate ? 'duplicate' : 'received'));
  for (const status of ['sent', 'failed', 'delivered', 'read'] as const) {
    runtime.events.on(`message.${status}`, (info) => metrics.outboundMessage(info.channelType ?? 'unknown', status, info.queuedAt));
  }
  runtime.events.on('conversation.committed', (run) => metrics.runCounted(run.channelType, run.counted));
  runtime.programs.onClassify((seconds) => metrics.classified(seconds));
  webhooks.onAttempt((outcome) => metrics.webhookAttempt(outcome));
  return metrics;
}

export type { Metrics } from './operations/metrics.js';
export { MAX_RANGE_DAYS, type ChannelFigures, type Figures } from './analytics/analytics-service.js';
export { toCsv, type Cell } from './analytics/csv.js';
export type * from './knowledge/index.js';
export { MAX_RESULTS as MAX_KNOWLEDGE_RESULTS } from './knowledge/index.js';
export type { NewToken, TokenInfo, TokenService } from './tokens.js';
export type { Invitation, MemberService, MemberView } from './teams/members.js';
export { ATTRIBUTE_LIMITS } from './human-attributes.js';
export { formatOf as importFormatOf, IMPORT_CONTENT_TYPES } from './imports/import-file.js';
export { MAX_IMPORT_ROWS, type HumanImport, type HumanImportService } from './imports/human-imports.js';
export type { AuditChange, AuditEntry, AuditService } from './teams/audit.js';
export { accountPrincipal, authorize, memberPrincipal, type Principal, type Requirement } from './teams/principal.js';
export { ALL_SCOPES, FAMILIES, grantOf, isRole, ROLES, roleScopes, type Family, type Role, type Scope } from './teams/roles.js';
export type { SessionService } from './sessions.js';
export { SignInThrottledError } from './sign-in-throttle.js';
export { EVENT_DESCRIPTIONS, EVENT_TYPES, type EventType } from './webhooks/event-types.js';
/** The bot and experience definition schemas: the OpenAPI document describes a bot's body with them. */
export { DEFINITION_SCHEMAS } from '../engine/index.js';
