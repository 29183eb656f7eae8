// The services' front door: wires every service over one store, as the HTTP layer and the CLI use them.
import { createProviders, type ProviderRegistry, Sandbox, SmtpMailer, WebChat } from '../channels/index.js';
import type { Config } from '../config.js';
import { createJobQueue } from '../jobs/index.js';
import { createGuardedHttp } from '../net/index.js';
import {
  channelDirectory, createLookupServices, type PhoneLookupService, type RcsCapabilityService,
} from '../lookup/index.js';
import { loadServerSecrets, SecretBox } from '../security/index.js';
import { repositories, type Store } from '../store/index.js';
import { systemClock, type Clock } from '../time.js';
import { AccountEvents } from './account-events.js';
import { AccountService } from './accounts.js';
import { BotService } from './bots.js';
import { ChannelService } from './channels.js';
import { AgentReplies } from './conversations/agent-replies.js';
import { ConversationService } from './conversations/conversation-service.js';
import { BROADCAST_JOB_FORMAT, BROADCAST_QUEUE, BroadcastService } from './messages/broadcasts.js';
import { readJob } from './stored-jobs.js';
import { ConversationRuntime } from './conversations/runtime.js';
import { HumanAttributeService } from './human-attributes.js';
import { HumanService } from './humans.js';
import { HumanDataService } from './lifecycle/human-data.js';
import { RETENTION_QUEUE, RetentionService } from './lifecycle/retention.js';
import { Metrics } from './operations/metrics.js';
import { Readiness } from './operations/readiness.js';
import { OverviewService } from './overview.js';
import { SessionService } from './sessions.js';
import { SubscriptionService } from './subscriptions.js';
import { AUDIT_RETENTION_QUEUE, AuditService } from './teams/audit.js';
import { MemberService } from './teams/members.js';
import { TokenService } from './tokens.js';
import { WebhookDispatcher } from './webhooks/dispatcher.js';
import { WebhookResender } from './webhooks/resend.js';
import { WebhookService } from './webhooks/service.js';
import { CachedRecords } from './cached-records.js';
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
  channels: ChannelService;
  humans: HumanService;
  /** A human's own (human-scope) attributes, read and written across their conversations. */
  humanAttributes: HumanAttributeService;
  subscriptions: SubscriptionService;
  phoneLookup: PhoneLookupService;
  rcsCapability: RcsCapabilityService;
  /** Conversations: inbox, runner, outbox. Its workers run only once the server starts it. */
  runtime: ConversationRuntime;
  conversations: ConversationService;
  /** People in a conversation: their replies (through the outbox) and internal notes. */
  agentReplies: AgentReplies;
  /** Today's counts for the console's overview. */
  overview: OverviewService;
  /** Conversation changes pushed to the account's open consoles (GET /v1/events, a WebSocket). */
  accountEvents: AccountEvents;
  broadcasts: BroadcastService;
  webChat: WebChat;
  /** The phone simulator at /sandbox: channels whose token is `sandbox` deliver to it (docs/sandbox.md). */
  sandbox: Sandbox;
  /** Provider channels (RCS, SMS, messenger, microblog, voice): delivery adapters and webhooks. */
  providers: ProviderRegistry;
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
}

/**
 * The daily purges start within a minute of their time: looked for every JOBS_POLL_MS (200 ms), their two queues were
 * two of the seven statements a process ran five times a second, idle or not, each planned anew by PostgreSQL.
 */
const DAILY_JOB_POLL_MS = 60_000;

