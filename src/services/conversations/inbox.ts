// The inbox a support team works from: conversations to triage (filters, search, last message, unread count per member),
// the counts of its tabs, and each member's read marks.
import { BadRequestError, ForbiddenError, NotFoundError, UnprocessableError } from '../../errors.js';
import type { InboundMedia, OutboundItem } from '../../engine/index.js';
import {
  type InboxFilter, type InboxPosition, type InboxRow, type InboxSummary, type MessageRow, type Repositories, type TriageRepository,
} from '../../store/index.js';
import { apiDate, isoNow, type Clock } from '../../time.js';
import { type Conversation, presentConversation } from './conversation-service.js';
import { senderOf } from './sender.js';

/** A conversation as the inbox lists it. */
export interface InboxItem {
  conversation: Conversation;
  human: { id: number; name: string; email: string | null; phone: string | null };
  channel: { id: number; name: string; channelType: string };
  lastMessage: {
    id: number;
    direction: 'in' | 'out' | 'note';
    author: 'human' | 'bot' | 'agent';
    authorName: string | null;
    /** What a person reads of it in one line: its text, else what it carries ([image], [form] …). */
    preview: string;
    dateCreated: string;
  } | null;
  /** Messages from the human the member asking has not read; capped (UNREAD_CAP + 1 means "more"). */
  unread: number;
}

export interface InboxQuery {
  status?: 'open' | 'pending' | 'resolved';
  /** 'me', 'none' or a member's id. */
  assignee?: string;
  channelId?: number;
  wantsPerson?: boolean;
  search?: string;
}

/** Who reads the inbox: a member has read marks and "mine"; the account's own credential has neither. */
export interface Reader { accountId: number; memberId: number | null }

const PREVIEW_CHARACTERS = 140;
const MAX_MEMBER_ID = 2_147_483_647;

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > PREVIEW_CHARACTERS ? `${line.slice(0, PREVIEW_CHARACTERS - 1)}…` : line;
}

/** A stored message in one line, whatever its kind. */
export function previewOf(row: MessageRow): string {
  try {
    if (row.direction === 'in') {
      const event = JSON.parse(row.content) as { text?: string | null; media?: InboundMedia[]; location?: unknown };
      if (event.text) return oneLine(event.text);
      if (event.location) return '[location]';
      return (event.media ?? []).length > 0 ? '[attachment]' : '[message]';
    }
    const item = JSON.parse(row.content) as OutboundItem;
    if (item.kind === 'email') return oneLine(`[e-mail] ${item.subject}`);
    if (item.kind === 'note') return oneLine(item.text);
    if (item.text) return oneLine(item.text);
    if (item.title) return oneLine(item.title);
    if (item.carousel.length > 0) return '[cards]';
    if (item.form) return '[form]';
    return item.media ? `[${item.mediaType ?? 'media'}]` : '[message]';
  } catch {
    return '[message]';
  }
}

function humanName(h: InboxRow['human']): string {
  return [h.firstName, h.lastName].filter(Boolean).join(' ') || h.phone || h.email || `Human ${h.id}`;
}

function present(row: InboxRow): InboxItem {
  const m = row.lastMessage;
  return {
    conversation: presentConversation(row.conversation, row.triage),
    human: { id: row.human.id, name: humanName(row.human), email: row.human.email, phone: row.human.phone },
    channel: { id: row.channel.id, name: row.channel.name, channelType: row.channel.type },
    lastMessage: m === null ? null : {
      id: m.id, direction: m.direction, author: m.direction === 'in' ? 'human' : m.author === 'agent' ? 'agent' : 'bot',
      authorName: m.direction === 'in' ? null : senderOf(m.content)?.name ?? null, preview: previewOf(m), dateCreated: apiDate(m.createdAt),
    },
    unread: row.unread,
  };
}

function encodePosition(p: InboxPosition): string {
  return Buffer.from(JSON.stringify([p.activityAt, p.id])).toString('base64url');
}

function decodePosition(cursor: string | undefined): InboxPosition | null {
  if (cursor === undefined) return null;
  try {
    const [activityAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof activityAt === 'string' && typeof id === 'number' && Number.isSafeInteger(id)) return { activityAt, id };
  } catch { /* fall through to the error below */ }
  throw new BadRequestError('cursor is not a cursor this server returned; pass nextCursor from the previous page unchanged.');
}

export class InboxService {
  constructor(private readonly repos: Repositories, private readonly triage: TriageRepository, private readonly clock: Clock) {}

  /** The member's own filter value for "me"; a credential that is no member has no "mine". */
  private assignee(reader: Reader, value: string | undefined): number | 'none' | undefined {
    if (value === undefined) return undefined;
    if (value === 'none') return 'none';
    if (value === 'me') {
      if (reader.memberId === null) throw new UnprocessableError('assignee=me: this credential is the account\'s own, no member; name a member\'s id.');
      return reader.memberId;
    }
    const id = /^\d{1,10}$/.test(value) ? Number(value) : 0;
    // Ids are 32-bit (PostgreSQL's integer): anything else names no member.
    if (id < 1 || id > MAX_MEMBER_ID) throw new UnprocessableError('assignee is "me", "none" or a member\'s id (1 to 2147483647).');
    return id;
  }

  /** From when the member's unread counts start, or null for a credential that is no member. */
  private async readerOf(reader: Reader): Promise<{ memberId: number; since: string } | null> {
    if (reader.memberId === null) return null;
    const member = await this.repos.members.find(reader.memberId);
    return member === undefined ? null : { memberId: member.id, since: member.inboxSince ?? member.createdAt };
  }

  async list(reader: Reader, query: InboxQuery, limit: number, cursor?: string): Promise<{ conversations: InboxItem[]; nextCursor: string | null }> {
    const filter: InboxFilter = {
      status: query.status, assignee: this.assignee(reader, query.assignee), channelId: query.channelId, wantsPerson: query.wantsPerson,
      search: query.search,
    };
    const rows = await this.triage.inbox(reader.accountId, filter, decodePosition(cursor), limit + 1, await this.readerOf(reader));
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      conversations: page.map(present),
      nextCursor: rows.length > limit && last !== undefined ? encodePosition({ activityAt: last.triage.activityAt, id: last.conversation.id }) : null,
    };
  }

  async summary(reader: Reader): Promise<InboxSummary> {
    return this.triage.summary(reader.accountId, reader.memberId);
  }

  /** Marks the conversation read by the member up to `messageId` (default: its newest message); answers the mark. */
  async markRead(reader: Reader, conversationId: number, messageId?: number): Promise<{ lastReadMessageId: number }> {
    const conversation = await this.repos.conversations.find(conversationId);
    if (conversation === undefined) throw new NotFoundError(`Conversation ${conversationId} does not exist.`);
    if (conversation.accountId !== reader.accountId) throw new ForbiddenError(`Conversation ${conversationId} belongs to another account.`);
    if (reader.memberId === null) throw new UnprocessableError('Read marks are a member\'s: this credential is the account\'s own, no member.');
    let upTo = messageId;
    if (upTo === undefined) {
      upTo = (await this.repos.messages.lastId(conversationId)) ?? 0;
    } else {
      const message = await this.repos.messages.find(upTo);
      if (message === undefined || message.conversationId !== conversationId) throw new UnprocessableError(`messageId: message ${upTo} is not in conversation ${conversationId}.`);
    }
    if (upTo > 0) await this.triage.markRead(conversationId, reader.memberId, upTo, isoNow(this.clock));
    return { lastReadMessageId: Math.max(upTo, await this.triage.readMark(conversationId, reader.memberId)) };
  }
}
