// The one typed, validated view of the environment; nothing else reads process.env.
import path from 'node:path';
import { CHANNEL_TYPE_NAMES } from './channel-types.js';
import { parseAllowEntry, type OutboundConfig } from './net/index.js';

export type DatabaseConfig =
  | { kind: 'sqlite'; file: string; /** SQLITE_SYNCHRONOUS: `full` flushes the WAL at every commit (a power cut then loses nothing acknowledged); unset is `normal`. */ synchronous?: 'normal' | 'full' }
  | {
    kind: 'postgres'; url: string; /** Connections this process keeps open at most (DATABASE_POOL_MAX; default 10). */ poolMax?: number;
    /** DATABASE_UNNAMED_STATEMENTS=true: no statement prepared by name (a pooler in transaction mode that cannot keep them). */
    unnamedStatements?: boolean;
  };

export interface RateLimitConfig {
  /** Requests allowed per token (or per client address when no token is sent) in one window. */
  max: number;
  windowMs: number;
}

export interface LookupConfig {
  /** Carrier answers kept per process for the phone-number lookup; 0 turns the cache off. */
  phoneCacheMax: number;
  phoneCacheTtlSeconds: number;
  /** A live line-type/carrier source (docs/lookups.md); null uses the built-in offline data only. */
  carrierLookupUrl: string | null;
  carrierLookupToken: string | null;
  carrierLookupTimeoutMs: number;
}

export interface RbmConfig {
  /** Google RBM API base URL, without /v1. */
  apiUrl: string;
  /** Hosts (URL.host: host, and port when not the default) a service-account key's token_uri may name. */
  tokenHosts: string[];
  /** The server's default RBM agent; both set or both null. */
  agentId: string | null;
  serviceAccountKeyFile: string | null;
  /** How long an RCS capability answer is reused; 0 asks RBM every time. */
  capabilityTtlSeconds: number;
  /** How long a human's stored RCS capability is trusted before an RCS delivery asks RBM again; 0 asks every time. */
  capabilityRecheckHours: number;
  timeoutMs: number;
}

export interface JobsConfig {
  /** How often an idle queue looks for due jobs: the resolution of runAt and retry delays. */
  pollMs: number;
  /** How long one run may take; a run still going (or whose process died) is run again after it. */
  leaseSeconds: number;
  /** Days a failed job is kept for inspection before it is pruned. */
  retentionDays: number;
  /** pg-boss's schema on PostgreSQL; null derives it from DATABASE_URL (docs/operations.md). */
  pgSchema: string | null;
}

export interface ConversationsConfig {
  /**
   * The longest a claim on a conversation lasts without renewal: the last resort behind the heartbeat (a process whose
   * heartbeat stops loses its claims after `deadAfterMs`), for a process alive but stuck.
   */
  leaseSeconds: number;
  /** How often each serving process says it is alive (PROCESS_HEARTBEAT_MS). */
  heartbeatMs: number;
  /** A process silent this long is dead: its claims go to whoever wants them (PROCESS_DEAD_AFTER_MS). */
  deadAfterMs: number;
  /** How often each process looks for conversations with work left behind (a crash, a lost wake-up). */
  sweepIntervalMs: number;
  /** Delivery attempts of one outbound message before it is marked failed. */
  deliveryMaxAttempts: number;
  /** First retry delay of a failed delivery; doubled on each retry. */
  deliveryRetryMs: number;
  /**
   * Units a second (SMS segments, Send API calls, messages) each channel under a rule may send, where DELIVERY_RATES
   * sets one (0: unlimited); rules it does not name keep the provider's published rate (channels/pacing.ts).
   */
  deliveryRates: Record<string, number>;
  /** How long a stopping process (SIGTERM) waits for the conversation runs in flight before it gives their claims back (SHUTDOWN_DRAIN_MS). */
  drainMs: number;
  /** Conversations one process runs at once; more wait their turn. */
  concurrency: number;
  /** Conversations one process lets wait for a slot; a broadcast stores the rest and they are taken as the backlog runs low. */
  backlogMax: number;
  /** Worker threads that train bots' recognizers off the event loop (NLU_TRAINING_WORKERS); 0 trains on the event loop. */
  trainingWorkers: number;
  /** Whether trained recognizers are kept in the store (NLU_STORE_MODELS), so a restart restores them instead of training again. */
  storeModels: boolean;
}

export interface MetricsConfig {
  /** A second listener serving /metrics (and the probes) only (METRICS_PORT); null: none. */
  port: number | null;
  /** Where that listener binds (METRICS_HOST, default 127.0.0.1: reachable from this host only). */
  host: string;
  /** Bearer token a scrape must carry (METRICS_TOKEN); set, /metrics is also served on the main port. */
  token: string | null;
}

