// The inbox as a support team triages it: conversations with their human, channel, last message and unread count, filtered
// and searched; their status, assignee and "wants a person" flag; each member's read marks.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Dialect } from '../migrations/dialect.js';
import type { Database } from '../schema.js';
import { type ConversationRow, toConversationRow } from './conversations.js';
import { type MessageRow, toMessageRow } from './messages.js';

export type TriageStatus = 'open' | 'pending' | 'resolved';

/** The triage columns of a conversation (migration 0030). */
export interface Triage {
  status: TriageStatus;
  assigneeId: number | null;
  wantsPersonAt: string | null;
  /** '' before its first message. */
  activityAt: string;
}

export interface TriagedConversation {
  conversation: ConversationRow;
  triage: Triage;
}

export interface InboxRow extends TriagedConversation {
  human: { id: number; firstName: string | null; lastName: string | null; email: string | null; phone: string | null };
  channel: { id: number; name: string; type: string };
  lastMessage: MessageRow | null;
  /** Inbound messages after the member's read mark (at most UNREAD_CAP); 0 for a caller who is no member. */
  unread: number;
}

export interface InboxFilter {
  status?: TriageStatus;
  /** A member's id, or 'none' for the unassigned. */
  assignee?: number | 'none';
  channelId?: number;
  humanId?: number;
  wantsPerson?: boolean;
  /** Part of the human's name, e-mail or phone, or of a message's text, in any case. */
  search?: string;
}

export interface PlainFilter { channelId?: number; humanId?: number; parked?: boolean }

/** Where a page of the inbox starts: after this conversation in the inbox's order (latest activity first). */
export interface InboxPosition { activityAt: string; id: number }

/** The unread count shown stops here ("99+"): counting a long unread history would read all of it. */
export const UNREAD_CAP = 99;

export interface InboxSummary {
  open: number;
  pending: number;
  resolved: number;
  /** Not resolved, and assigned to the member asking. */
  mine: number;
  /** Not resolved, and assigned to nobody. */
  unassigned: number;
  /** Not resolved, and flagged. */
  wantsPerson: number;
}

type Row = Record<string, unknown>;

const STATUSES: readonly string[] = ['open', 'pending', 'resolved'];

function statusOf(value: unknown): TriageStatus {
  return typeof value === 'string' && STATUSES.includes(value) ? value as TriageStatus : 'open';
}

function triageOf(r: Row): Triage {
  return {
    status: statusOf(r.status), assigneeId: r.assignee_id === null ? null : Number(r.assignee_id),
    wantsPersonAt: (r.wants_person_at as string | null) ?? null, activityAt: (r.activity_at as string | null) ?? '',
  };
}

