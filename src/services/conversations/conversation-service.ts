// Conversations as the API shows them: listing, one conversation with its state and triage, its history and attributes,
// handing it to people and back, its status and assignee.
import { outboundView, type ChannelRecord, type OutboundView } from '../../channels/index.js';
import { ConflictError, ForbiddenError, NotFoundError, UnprocessableError } from '../../errors.js';
import { type ConversationState, type OutboundMessage, parseState, StoredFormatError } from '../../engine/index.js';
import {
  type ConversationRow, type MessageRow, type PlainFilter, type Repositories, type Triage, type TriagedConversation, type TriageRepository,
  type TriageStatus,
} from '../../store/index.js';
import { apiDate, isoNow, type Clock } from '../../time.js';
import { decodeCursor, encodeCursor } from '../cursor.js';
import { holds, isRole, roleScopes } from '../teams/roles.js';
import { senderOf } from './sender.js';

export interface Conversation {
  id: number;
  channelId: number;
  humanId: number;
  botEnabled: boolean;
  priority: string;
  /** sys:context. */
  context: string | null;
  /** What the bot waits for: an answer (waitFor), a form, the end of a pause; null when idle. */
  waitingFor: 'answer' | 'form' | 'pause' | null;
  dialogs: string[];
  /** Why the conversation takes no runs (its stored state cannot be read by this release); null: it runs. */
  parked: string | null;
  /** open, pending or resolved: the human writing again makes it open. */
  status: TriageStatus;
  /** The member the conversation is assigned to; null: nobody. */
  assigneeId: number | null;
  /** The bot handed over or the human asked for a person, and nobody has answered since. */
  wantsPerson: boolean;
  wantsPersonSince: string | null;
  /** When it last had a message; null before its first. */
  dateLastActivity: string | null;
  dateCreated: string;
  dateUpdated: string;
}

export interface HistoryMessage {
  id: number;
  direction: 'in' | 'out' | 'note';
  kind: string;
  status: string;
  failureReason: string | null;
  content: unknown;
  batchId: number | null;
  /** Who wrote it: the human (in), the bot, or an agent (a person, through the API or the console). */
  author: 'human' | 'bot' | 'agent';
  /** The member who wrote a reply or a note, as they were named then; null: the human, the bot, or a script's token. */
  authorName: string | null;
  dateCreated: string;
  dateUpdated: string;
  /** Asked for with channel_view: what the provider gets for an outbound message (SMS text, Send API messages …); null where there is no such rendering (web chat, e-mail, notes). */
  channelView?: OutboundView | null;
}

const WAITING = { wait: 'answer', form: 'form', hold: 'pause' } as const;

export function presentConversation(row: ConversationRow, triage: Triage): Conversation {
  let state: ConversationState | null = null;
  let parked = row.parkedReason;
  try {
    state = parseState(row.state);
  } catch (err) {
    // Unreadable but not parked yet: its next run parks it; nothing of the state is shown meanwhile.
    if (!(err instanceof StoredFormatError)) throw err;
    parked ??= err.reason;
  }
  return {
    id: row.id, channelId: row.channelId, humanId: row.humanId, botEnabled: row.botEnabled, priority: row.priority, context: state?.context ?? null,
    waitingFor: state?.suspended ? WAITING[state.suspended.kind] : null, dialogs: state?.dialogs.map((d) => d.name ?? '') ?? [], parked,
    status: triage.status, assigneeId: triage.assigneeId, wantsPerson: triage.wantsPersonAt !== null,
    wantsPersonSince: triage.wantsPersonAt === null ? null : apiDate(triage.wantsPersonAt),
    dateLastActivity: triage.activityAt === '' ? null : apiDate(triage.activityAt),
    dateCreated: apiDate(row.createdAt), dateUpdated: apiDate(row.updatedAt),
  };
}

const present = ({ conversation, triage }: TriagedConversation): Conversation => presentConversation(conversation, triage);

/** A stored message as the API shows it (also the `message` of webhook events). */
export function presentMessage(row: MessageRow): HistoryMessage {
  return {
    id: row.id, direction: row.direction, kind: row.kind, status: row.status, failureReason: row.failureReason, content: JSON.parse(row.content),
    batchId: row.batchId, author: row.direction === 'in' ? 'human' : row.author === 'agent' ? 'agent' : 'bot',
    authorName: row.direction === 'in' ? null : senderOf(row.content)?.name ?? null, dateCreated: apiDate(row.createdAt), dateUpdated: apiDate(row.updatedAt),
  };
}

/** The provider's rendering of a stored outbound message; null when the channel type has none or it cannot be rendered. */
function viewOf(channel: ChannelRecord, address: string, content: string): OutboundView | null {
  try {
    const rendered = outboundView(channel, address, JSON.parse(content) as OutboundMessage);
    return rendered.ok ? rendered.view : null;
  } catch {
    return null;
  }
}

/** Tries for the conversation's lease when an operator changes it; the bot holds it only for one event at a time. */
const LEASE_TRIES = 50;

/** What an operator changes of a conversation (PATCH /v1/conversations/{id}). */
export interface ConversationChange {
  botEnabled?: boolean;
  priority?: 'normal' | 'high';
  status?: TriageStatus;
  assigneeId?: number | null;
}

/** The member making a change, when a member makes it: taking a conversation over assigns it to them. */
export interface Actor { memberId: number | null }

export class ConversationService {
  private readonly owner = `api-${Math.random().toString(36).slice(2)}`;

  constructor(
    private readonly repos: Repositories,
    private readonly triage: TriageRepository,
    private readonly clock: Clock,
    private readonly leaseSeconds: number,
    /** Opens the conversation's channel for the channel view of its messages. */
    private readonly channels?: { find(id: number): Promise<ChannelRecord | undefined> },
  ) {}