export interface SandboxConfig {
  /** Whether channels whose token is `sandbox` deliver to the phone simulator at /sandbox (docs/sandbox.md). */
  enabled: boolean;
}

export interface SmtpConfig {
  /** smtp://user:pass@host:port or smtps://…; null: e-mail actions fail with a clear reason. */
  url: string | null;
  from: string;
}

export interface SmsConfig {
  /** Carrier API base for HTTP tokens written without one (`AccountSid:AuthToken`); docs/channels/sms.md. */
  carrierApiUrl: string;
  /** Time for one carrier API exchange (and one media check). */
  carrierTimeoutMs: number;
  /** `host`/`host:port` entries the SMS transports (carrier API, SMSC) may reach on internal addresses. */
  allowHosts: string[];
  smppEnquireLinkMs: number;
  /** How long an SMPP request waits for its response; a bind that stays silent this long is dropped and made again. */
  smppResponseTimeoutMs: number;
  smppReconnectMinMs: number;
  smppReconnectMaxMs: number;
  /** SMPP requests outstanding at once on one bind. */
  smppWindow: number;
  /** Wait before a throttled (ESME_RTHROTTLED, ESME_RMSGQFUL) message is tried again. */
  smppThrottleRetryMs: number;
  /** How often each process matches its SMPP binds to the dlc/dsc channels in the store. */
  smppReconcileMs: number;
  /** How long the parts of a concatenated inbound text are awaited before what arrived is kept. */
  reassemblyTimeoutMs: number;
}

export interface MessengerConfig {
  /** Graph API base URL for messenger (fb) channels, without the version. */
  apiUrl: string;
  /** Graph API version in paths, e.g. v25.0. */
  apiVersion: string;
  timeoutMs: number;
  /** App secret for channels whose token does not carry one (one app serving several pages); null: each channel's own. */
  appSecret: string | null;
  /** Webhook verify token for channels whose token does not carry one; null: each channel's own. */
  verifyToken: string | null;
  /** Whether a new human's first and last name are asked of the Graph API on first contact. */
  fetchProfiles: boolean;
}

export interface WhatsAppConfig {
  /** Graph API base URL for WhatsApp (wha) channels, without the version. */
  apiUrl: string;
  /** Graph API version in paths, pinned (WhatsApp's Cloud API changes between versions). */
  apiVersion: string;
  timeoutMs: number;
  /** App secret for channels whose token does not carry one (one app serving several numbers); null: each channel's own. */
  appSecret: string | null;
  /** Webhook verify token for channels whose token does not carry one; null: each channel's own. */
  verifyToken: string | null;
  /** How long a business account's message templates are kept before they are asked again. */
  templateCacheMs: number;
}

export interface TelegramConfig {
  /** Bot API base URL for Telegram (tlg) channels: methods are {apiUrl}/bot{token}/{method}. */
  apiUrl: string;
  timeoutMs: number;
}

export interface MediaConfig {
  /** The largest file a person sends that Parley keeps (WhatsApp media, Telegram files) for the bot and the console. */
  maxBytes: number;
}

export interface MicroblogConfig {
  /** The microblogging network's REST API base URL (DM API v1.1), without the version. */
  apiUrl: string;
  /** Its media upload base URL (chunked media/upload for DM attachments), without the version. */
  uploadUrl: string;
  timeoutMs: number;
  /** The app's consumer key and secret for channels whose token does not carry them (one app serving several accounts); both or neither. */
  consumerKey: string | null;
  consumerSecret: string | null;
  /** Largest media file fetched and uploaded as a DM attachment; larger media goes as a link. */
  mediaMaxBytes: number;
}

export interface VoiceConfig {
  /** Where request-signing certificate chains are fetched: the checked SignatureCertChainUrl's path is read from this base. */
  certBaseUrl: string;
  /** PEM file of the root CAs a signing chain must lead to; null: Node's bundled root store (docs/channels/voice.md). */
  trustedCaFile: string | null;
  /** How long a request waits for the bot's answer before a holding phrase is spoken (the platform gives about 8 s in all). */
  answerTimeoutMs: number;
  /** What is said (and reprompted) when the bot has not answered in time. */
  holdingPhrase: string;
}

export interface WebhooksConfig {
  /** Time the receiving endpoint has to answer one delivery; kept under the jobs' lease. */
  timeoutMs: number;
  /** Attempts at one event before its delivery is given up. */
  maxAttempts: number;
  /** Delay after the first failed attempt; doubled after each one (plus jitter), at most a day. */
  retryMs: number;
  /** Deliveries one process makes at once. */
  concurrency: number;
  /** Days finished deliveries stay in the delivery log. */
  logRetentionDays: number;
  /**
   * A webhook whose every delivery failed for this long, a delivery having used up all its attempts, is disabled: an
   * endpoint down for good. 0 never disables one that way.
   */
  disableAfterMs: number;
}

