// What providers need from the conversation runtime, declared here where they use it; services/ implements every port.
import type { BotProgram, ConversationEvent, ConversationState, OutboundEmail } from '../engine/index.js';
import type { ProviderRecords, StoredMessage } from './records.js';
import type { ChannelAdapter, ChannelRecord, DeliveryOutcome, InboundEnvelope, StatusReport } from './types.js';
import type { Pace } from './pacing.js';

/** One level of a logger: an object of fields and a message, or a message alone. pino's loggers satisfy it. */
export interface LogFn {
  (fields: object, message?: string): void;
  (message: string): void;
}

/** The logger providers and services write to: the few levels they use. */
export interface Logger {
  error: LogFn;
  warn: LogFn;
  info: LogFn;
  debug: LogFn;
}

/** What storing an inbound envelope gave. */
export interface Ingested {
  conversationId: number;
  humanId: number;
  /** null when the provider sent the same message again (deduplicated). */
  eventId: number | null;
  /** The history row of an inbound message; null for other events and duplicates. */
  messageId: number | null;
  /** The conversation's message stored just before it, when the ingest knows it (see ChatSignal.after); null: not known. */
  previousMessageId: number | null;
  /** When it was stored (the row's createdAt). */
  storedAt: string;
  conversationCreated: boolean;
}

/** Another envelope (another channel) for an inbound event, or null to leave it where it arrived. */
export type InboundRouter = (envelope: InboundEnvelope) => Promise<InboundEnvelope | null>;

/** The conversations' inbox: what arrives is stored durably before the provider is answered. */
export interface IngestPort {
  /** Stores an inbound event and wakes the conversation; resolves once it is durable, before it is handled. */
  receive(envelope: InboundEnvelope): Promise<Ingested>;
  /** Adds an event of the system's own (a script) to a conversation's inbox; null when the key was stored before. */
  enqueue(conversationId: number, event: ConversationEvent, dedupKey: string | null): Promise<number | null>;
  /** Lets a provider hand an inbound event to another channel's conversation (an SMS reply to RCS sent by SMS). */
  addRouter(router: InboundRouter): void;
}

/** Applies a provider's delivered/read/failed report to the message it names. */
export type StatusReporter = (report: StatusReport) => Promise<void>;

/** Sends the e-mails bot definitions write. */
export interface Mailer {
  send(email: OutboundEmail): Promise<DeliveryOutcome>;
}

/** A bot's published program, trained and cached by the runtime. */
export interface ProgramSource {
  get(botId: number, revision: number): Promise<BotProgram | null>;
}

/** What the run of one event sent, and the conversation's state after it. */
export interface RunAnswer {
  messages: StoredMessage[];
  state: ConversationState;
}

/** A message the runtime handed to a provider (sent) or gave up on (failed). */
export interface SettledMessage {
  conversationId: number;
  messageId: number;
}

/** A run that committed: its messages follow. */
export interface CommittedRun {
  conversationId: number;
  channelType: string;
}

/** An answer being written by a model, the text so far (web chat and the sandbox show it until the message comes). */
export interface AnswerDraft {
  conversationId: number;
  channelId: number;
  channelType: string;
  text: string;
}

/** The runtime's news providers act on. */
export interface RuntimeNews {
  on(event: 'message.sent' | 'message.failed', listener: (info: SettledMessage) => void): unknown;
  on(event: 'conversation.committed', listener: (info: CommittedRun) => void): unknown;
  on(event: 'answer.draft', listener: (info: AnswerDraft) => void): unknown;
}

/** The other serving processes as this one last saw them (the heartbeat's read of `serving_processes`). */
export interface ProcessPeers {
  /** This process's id among them. */
  readonly self: string;
  /**
   * Whether another process may be serving, and so listening for this one's notifications: false only when a recent
   * read found none (before the first read, or when the last one is older than a dead process's silence, true).
   */
  othersMayListen(): boolean;
  /**
   * Called with the id of each process a read finds that the one before it did not (one that started, or one that was
   * taken for dead and came back), after `othersMayListen` has turned true: what this process published meanwhile
   * without notifying may be news to it.
   */
  onJoined(listener: (id: string) => void): void;
}

/** Files people send that the provider keeps behind its own authentication (WhatsApp media, Telegram files). */
export interface MediaPort {
  /** The URL the bot and the console see for the file: served by Parley, read from the provider when first asked. */
  urlOf(channelId: number, ref: string): string;
  /**
   * Reads the file from the provider and keeps it, in the background (call it after the webhook is answered): the
   * provider's copy expires. Never throws; a failure is logged and the URL reads it again when asked.
   */
  keep(channel: ChannelRecord, ref: string, humanId: number | null): void;
}

/** The conversation runtime as providers use it. */
export interface ChannelRuntime {
  readonly ingest: IngestPort;
  readonly records: ProviderRecords;
  readonly programs: ProgramSource;
  readonly events: RuntimeNews;
  reportStatus: StatusReporter;
  /** Delivers the messages of a channel type. */
  registerAdapter(adapter: ChannelAdapter): void;
  /** Lets `pick` deliver the channels it returns an adapter for, ahead of the adapter of their type. */
  overrideAdapter(pick: (channel: ChannelRecord) => ChannelAdapter | null): void;
  /** The adapter of a channel type, for a provider that hands a message on (RCS falling back to SMS). */
  adapter(type: string): ChannelAdapter | undefined;
  /** Waits for a channel's delivery slot (DELIVERY_RATES): a provider delivering on another channel (RCS's SMS fallback). */
  paceDelivery(channel: { id: number; type: string }, pace: Pace): Promise<void>;
  /** Waits (up to `timeoutMs`) until the event has been run; null on timeout. */
  awaitRun(eventId: number, conversationId: number, timeoutMs: number): Promise<RunAnswer | null>;
  /** Sends a database notification to every process (PostgreSQL LISTEN/NOTIFY); nothing to do on SQLite. */
  notify(channel: string, payload: string): Promise<void>;
  /** The other serving processes, for a fan-out that need not notify when none listens. */
  readonly peers: ProcessPeers;
  readonly media: MediaPort;
}