export function createServices(config: Config, store: Store, clock: Clock = systemClock): Services {
  const secrets = loadServerSecrets(config);
  const repos = repositories(store.db);
  const records = new CachedRecords(store.feed, repos);
  const secretBox = new SecretBox(secrets.encryptionKey);
  const jobs = createJobQueue(config, store);
  const mailer = new SmtpMailer(config.smtp);
  const runtime = new ConversationRuntime({
    config, store, secrets: secretBox, clock,
    jobs,
    http: createGuardedHttp(config.outbound),
    mailer,
    records,
  });
  // A published revision is trained at once (on a worker thread): the first message to it does not wait a training.
  const bots = new BotService(repos, clock, records, (botId, revision) => runtime.programs.warm(botId, revision));
  const channels = new ChannelService(repos, bots, secretBox, clock, records);
  const lookups = createLookupServices(config, channelDirectory(channels, (accountId) => repos.channels.list(accountId)));
  const providers = createProviders({ config, runtime, lookups, clock });
  for (const adapter of providers.adapters()) runtime.registerAdapter(adapter);
  const tokens = new TokenService(repos, secrets.jwtSecret, clock, records);
  // After the providers' adapters: it overrides them for sandbox channels only; started and closed with the providers.
  const sandbox = new Sandbox({ config, runtime, authenticate: async (token) => (await tokens.authenticate(token)).accountId });
  providers.add(sandbox.provider());
  const broadcasts = new BroadcastService(store.db, jobs, runtime, clock, store.bulk(), store.dialect === 'postgres');
  const audit = new AuditService(repos, jobs, clock, config.auditRetentionDays);
  runtime.work(AUDIT_RETENTION_QUEUE, async () => audit.runRetention(), { pollMs: DAILY_JOB_POLL_MS });
  runtime.work<unknown>(BROADCAST_QUEUE, async ({ data }) => broadcasts.expand(readJob(BROADCAST_JOB_FORMAT, data, runtime.log).batchId), { concurrency: 2 });
  // Webhook deliveries go out through their own SSRF-guarded client: one that never follows redirects (Standard Webhooks).
  const webhookDispatcher = new WebhookDispatcher(store.db, runtime.jobs, createGuardedHttp(config.outbound, { followRedirects: false }), secretBox, config.webhooks, records, clock);
  const retention = new RetentionService(store.db, jobs, clock);
  runtime.work(RETENTION_QUEUE, () => retention.runJob(), { pollMs: DAILY_JOB_POLL_MS });
  const metrics = observe(new Metrics(store, jobs, { token: config.metrics.token }), runtime, webhookDispatcher);
  const ssoSettings = new SsoSettingsStore(store.db, secretBox, clock, config.ssoAllowHttpIssuers);
  const sessions = new SessionService(repos, clock, (accountId) => ssoSettings.passwordsRefused(accountId));
  const ssoOptions = { allowHosts: config.outbound.allowHosts, allowHttpIssuers: config.ssoAllowHttpIssuers };
  return {
    sso: { settings: ssoSettings, signIn: new SsoSignIn(ssoSettings, repos, sessions, audit, secretBox, clock, ssoOptions) },
    accounts: new AccountService(repos, clock, store.db),
    tokens,
    members: new MemberService(store.db, store.dialect, tokens, mailer, clock),
    audit,
    sessions,
    bots,
    channels,
    humans: new HumanService(repos, clock),
    humanAttributes: new HumanAttributeService(repos, clock),
    subscriptions: new SubscriptionService(repos, channels, clock, store.db, runtime.webhookEvents),
    ...lookups,
    runtime,
    conversations: new ConversationService(repos, clock, config.conversations.leaseSeconds, runtime.channels),
    agentReplies: new AgentReplies(repos, runtime.channels, (id) => runtime.kick(id), clock),
    overview: new OverviewService(repos, clock),
    accountEvents: new AccountEvents(runtime.events, repos),
    broadcasts,
    webChat: new WebChat(config, runtime, secrets.jwtSecret),
    sandbox,
    providers,
    webhooks: new WebhookService(store.db, secretBox, config.outbound.allowHosts, clock, records),
    webhookResender: new WebhookResender(store.db, runtime.jobs, clock),
    webhookDispatcher,
    readiness: new Readiness(store, jobs),
    metrics,
    humanData: new HumanDataService(store.db, clock),
    retention,
  };
}

/** Feeds the metrics from what the runtime and the webhook dispatcher tell: in memory, no statement per message. */
function observe(metrics: Metrics, runtime: ConversationRuntime, webhooks: WebhookDispatcher): Metrics {
  runtime.ingest.onMessageStored((channelType, duplicate) => metrics.inboundMessage(channelType, duplicate ? 'duplicate' : 'received'));
  for (const status of ['sent', 'failed', 'delivered', 'read'] as const) {
    runtime.events.on(`message.${status}`, (info) => metrics.outboundMessage(info.channelType ?? 'unknown', status, info.queuedAt));
  }
  runtime.programs.onClassify((seconds) => metrics.classified(seconds));
  webhooks.onAttempt((outcome) => metrics.webhookAttempt(outcome));
  return metrics;
}

export type { Metrics } from './operations/metrics.js';
export type { NewToken, TokenInfo, TokenService } from './tokens.js';
export type { Invitation, MemberService, MemberView } from './teams/members.js';
export { ATTRIBUTE_LIMITS } from './human-attributes.js';
export type { AuditChange, AuditEntry, AuditService } from './teams/audit.js';
export { accountPrincipal, authorize, memberPrincipal, type Principal, type Requirement } from './teams/principal.js';
export { ALL_SCOPES, FAMILIES, grantOf, isRole, ROLES, roleScopes, type Family, type Role, type Scope } from './teams/roles.js';
export type { SessionService } from './sessions.js';
export { SignInThrottledError } from './sign-in-throttle.js';
export { EVENT_DESCRIPTIONS, EVENT_TYPES, type EventType } from './webhooks/event-types.js';
/** The bot and experience definition schemas: the OpenAPI document describes a bot's body with them. */
export { DEFINITION_SCHEMAS } from '../engine/index.js';