/** Knowledge bases and model endpoints (docs/knowledge.md). */
export interface KnowledgeConfig {
  /** Largest document accepted by upload (KNOWLEDGE_UPLOAD_MAX_BYTES, default 20 MiB); the documents route takes bodies this large. */
  uploadMaxBytes: number;
  /** Largest document or page fetched by URL or crawl (KNOWLEDGE_FETCH_MAX_BYTES, default 20 MiB). */
  fetchMaxBytes: number;
  /** Time for one document fetch (KNOWLEDGE_FETCH_TIMEOUT_MS, default 15 s). */
  fetchTimeoutMs: number;
  /** Most pages one crawl may take (KNOWLEDGE_CRAWL_MAX_PAGES, default 500); a crawl asks for fewer. */
  crawlMaxPages: number;
  /**
   * `host`/`host:port` entries model endpoints may be reached on when they resolve to internal addresses
   * (MODEL_ALLOW_HOSTS: a local Ollama, vLLM or llama.cpp server); public hosts need no entry; metadata stays closed.
   */
  modelAllowHosts: string[];
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  /** Base URL this server is reached at; null derives it from each request's Host header. */
  publicUrl: string | null;
  contactEmail: string;
  /** HS256 secret for API tokens; null means generated once into the data directory. */
  jwtSecret: string | null;
  /** 32-byte AES-256-GCM key for channel secrets; null means generated once into the data directory. */
  encryptionKey: Buffer | null;
  bodyLimitBytes: number;
  requestTimeoutMs: number;
  rateLimit: RateLimitConfig;
  logLevel: string;
  lookup: LookupConfig;
  outbound: OutboundConfig;
  rbm: RbmConfig;
  jobs: JobsConfig;
  /** IANA zone in which bots see `datetime:*` and read zone-less date-times (dateFormat, conditions). */
  botTimeZone: string;
  conversations: ConversationsConfig;
  sandbox: SandboxConfig;
  smtp: SmtpConfig;
  webhooks: WebhooksConfig;
  sms: SmsConfig;
  messenger: MessengerConfig;
  whatsapp: WhatsAppConfig;
  telegram: TelegramConfig;
  /** Files people send through providers that keep them behind their own authentication. */
  media: MediaConfig;
  microblog: MicroblogConfig;
  voice: VoiceConfig;
  metrics: MetricsConfig;
  /** Days audit entries are kept (AUDIT_RETENTION_DAYS, default 365); 0 keeps them all. */
  auditRetentionDays: number;
  /** SSO_ALLOW_HTTP_ISSUERS: single sign-on providers on plain http (a provider on loopback in tests); https otherwise. */
  ssoAllowHttpIssuers: boolean;
  /** How far V8 lets the heap grow past what a full collection left, in percent (HEAP_GROWING_PERCENT); 0 leaves it to V8. */
  heapGrowingPercent: number;
  knowledge: KnowledgeConfig;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

function integer(env: Env, key: string, fallback: number, min: number, max: number): number {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${key} must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(`${key} must be between ${min} and ${max}, got ${value}`);
  return value;
}

function encryptionKey(raw: string | undefined): Buffer | null {
  if (raw === undefined || raw === '') return null;
  const key = /^[0-9a-fA-F]{64}$/.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  if (key.length !== 32) {
    throw new ConfigError('ENCRYPTION_KEY must be 32 bytes, written as 64 hex digits or base64');
  }
  return key;
}

function publicUrl(raw: string | undefined): string | null {
  if (raw === undefined || raw === '') return null;
  try {
    const url = new URL(raw);
    return url.origin + url.pathname.replace(/\/$/, '');
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an absolute URL, got "${raw}"`);
  }
}

function httpUrl(key: string, raw: string): string {
  try {
    const url = new URL(raw);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.toString();
  } catch { /* reported below */ }
  throw new ConfigError(`${key} must be an absolute http(s) URL, got "${raw}"`);
}

function tokenHosts(raw: string | undefined): string[] {
  if (raw === undefined || raw === '') return ['oauth2.googleapis.com'];
  return raw.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean).map((host) => {
    let parsed: URL | null = null;
    try { parsed = new URL(`https://${host}`); } catch { /* reported below */ }
    // Compared with URL.host of a token_uri, so each entry must already be in that form.
    if (parsed === null || parsed.host !== host.replace(/:443$/, '')) throw new ConfigError(`RBM_TOKEN_HOSTS entries must be host or host:port, got "${host}"`);
    return parsed.host;
  });
}