  private async owned(accountId: number, id: number): Promise<TriagedConversation> {
    const found = await this.triage.find(id);
    if (found === undefined) throw new NotFoundError(`Conversation ${id} does not exist.`);
    if (found.conversation.accountId !== accountId) throw new ForbiddenError(`Conversation ${id} belongs to another account.`);
    return found;
  }

  /** `recent`: the `limit` conversations with the latest activity, newest first, in one page (activity moves them, so no cursor). */
  async list(accountId: number, filter: PlainFilter, limit: number, cursor?: string, order: 'id' | 'recent' = 'id') {
    if (order === 'recent') return { conversations: (await this.triage.recent(accountId, limit, filter)).map(present), nextCursor: null };
    const rows = await this.triage.page(accountId, decodeCursor(cursor), limit + 1, filter);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return { conversations: page.map(present), nextCursor: rows.length > limit && last !== undefined ? encodeCursor(last.conversation.id) : null };
  }

  async get(accountId: number, id: number): Promise<Conversation> {
    return present(await this.owned(accountId, id));
  }

  async messages(accountId: number, id: number, limit: number, cursor?: string, channelView = false) {
    const { conversation } = await this.owned(accountId, id);
    const rows = await this.repos.messages.history(id, decodeCursor(cursor), limit + 1);
    const channel = channelView ? await this.channels?.find(conversation.channelId) : undefined;
    const shown = channel === undefined ? presentMessage : (row: MessageRow): HistoryMessage => ({
      ...presentMessage(row),
      channelView: row.direction === 'out' && row.kind === 'message' ? viewOf(channel, conversation.address, row.content) : null,
    });
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return { messages: page.map(shown), nextCursor: rows.length > limit && last !== undefined ? encodeCursor(last.id) : null };
  }

  /** The human-scope attributes of the conversation (the default scope of the bot language). */
  async attributes(accountId: number, id: number): Promise<Record<string, string>> {
    await this.owned(accountId, id);
    return this.repos.attributes.list({ scope: 'human', ownerId: id });
  }

  /**
   * Hands the conversation to people (botEnabled false) or back to the bot, sets its priority, its status and its
   * assignee. Taking it over assigns it to the member who does when nobody has it; taking it over or resolving it
   * answers a "wants a person" flag (being assigned is not an answer: the person still waits).
   */
  async update(accountId: number, id: number, change: ConversationChange, by: Actor = { memberId: null }): Promise<Conversation> {
    const current = await this.owned(accountId, id);
    if (change.assigneeId !== undefined && change.assigneeId !== null) await this.checkAssignee(accountId, change.assigneeId);
    if (change.botEnabled !== undefined || change.priority !== undefined) await this.updateState(current, change);
    const takenOver = change.botEnabled === false;
    const assigneeId = change.assigneeId !== undefined ? change.assigneeId
      : takenOver && by.memberId !== null && current.triage.assigneeId === null ? by.memberId : undefined;
    const answered = takenOver || change.status === 'resolved';
    if (change.status !== undefined || assigneeId !== undefined || answered) {
      await this.triage.update(id, { status: change.status, assigneeId, ...(answered ? { wantsPerson: false } : {}) }, isoNow(this.clock));
    }
    return this.get(accountId, id);
  }

  /** An assignee is an active member of the account whose role answers conversations. */
  private async checkAssignee(accountId: number, memberId: number): Promise<void> {
    const member = await this.repos.members.find(memberId);
    if (member === undefined || member.accountId !== accountId) throw new UnprocessableError(`assigneeId: member ${memberId} is not a member of this account.`);
    if (member.status !== 'active') throw new UnprocessableError(`assigneeId: ${member.email} has not accepted the invitation yet.`);
    const role = isRole(member.role) ? member.role : 'viewer';
    if (!holds(roleScopes(role), 'conversations:write')) {
      throw new UnprocessableError(`assigneeId: ${member.email} is a ${role}, a role that cannot answer conversations.`);
    }
  }

  /** botEnabled and priority live in the engine's state: changed under the conversation's lease, between two runs. */
  private async updateState({ conversation: row }: TriagedConversation, change: ConversationChange): Promise<void> {
    const { id } = row;
    // Its state cannot be read, so it cannot be changed (it is kept as it is for a release that reads it).
    const parked = presentConversation(row, { status: 'open', assigneeId: null, wantsPersonAt: null, activityAt: '' }).parked;
    if (parked !== null) throw new ConflictError(`Conversation ${id} is parked: ${parked}.`);
    for (let attempt = 0; attempt < LEASE_TRIES; attempt++) {
      const now = isoNow(this.clock);
      const until = new Date(this.clock().getTime() + this.leaseSeconds * 1000).toISOString();
      if (await this.repos.conversations.acquireLease(id, this.owner, now, until)) {
        try {
          const fresh = (await this.repos.conversations.find(id))!;
          const state = parseState(fresh.state);
          const takenOver = state.botEnabled && change.botEnabled === false;
          if (change.botEnabled !== undefined) state.botEnabled = change.botEnabled;
          if (change.priority !== undefined) state.priority = change.priority;
          const now = isoNow(this.clock);
          await this.repos.conversations.saveState(id, this.owner, now, { state: JSON.stringify(state), botEnabled: state.botEnabled, priority: state.priority });
          // Analytics: a person took the conversation from the bot (it is not contained).
          if (takenOver) await this.repos.analytics.add(fresh.accountId, [{ day: now.slice(0, 10), botId: fresh.botId, channelId: fresh.channelId, metric: 'takeovers', key: '', n: 1 }]);
        } finally {
          await this.repos.conversations.releaseLease(id, this.owner);
        }
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new ConflictError(`Conversation ${id} is busy running an event; try again in a moment.`);
  }
}
