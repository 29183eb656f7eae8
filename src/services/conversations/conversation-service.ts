// Conversations as the API shows them: listing, one conversation with its state, its history and attributes, and handing it back to the bot.
import { ConflictError, ownedBy } from '../../errors.js';
import { type ConversationState, parseState, StoredFormatError } from '../../engine/index.js';
import type { ConversationRow, MessageRow, Repositories } from '../../store/index.js';
import { apiDate, isoNow, type Clock } from '../../time.js';
import { decodeCursor, pageOf } from '../cursor.js';

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
  dateCreated: string;
  dateUpdated: string;
}

const WAITING = { wait: 'answer', form: 'form', hold: 'pause' } as const;

function present(row: ConversationRow): Conversation {
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
    dateCreated: apiDate(row.createdAt), dateUpdated: apiDate(row.updatedAt),
  };
}

/** A stored message as the API shows it (also the `message` of webhook events). */
export function presentMessage(row: MessageRow): HistoryMessage {
  return {
    id: row.id, direction: row.direction, kind: row.kind, status: row.status, failureReason: row.failureReason, content: JSON.parse(row.content),
    batchId: row.batchId, dateCreated: apiDate(row.createdAt), dateUpdated: apiDate(row.updatedAt),
  };
}

/** Tries for the conversation's lease when an operator changes it; the bot holds it only for one event at a time. */
const LEASE_TRIES = 50;

export class ConversationService {
  private readonly owner = `api-${Math.random().toString(36).slice(2)}`;

  constructor(private readonly repos: Repositories, private readonly clock: Clock, private readonly leaseSeconds: number) {}

  private async owned(accountId: number, id: number): Promise<ConversationRow> {
    return ownedBy(await this.repos.conversations.find(id), accountId, 'Conversation', id);
  }

  async list(accountId: number, filter: { channelId?: number; humanId?: number; parked?: boolean }, limit: number, cursor?: string) {
    const rows = await this.repos.conversations.page(accountId, decodeCursor(cursor), limit + 1, filter);
    const { items, nextCursor } = pageOf(rows, limit, present);
    return { conversations: items, nextCursor };
  }

  async get(accountId: number, id: number): Promise<Conversation> {
    return present(await this.owned(accountId, id));
  }

  async messages(accountId: number, id: number, limit: number, cursor?: string) {
    await this.owned(accountId, id);
    const rows = await this.repos.messages.history(id, decodeCursor(cursor), limit + 1);
    const { items, nextCursor } = pageOf(rows, limit, presentMessage);
    return { messages: items, nextCursor };
  }

  /** The human-scope attributes of the conversation (the default scope of the bot language). */
  async attributes(accountId: number, id: number): Promise<Record<string, string>> {
    await this.owned(accountId, id);
    return this.repos.attributes.list({ scope: 'human', ownerId: id });
  }

  /** Hands the conversation to people (botEnabled false) or back to the bot, and sets its priority. */
  async update(accountId: number, id: number, change: { botEnabled?: boolean; priority?: 'normal' | 'high' }): Promise<Conversation> {
    const current = present(await this.owned(accountId, id));
    // Its state cannot be read, so it cannot be changed (it is kept as it is for a release that reads it).
    if (current.parked !== null) throw new ConflictError(`Conversation ${id} is parked: ${current.parked}.`);
    for (let attempt = 0; attempt < LEASE_TRIES; attempt++) {
      const now = isoNow(this.clock);
      const until = new Date(this.clock().getTime() + this.leaseSeconds * 1000).toISOString();
      if (await this.repos.conversations.acquireLease(id, this.owner, now, until)) {
        try {
          const row = (await this.repos.conversations.find(id))!;
          const state = parseState(row.state);
          if (change.botEnabled !== undefined) state.botEnabled = change.botEnabled;
          if (change.priority !== undefined) state.priority = change.priority;
          await this.repos.conversations.saveState(id, this.owner, isoNow(this.clock), { state: JSON.stringify(state), botEnabled: state.botEnabled, priority: state.priority });
        } finally {
          await this.repos.conversations.releaseLease(id, this.owner);
        }
        return this.get(accountId, id);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new ConflictError(`Conversation ${id} is busy running an event; try again in a moment.`);
  }
}