function rbm(env: Env): RbmConfig {
  const agentId = env.RBM_AGENT_ID || null;
  const keyFile = env.RBM_SERVICE_ACCOUNT_KEY_FILE || null;
  if ((agentId === null) !== (keyFile === null)) {
    throw new ConfigError('RBM_AGENT_ID and RBM_SERVICE_ACCOUNT_KEY_FILE go together: set both for a default RBM agent, or neither');
  }
  return {
    apiUrl: httpUrl('RBM_API_URL', env.RBM_API_URL || 'https://rcsbusinessmessaging.googleapis.com').replace(/\/+$/, ''),
    tokenHosts: tokenHosts(env.RBM_TOKEN_HOSTS),
    agentId,
    serviceAccountKeyFile: keyFile === null ? null : path.resolve(keyFile),
    capabilityTtlSeconds: integer(env, 'RBM_CAPABILITY_TTL_SECONDS', 300, 0, 86_400),
    capabilityRecheckHours: integer(env, 'RBM_CAPABILITY_RECHECK_HOURS', 24, 0, 8760),
    timeoutMs: integer(env, 'RBM_TIMEOUT_MS', 10_000, 100, 120_000),
  };
}

function lookup(env: Env): LookupConfig {
  return {
    phoneCacheMax: integer(env, 'PHONE_LOOKUP_CACHE_MAX', 10_000, 0, 10_000_000),
    phoneCacheTtlSeconds: integer(env, 'PHONE_LOOKUP_CACHE_TTL_SECONDS', 3600, 1, 31_536_000),
    carrierLookupUrl: env.CARRIER_LOOKUP_URL ? httpUrl('CARRIER_LOOKUP_URL', env.CARRIER_LOOKUP_URL) : null,
    carrierLookupToken: env.CARRIER_LOOKUP_TOKEN || null,
    carrierLookupTimeoutMs: integer(env, 'CARRIER_LOOKUP_TIMEOUT_MS', 3000, 100, 120_000),
  };
}

/** An IANA zone name such as Europe/Paris; checked with the same ICU data the bot language formats with. */
function timeZone(key: string, raw: string | undefined): string {
  if (raw === undefined || raw === '') return 'UTC';
  // Node 24's ICU also takes an offset ("+01:00") as a zone: one without daylight-saving rules, which no place keeps.
  if (/^[+-]/.test(raw)) throw new ConfigError(`${key} must be an IANA time zone such as UTC or Europe/Paris, got "${raw}"`);
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: raw });
    return raw;
  } catch {
    throw new ConfigError(`${key} must be an IANA time zone such as UTC or Europe/Paris, got "${raw}"`);
  }
}

function jobs(env: Env): JobsConfig {
  const pgSchema = env.JOBS_PG_SCHEMA || null;
  // pg-boss's own rule for schema names; it splices the name into its SQL unquoted.
  if (pgSchema !== null && !/^[A-Za-z_]\w{0,49}$/.test(pgSchema)) {
    throw new ConfigError(`JOBS_PG_SCHEMA must be 1-50 letters, digits or "_", not starting with a digit, got "${pgSchema}"`);
  }
  return {
    pollMs: integer(env, 'JOBS_POLL_MS', 200, 10, 60_000),
    // pg-boss refuses a job expiration of 24 hours or more.
    leaseSeconds: integer(env, 'JOBS_LEASE_SECONDS', 60, 1, 86_399),
    retentionDays: integer(env, 'JOBS_RETENTION_DAYS', 7, 1, 3650),
    pgSchema,
  };
}

function booleanFlag(env: Env, key: string): boolean {
  const raw = (env[key] ?? '').trim().toLowerCase();
  if (raw === '' || raw === 'false' || raw === '0' || raw === 'no') return false;
  if (raw === 'true' || raw === '1' || raw === 'yes') return true;
  throw new ConfigError(`${key} must be true or false, got "${env[key]}"`);
}