/** LIKE's pattern for "contains", its wildcards escaped, lower-cased (both engines then agree on case). */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export class TriageRepository {
  constructor(private readonly db: Kysely<Database>, private readonly dialect: Dialect) {}

  /** A message's text as SQL reads it out of its stored JSON (inbound events, outbound messages and notes all have `text`). */
  private textOf(content: RawBuilder<unknown>): RawBuilder<string> {
    return this.dialect === 'postgres' ? sql<string>`(${content}::json ->> 'text')` : sql<string>`json_extract(${content}, '$.text')`;
  }

  /** A page in id order after `afterId` (GET /v1/conversations). */
  async page(accountId: number, afterId: number, limit: number, filter: PlainFilter = {}): Promise<TriagedConversation[]> {
    let q = this.db.selectFrom('conversations').selectAll().where('account_id', '=', accountId).where('id', '>', afterId);
    if (filter.channelId !== undefined) q = q.where('channel_id', '=', filter.channelId);
    if (filter.humanId !== undefined) q = q.where('human_id', '=', filter.humanId);
    if (filter.parked !== undefined) q = q.where('parked_reason', filter.parked ? 'is not' : 'is', null);
    return (await q.orderBy('id').limit(limit).execute()).map((r) => ({ conversation: toConversationRow(r), triage: triageOf(r) }));
  }

  /** The `limit` conversations with the latest activity, newest first. */
  async recent(accountId: number, limit: number, filter: PlainFilter = {}): Promise<TriagedConversation[]> {
    let q = this.db.selectFrom('conversations').selectAll().where('account_id', '=', accountId);
    if (filter.channelId !== undefined) q = q.where('channel_id', '=', filter.channelId);
    if (filter.humanId !== undefined) q = q.where('human_id', '=', filter.humanId);
    if (filter.parked !== undefined) q = q.where('parked_reason', filter.parked ? 'is not' : 'is', null);
    return (await q.orderBy('activity_at', 'desc').orderBy('id', 'desc').limit(limit).execute())
      .map((r) => ({ conversation: toConversationRow(r), triage: triageOf(r) }));
  }

  async find(id: number): Promise<TriagedConversation | undefined> {
    const r = await this.db.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirst();
    return r === undefined ? undefined : { conversation: toConversationRow(r), triage: triageOf(r) };
  }

  /**
   * A page of the inbox, latest activity first, after `after`. `reader` is the member whose read marks count unread
   * messages (and from when: messages before `since` are never unread); null counts none.
   */
  async inbox(
    accountId: number, filter: InboxFilter, after: InboxPosition | null, limit: number, reader: { memberId: number; since: string } | null,
  ): Promise<InboxRow[]> {
    const unread = reader === null ? sql<number>`0` : sql<number>`(SELECT count(*) FROM (SELECT 1 FROM messages u
      WHERE u.conversation_id = c.id AND u.direction = 'in' AND u.created_at >= ${reader.since}
        AND u.id > COALESCE((SELECT r.last_read_id FROM conversation_reads r WHERE r.conversation_id = c.id AND r.member_id = ${reader.memberId}), 0)
      LIMIT ${UNREAD_CAP + 1}) unread)`;
    let q = this.db.selectFrom('conversations as c')
      .innerJoin('humans as h', 'h.id', 'c.human_id')
      .innerJoin('channels as ch', 'ch.id', 'c.channel_id')
      .selectAll('c')
      .select([
        'h.first_name as h_first_name', 'h.last_name as h_last_name', 'h.email as h_email', 'h.phone as h_phone',
        'ch.name as ch_name', 'ch.channel_type as ch_type',
        sql<number | null>`(SELECT max(m.id) FROM messages m WHERE m.conversation_id = c.id)`.as('last_message_id'),
        unread.as('unread'),
      ])
      .where('c.account_id', '=', accountId);
    if (filter.status !== undefined) q = q.where('c.status', '=', filter.status);
    if (filter.assignee === 'none') q = q.where('c.assignee_id', 'is', null);
    else if (filter.assignee !== undefined) q = q.where('c.assignee_id', '=', filter.assignee);
    if (filter.channelId !== undefined) q = q.where('c.channel_id', '=', filter.channelId);
    if (filter.humanId !== undefined) q = q.where('c.human_id', '=', filter.humanId);
    if (filter.wantsPerson !== undefined) q = q.where('c.wants_person_at', filter.wantsPerson ? 'is not' : 'is', null);
    if (filter.search !== undefined && filter.search.trim() !== '') {
      const pattern = containsPattern(filter.search.trim());
      const text = this.textOf(sql`m.content`);
      q = q.where(sql<boolean>`(
        lower(coalesce(h.first_name, '') || ' ' || coalesce(h.last_name, '')) LIKE ${pattern} ESCAPE '\\'
        OR lower(coalesce(h.email, '')) LIKE ${pattern} ESCAPE '\\'
        OR lower(coalesce(h.phone, '')) LIKE ${pattern} ESCAPE '\\'
        OR EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = c.id AND m.kind IN ('message', 'note')
          AND lower(coalesce(${text}, '')) LIKE ${pattern} ESCAPE '\\'))`);
    }
    if (after !== null) {
      q = q.where((eb) => eb.or([eb('c.activity_at', '<', after.activityAt), eb.and([eb('c.activity_at', '=', after.activityAt), eb('c.id', '<', after.id)])]));
    }
    const rows = await q.orderBy('c.activity_at', 'desc').orderBy('c.id', 'desc').limit(limit).execute() as unknown as Row[];
    const lastIds = rows.map((r) => r.last_message_id).filter((id): id is number => id !== null).map(Number);
    const last = new Map<number, MessageRow>();
    if (lastIds.length > 0) {
      for (const m of await this.db.selectFrom('messages').selectAll().where('id', 'in', lastIds).execute()) last.set(m.conversation_id, toMessageRow(m));
    }
    return rows.map((r) => {
      const conversation = toConversationRow(r as never);
      return {
        conversation, triage: triageOf(r),
        human: { id: conversation.humanId, firstName: r.h_first_name as string | null, lastName: r.h_last_name as string | null, email: r.h_email as string | null, phone: r.h_phone as string | null },
        channel: { id: conversation.channelId, name: String(r.ch_name), type: String(r.ch_type) },
        lastMessage: last.get(conversation.id) ?? null,
        unread: Math.min(Number(r.unread ?? 0), UNREAD_CAP + 1),
      };
    });
  }

  /** Counts for the inbox's tabs: one pass over the account's conversations. */
  async summary(accountId: number, memberId: number | null): Promise<InboxSummary> {
    const r = await this.db.selectFrom('conversations').select([
      sql<number>`SUM(CASE WHEN status = 'open' THEN 1 ELSE 0 END)`.as('open'),
      sql<number>`SUM(CASE WHEN status = 'pending' THEN 1 ELSE 0 END)`.as('pending'),
      sql<number>`SUM(CASE WHEN status = 'resolved' THEN 1 ELSE 0 END)`.as('resolved'),
      sql<number>`SUM(CASE WHEN status <> 'resolved' AND assignee_id = ${memberId ?? -1} THEN 1 ELSE 0 END)`.as('mine'),
      sql<number>`SUM(CASE WHEN status <> 'resolved' AND assignee_id IS NULL THEN 1 ELSE 0 END)`.as('unassigned'),
      sql<number>`SUM(CASE WHEN status <> 'resolved' AND wants_person_at IS NOT NULL THEN 1 ELSE 0 END)`.as('wants_person'),
    ]).where('account_id', '=', accountId).executeTakeFirstOrThrow();
    const n = (v: unknown) => Number(v ?? 0);
    return { open: n(r.open), pending: n(r.pending), resolved: n(r.resolved), mine: n(r.mine), unassigned: n(r.unassigned), wantsPerson: n(r.wants_person) };
  }

  /** Sets what is given of the status, the assignee and the flag (cleared with `wantsPerson: false`). */
  async update(id: number, change: { status?: TriageStatus; assigneeId?: number | null; wantsPerson?: false }, now: string): Promise<void> {
    const set: { status?: string; assignee_id?: number | null; wants_person_at?: null; updated_at: string } = { updated_at: now };
    if (change.status !== undefined) set.status = change.status;
    if (change.assigneeId !== undefined) set.assignee_id = change.assigneeId;
    if (change.wantsPerson === false) set.wants_person_at = null;
    await this.db.updateTable('conversations').set(set).where('id', '=', id).execute();
  }

  /**
   * A person's reply ends the wait for a person: clears the flag and gives since when it was up (null: nobody was
   * waited for). Compared and cleared in one statement, so of two replies at once only one is the first.
   */
  async answerWait(id: number): Promise<string | null> {
    const row = await this.db.selectFrom('conversations').select('wants_person_at').where('id', '=', id).executeTakeFirst();
    const since = (row?.wants_person_at as string | null | undefined) ?? null;
    if (since === null) return null;
    const cleared = await this.db.updateTable('conversations').set({ wants_person_at: null })
      .where('id', '=', id).where('wants_person_at', '=', since).executeTakeFirst();
    return Number(cleared.numUpdatedRows) === 1 ? since : null;
  }

  /**
   * A message written by a person (a reply, a note): the conversation moves up the inbox, is no longer waiting for a
   * person when `answered`, and is assigned to the author when nobody has it.
   */
  async personWrote(id: number, memberId: number | null, answered: boolean, now: string): Promise<void> {
    await this.db.updateTable('conversations').set({
      activity_at: now, updated_at: now,
      ...(answered ? { wants_person_at: null } : {}),
      ...(memberId === null ? {} : { assignee_id: sql<number>`COALESCE(assignee_id, ${memberId})` }),
    }).where('id', '=', id).execute();
  }

  /** The human wrote but no run committed it (the bot's revision cannot be run): the inbox still shows it. */
  async humanWrote(id: number, now: string): Promise<void> {
    await this.db.updateTable('conversations').set({ activity_at: now, status: 'open' }).where('id', '=', id).execute();
  }

  /** The member has read the conversation up to `messageId` (a mark never goes back). */
  async markRead(conversationId: number, memberId: number, messageId: number, now: string): Promise<void> {
    await this.db.insertInto('conversation_reads').values({ conversation_id: conversationId, member_id: memberId, last_read_id: messageId, updated_at: now })
      .onConflict((oc) => oc.columns(['conversation_id', 'member_id']).doUpdateSet({
        last_read_id: sql<number>`CASE WHEN excluded.last_read_id > conversation_reads.last_read_id THEN excluded.last_read_id ELSE conversation_reads.last_read_id END`,
        updated_at: now,
      })).execute();
  }

  async readMark(conversationId: number, memberId: number): Promise<number> {
    const r = await this.db.selectFrom('conversation_reads').select('last_read_id')
      .where('conversation_id', '=', conversationId).where('member_id', '=', memberId).executeTakeFirst();
    return r?.last_read_id ?? 0;
  }
}
