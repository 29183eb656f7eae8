// What the host gives a run (the program, the conversation's facts, ports) and what a run gives back.
import type { AttributeWrite } from './language/assignment-model.js';
import type { AttributeReader } from './language/context.js';
import type { StoredScope } from './language/reference.js';
import type { OutboundItem } from './outbound.js';
import type { HttpPort, HttpRequest, KnowledgePort } from './ports.js';
import type { BotProgram } from './program.js';
import type { ConversationState } from './state.js';

/** How a channel shows what the engine sends; decides how forms and choices are rendered and matched. */
export interface ChannelCapabilities {
  /** Shows data-capture forms as forms (web chat); elsewhere fields are asked one by one. */
  forms: boolean;
  /** Buttons and quick replies become numbered text options, so "2" selects the second. */
  numberedChoices: boolean;
}

export interface HumanSnapshot {
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  email: string | null;
  tags: string[];
  /** Subscribed to this conversation's channel. */
  subscribed: boolean;
  rcsEnabled: boolean | null;
  rcsFeatures: string[];
  /** Channel types the human has talked on, and is subscribed to. */
  communicatingChannels: string[];
  subscribedChannels: string[];
}

export interface RunLimits {
  /** Actions one event may run before the chain is stopped as a loop. */
  maxActions: number;
  /** Nested executes. */
  maxDepth: number;
}

export const DEFAULT_LIMITS: RunLimits = { maxActions: 1000, maxDepth: 32 };

export interface RunEnvironment {
  program: BotProgram;
  channel: { id: number | string; type: string; capabilities: ChannelCapabilities };
  human: HumanSnapshot;
  /** Stored attributes (human, bot, user, shared scopes) as they were when the event was taken. */
  attributes: AttributeReader;
  device: { type: string | null; platform: string | null };
  conversationLink: string | null;
  clock: () => Date;
  timeZone: string;
  uuid?: () => string;
  http: HttpPort;
  limits?: Partial<RunLimits>;
  /** Waits between retries of a request; the in-memory host moves its virtual clock instead of waiting. Default: real time. */
  sleep?: (ms: number) => Promise<void>;
  /** Knowledge bases and models for the answer action; absent: an answer step takes its fallback. */
  knowledge?: KnowledgePort;
  /** Whether a note may be texted through this channel of the account (an SMS channel). */
  canTextThrough?: (channelId: number) => boolean | Promise<boolean>;
}

export interface StoredWrite {
  kind: 'set' | 'remove';
  scope: StoredScope;
  name: string;
  value: string | null;
}

export interface HumanChanges {
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
  /** Written only as an e-mail address (RunContext checks it); null removes it. */
  email?: string | null;
  addTags: string[];
  /** Set by the subscribe step. */
  subscribed: boolean | null;
}

/** A durable timer the host must start: when it fires, it hands back `{ kind: 'timer', token }`. */
export interface TimerRequest {
  token: string;
  at: Date;
}

/** A request to run outside the conversation's turn (`async: true`); its result comes back as a requestResult event. */
export interface AsyncRequest {
  request: HttpRequest;
  retries: number;
  allowHtml: boolean;
  response: string | Record<string, unknown> | null;
  responseHeaders: string | Record<string, unknown> | null;
  fallback: string | null;
}

export interface RunIssue {
  /** JSON pointer of the action in the definition, or '' for the run as a whole. */
  pointer: string;
  message: string;
}

export interface RunResult {
  state: ConversationState;
  writes: StoredWrite[];
  human: HumanChanges;
  outbound: OutboundItem[];
  timers: TimerRequest[];
  asyncRequests: AsyncRequest[];
  issues: RunIssue[];
  /** The event cannot be handled yet (the chain is paused); the host keeps it and offers it again after the pause. */
  deferred: boolean;
  /** Names (or pointers) of the interactions entered, in order; for logs and tests. */
  entered: string[];
  /** A message whose text matched no choice, no open wait or form, and no intent: the catch-all ran, or nothing did. */
  unrecognised: boolean;
  /** Pointers of the interactions entered and of the actions that ran (their channel and conditions held): test coverage. */
  visited: string[];
}

export type { AttributeWrite };