function outbound(env: Env): OutboundConfig {
  const allowHosts = (env.OUTBOUND_ALLOW_HOSTS ?? '').split(',').map((h) => h.trim()).filter(Boolean);
  for (const entry of allowHosts) {
    try { parseAllowEntry(entry); } catch (err) { throw new ConfigError(`OUTBOUND_ALLOW_HOSTS: ${(err as Error).message}`); }
  }
  const allowFile = booleanFlag(env, 'OUTBOUND_ALLOW_FILE');
  const fileRoot = env.OUTBOUND_FILE_ROOT ? path.resolve(env.OUTBOUND_FILE_ROOT) : null;
  if (allowFile && fileRoot === null) throw new ConfigError('OUTBOUND_ALLOW_FILE=true needs OUTBOUND_FILE_ROOT, the only directory file:// URLs may read');
  return {
    allowHosts,
    timeoutMs: integer(env, 'OUTBOUND_TIMEOUT_MS', 10_000, 100, 120_000),
    maxResponseBytes: integer(env, 'OUTBOUND_MAX_RESPONSE_BYTES', 1024 * 1024, 1024, 100 * 1024 * 1024),
    maxRequestBytes: integer(env, 'OUTBOUND_MAX_REQUEST_BYTES', 1024 * 1024, 1024, 100 * 1024 * 1024),
    allowFile,
    fileRoot,
    allowFtp: booleanFlag(env, 'OUTBOUND_ALLOW_FTP'),
  };
}

function conversations(env: Env): ConversationsConfig {
  return {
    leaseSeconds: integer(env, 'CONVERSATION_LEASE_SECONDS', 120, 5, 3600),
    ...liveness(env),
    sweepIntervalMs: integer(env, 'CONVERSATION_SWEEP_MS', 2000, 100, 600_000),
    // Under the 30 s an orchestrator usually allows between SIGTERM and SIGKILL, with room for the rest of the shutdown.
    drainMs: integer(env, 'SHUTDOWN_DRAIN_MS', 20_000, 0, 3_600_000),
    deliveryMaxAttempts: integer(env, 'DELIVERY_MAX_ATTEMPTS', 8, 1, 100),
    deliveryRetryMs: integer(env, 'DELIVERY_RETRY_MS', 1000, 10, 3_600_000),
    deliveryRates: deliveryRates(env.DELIVERY_RATES),
    concurrency: integer(env, 'CONVERSATION_CONCURRENCY', 32, 1, 10_000),
    backlogMax: integer(env, 'CONVERSATION_BACKLOG_MAX', 2000, 1, 1_000_000),
    trainingWorkers: integer(env, 'NLU_TRAINING_WORKERS', 1, 0, 64),
    storeModels: env.NLU_STORE_MODELS === undefined || env.NLU_STORE_MODELS === '' ? true : booleanFlag(env, 'NLU_STORE_MODELS'),
  };
}

function liveness(env: Env): Pick<ConversationsConfig, 'heartbeatMs' | 'deadAfterMs'> {
  const heartbeatMs = integer(env, 'PROCESS_HEARTBEAT_MS', 1000, 100, 60_000);
  const deadAfterMs = integer(env, 'PROCESS_DEAD_AFTER_MS', 3000, 300, 600_000);
  // Two heartbeats may be late (a pause of the event loop) before a live process is taken for dead.
  if (deadAfterMs < 3 * heartbeatMs) {
    throw new ConfigError(`PROCESS_DEAD_AFTER_MS (${deadAfterMs}) must be at least three times PROCESS_HEARTBEAT_MS (${heartbeatMs})`);
  }
  return { heartbeatMs, deadAfterMs };
}

/** The rules DELIVERY_RATES can set: a channel type, `tfn` (toll-free long codes), or `<type>.chat` (per recipient). */
const RATE_RULE = new RegExp(`^(?:${[...CHANNEL_TYPE_NAMES, 'tfn'].join('|')})(?:\\.chat)?$`);

/** `DELIVERY_RATES=dlc=1,dsc=30` → units a second per channel under each rule; unlisted rules keep the provider's rate. */
function deliveryRates(raw: string | undefined): Record<string, number> {
  const rates: Record<string, number> = {};
  for (const entry of (raw ?? '').split(',').map((e) => e.trim()).filter(Boolean)) {
    const m = /^([a-z]{2,3}(?:\.chat)?)=(\d+(?:\.\d+)?)$/.exec(entry);
    if (m === null) throw new ConfigError(`DELIVERY_RATES entries are rule=unitsPerSecond (e.g. dlc=1,dsc=30; 0 is unlimited), got "${entry}"`);
    if (!RATE_RULE.test(m[1]!)) throw new ConfigError(`DELIVERY_RATES: "${m[1]}" is no channel type nor tfn (toll-free long codes)`);
    rates[m[1]!] = Number(m[2]);
  }
  return rates;
}

/** SANDBOX_ENABLED: on by default in the embedded mode (SQLite), off on PostgreSQL unless asked for. */
function sandbox(env: Env, kind: DatabaseConfig['kind']): SandboxConfig {
  const raw = env.SANDBOX_ENABLED;
  return { enabled: raw === undefined || raw.trim() === '' ? kind === 'sqlite' : booleanFlag(env, 'SANDBOX_ENABLED') };
}

function smtp(env: Env): SmtpConfig {
  const url = env.SMTP_URL || null;
  if (url !== null && !/^smtps?:\/\//.test(url)) throw new ConfigError(`SMTP_URL must start with smtp:// or smtps://, got "${url}"`);
  return { url, from: env.SMTP_FROM || 'Parley <no-reply@parley.local>' };
}

function sms(env: Env): SmsConfig {
  const allowHosts = (env.SMS_ALLOW_HOSTS ?? '').split(',').map((h) => h.trim()).filter(Boolean);
  for (const entry of allowHosts) {
    try { parseAllowEntry(entry); } catch (err) { throw new ConfigError(`SMS_ALLOW_HOSTS: ${(err as Error).message}`); }
  }
  const reconnectMin = integer(env, 'SMPP_RECONNECT_MIN_MS', 1000, 10, 600_000);
  const reconnectMax = integer(env, 'SMPP_RECONNECT_MAX_MS', 60_000, 10, 3_600_000);
  if (reconnectMax < reconnectMin) throw new ConfigError(`SMPP_RECONNECT_MAX_MS (${reconnectMax}) must not be below SMPP_RECONNECT_MIN_MS (${reconnectMin})`);
  return {
    carrierApiUrl: httpUrl('SMS_CARRIER_API_URL', env.SMS_CARRIER_API_URL || 'https://api.twilio.com').replace(/\/+$/, ''),
    carrierTimeoutMs: integer(env, 'SMS_CARRIER_TIMEOUT_MS', 10_000, 100, 120_000),
    allowHosts,
    smppEnquireLinkMs: integer(env, 'SMPP_ENQUIRE_LINK_MS', 30_000, 100, 3_600_000),
    smppResponseTimeoutMs: integer(env, 'SMPP_RESPONSE_TIMEOUT_MS', 10_000, 50, 120_000),
    smppReconnectMinMs: reconnectMin,
    smppReconnectMaxMs: reconnectMax,
    smppWindow: integer(env, 'SMPP_WINDOW', 10, 1, 1000),
    smppThrottleRetryMs: integer(env, 'SMPP_THROTTLE_RETRY_MS', 1000, 10, 3_600_000),
    smppReconcileMs: integer(env, 'SMPP_RECONCILE_MS', 30_000, 50, 3_600_000),
    reassemblyTimeoutMs: integer(env, 'SMS_REASSEMBLY_TIMEOUT_MS', 20_000, 50, 600_000),
  };
}

function messenger(env: Env): MessengerConfig {
  const apiVersion = env.MESSENGER_API_VERSION || 'v25.0';
  if (!/^v\d{1,3}\.\d{1,3}$/.test(apiVersion)) throw new ConfigError(`MESSENGER_API_VERSION must look like v25.0, got "${apiVersion}"`);
  return {
    apiUrl: httpUrl('MESSENGER_API_URL', env.MESSENGER_API_URL || 'https://graph.facebook.com').replace(/\/+$/, ''),
    apiVersion,
    timeoutMs: integer(env, 'MESSENGER_TIMEOUT_MS', 10_000, 100, 120_000),
    appSecret: env.MESSENGER_APP_SECRET || null,
    verifyToken: env.MESSENGER_VERIFY_TOKEN || null,
    fetchProfiles: env.MESSENGER_FETCH_PROFILES === undefined || env.MESSENGER_FETCH_PROFILES === '' ? true : booleanFlag(env, 'MESSENGER_FETCH_PROFILES'),
  };
}

function whatsapp(env: Env): WhatsAppConfig {
  const apiVersion = env.WHATSAPP_API_VERSION || 'v25.0';
  if (!/^v\d{1,3}\.\d{1,3}$/.test(apiVersion)) throw new ConfigError(`WHATSAPP_API_VERSION must look like v25.0, got "${apiVersion}"`);
  return {
    apiUrl: httpUrl('WHATSAPP_API_URL', env.WHATSAPP_API_URL || 'https://graph.facebook.com').replace(/\/+$/, ''),
    apiVersion,
    timeoutMs: integer(env, 'WHATSAPP_TIMEOUT_MS', 10_000, 100, 120_000),
    appSecret: env.WHATSAPP_APP_SECRET || null,
    verifyToken: env.WHATSAPP_VERIFY_TOKEN || null,
    templateCacheMs: integer(env, 'WHATSAPP_TEMPLATE_CACHE_MS', 300_000, 0, 86_400_000),
  };
}

function telegram(env: Env): TelegramConfig {
  return {
    apiUrl: httpUrl('TELEGRAM_API_URL', env.TELEGRAM_API_URL || 'https://api.telegram.org').replace(/\/+$/, ''),
    timeoutMs: integer(env, 'TELEGRAM_TIMEOUT_MS', 10_000, 100, 120_000),
  };
}

function microblog(env: Env): MicroblogConfig {
  const consumerKey = env.MICROBLOG_CONSUMER_KEY || null;
  const consumerSecret = env.MICROBLOG_CONSUMER_SECRET || null;
  if ((consumerKey === null) !== (consumerSecret === null)) {
    throw new ConfigError('MICROBLOG_CONSUMER_KEY and MICROBLOG_CONSUMER_SECRET go together: set both for a server-wide app, or neither');
  }
  return {
    apiUrl: httpUrl('MICROBLOG_API_URL', env.MICROBLOG_API_URL || 'https://api.twitter.com').replace(/\/+$/, ''),
    // Media upload is API v2 now (POST /2/media/upload/...), on the API host unless set apart.
    uploadUrl: httpUrl('MICROBLOG_UPLOAD_URL', env.MICROBLOG_UPLOAD_URL || env.MICROBLOG_API_URL || 'https://api.twitter.com').replace(/\/+$/, ''),
    timeoutMs: integer(env, 'MICROBLOG_TIMEOUT_MS', 10_000, 100, 120_000),
    consumerKey,
    consumerSecret,
    // The network takes DM images up to 5 MB, GIFs up to 15 MB and videos up to 512 MB.
    mediaMaxBytes: integer(env, 'MICROBLOG_MEDIA_MAX_BYTES', 15 * 1024 * 1024, 1024, 512 * 1024 * 1024),
  };
}

function voice(env: Env): VoiceConfig {
  const holdingPhrase = (env.VOICE_HOLDING_PHRASE ?? '').trim();
  if (holdingPhrase.length > 500) throw new ConfigError('VOICE_HOLDING_PHRASE must be at most 500 characters');
  return {
    certBaseUrl: httpUrl('VOICE_CERT_BASE_URL', env.VOICE_CERT_BASE_URL || 'https://s3.amazonaws.com').replace(/\/+$/, ''),
    trustedCaFile: env.VOICE_TRUSTED_CA_FILE ? path.resolve(env.VOICE_TRUSTED_CA_FILE) : null,
    // The platform waits about 8 s for the whole answer; a fresh certificate fetch and the network take their share.
    answerTimeoutMs: integer(env, 'VOICE_ANSWER_TIMEOUT_MS', 6000, 50, 7500),
    holdingPhrase: holdingPhrase === '' ? 'One moment, please.' : holdingPhrase,
  };
}

function webhooks(env: Env, jobsConfig: JobsConfig): WebhooksConfig {
  // A delivery still waiting for its answer when the job's lease ends would be sent again elsewhere.
  const leaseMs = jobsConfig.leaseSeconds * 1000;
  const timeoutMs = integer(env, 'WEBHOOK_TIMEOUT_MS', Math.min(15_000, Math.floor(leaseMs / 2)), 100, 120_000);
  if (timeoutMs >= leaseMs) {
    throw new ConfigError(`WEBHOOK_TIMEOUT_MS (${timeoutMs}) must be shorter than JOBS_LEASE_SECONDS (${jobsConfig.leaseSeconds} s)`);
  }
  return {
    timeoutMs,
    maxAttempts: integer(env, 'WEBHOOK_MAX_ATTEMPTS', 16, 1, 100),
    retryMs: integer(env, 'WEBHOOK_RETRY_MS', 5000, 10, 3_600_000),
    concurrency: integer(env, 'WEBHOOK_CONCURRENCY', 8, 1, 1000),
    logRetentionDays: integer(env, 'WEBHOOK_LOG_RETENTION_DAYS', 30, 1, 3650),
    disableAfterMs: integer(env, 'WEBHOOK_DISABLE_AFTER_HOURS', 24, 0, 24 * 365) * 3_600_000,
  };
}

function sqliteSynchronous(env: Env): 'normal' | 'full' | undefined {
  const raw = env.SQLITE_SYNCHRONOUS?.trim().toLowerCase();
  if (raw === undefined || raw === '') return undefined;
  if (raw === 'normal' || raw === 'full') return raw;
  throw new ConfigError(`SQLITE_SYNCHRONOUS must be normal or full, got "${env.SQLITE_SYNCHRONOUS}"`);
}

function metrics(env: Env): MetricsConfig {
  const token = env.METRICS_TOKEN || null;
  if (token !== null && token.length < 16) throw new ConfigError('METRICS_TOKEN must be at least 16 characters');
  const port = env.METRICS_PORT === undefined || env.METRICS_PORT === '' ? null : integer(env, 'METRICS_PORT', 0, 0, 65535);
  return { port, host: env.METRICS_HOST || '127.0.0.1', token };
}

function knowledge(env: Env): KnowledgeConfig {
  const modelAllowHosts = (env.MODEL_ALLOW_HOSTS ?? '').split(',').map((h) => h.trim()).filter(Boolean);
  for (const entry of modelAllowHosts) {
    try { parseAllowEntry(entry); } catch (err) { throw new ConfigError(`MODEL_ALLOW_HOSTS: ${(err as Error).message}`); }
  }
  return {
    uploadMaxBytes: integer(env, 'KNOWLEDGE_UPLOAD_MAX_BYTES', 20 * 1024 * 1024, 1024, 200 * 1024 * 1024),
    fetchMaxBytes: integer(env, 'KNOWLEDGE_FETCH_MAX_BYTES', 20 * 1024 * 1024, 1024, 200 * 1024 * 1024),
    fetchTimeoutMs: integer(env, 'KNOWLEDGE_FETCH_TIMEOUT_MS', 15_000, 100, 120_000),
    crawlMaxPages: integer(env, 'KNOWLEDGE_CRAWL_MAX_PAGES', 500, 1, 100_000),
    modelAllowHosts,
  };
}

function database(env: Env, dataDir: string): DatabaseConfig {
  const url = env.DATABASE_URL;
  if (/^postgres(ql)?:\/\//.test(url ?? '')) {
    return { kind: 'postgres', url: url!, poolMax: integer(env, 'DATABASE_POOL_MAX', 10, 2, 1000), unnamedStatements: booleanFlag(env, 'DATABASE_UNNAMED_STATEMENTS') };
  }
  const synchronous = sqliteSynchronous(env);
  if (url === undefined || url === '') return { kind: 'sqlite', file: path.join(dataDir, 'parley.db'), synchronous };
  if (url.startsWith('sqlite:')) return { kind: 'sqlite', file: path.resolve(url.slice('sqlite:'.length)), synchronous };
  throw new ConfigError('DATABASE_URL must start with postgres:// (or sqlite:<file>)');
}

export function loadConfig(env: Env = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const jwtSecret = env.JWT_SECRET || null;
  const jobsConfig = jobs(env);
  if (jwtSecret !== null && jwtSecret.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters');
  return {
    port: integer(env, 'PORT', 8080, 0, 65535),
    host: env.HOST || '0.0.0.0',
    dataDir,
    database: database(env, dataDir),
    publicUrl: publicUrl(env.PUBLIC_URL),
    contactEmail: env.CONTACT_EMAIL || 'support@parley.local',
    jwtSecret,
    encryptionKey: encryptionKey(env.ENCRYPTION_KEY),
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 1024 * 1024, 1024, 100 * 1024 * 1024),
    requestTimeoutMs: integer(env, 'REQUEST_TIMEOUT_MS', 30_000, 1000, 600_000),
    rateLimit: {
      max: integer(env, 'RATE_LIMIT_MAX', 1200, 1, 10_000_000),
      windowMs: integer(env, 'RATE_LIMIT_WINDOW_MS', 60_000, 1000, 86_400_000),
    },
    logLevel: env.LOG_LEVEL || 'info',
    lookup: lookup(env),
    outbound: outbound(env),
    rbm: rbm(env),
    jobs: jobsConfig,
    botTimeZone: timeZone('BOT_TIME_ZONE', env.BOT_TIME_ZONE),
    conversations: conversations(env),
    sandbox: sandbox(env, database(env, dataDir).kind),
    smtp: smtp(env),
    webhooks: webhooks(env, jobsConfig),
    sms: sms(env),
    messenger: messenger(env),
    whatsapp: whatsapp(env),
    telegram: telegram(env),
    // WhatsApp takes documents up to 100 MB and videos up to 16 MB; what is larger is named, not kept.
    media: { maxBytes: integer(env, 'MEDIA_MAX_BYTES', 16 * 1024 * 1024, 1024, 100 * 1024 * 1024) },
    microblog: microblog(env),
    voice: voice(env),
    metrics: metrics(env),
    auditRetentionDays: integer(env, 'AUDIT_RETENTION_DAYS', 365, 0, 36_500),
    ssoAllowHttpIssuers: booleanFlag(env, 'SSO_ALLOW_HTTP_ISSUERS'),
    heapGrowingPercent: integer(env, 'HEAP_GROWING_PERCENT', 50, 0, 1000),
    knowledge: knowledge(env),
  };
}
