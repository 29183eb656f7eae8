// Conversations: one per (human, channel), their engine state, and the lease that lets one process run one at a time.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ConversationsTable, Database } from '../schema.js';
import { runCompiled } from './compiled.js';

/** Columns the message path does not read (migration 0030). */
export type TriageColumn = 'status' | 'assignee_id' | 'wants_person_at' | 'activity_at';

export interface ConversationRow {
  id: number;
  accountId: number;
  botId: number;
  channelId: number;
  humanId: number;
  address: string;
  state: string;
  botEnabled: boolean;
  priority: string;
  /** Why the conversation takes no runs (a state this release cannot read); null: it runs. */
  parkedReason: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The run's view of a row: the inbox's triage columns are read by the inbox alone (repositories/inbox-triage.ts). */
export function toConversationRow(r: Omit<Selectable<ConversationsTable>, TriageColumn>): ConversationRow {
  return {
    id: r.id, accountId: r.account_id, botId: r.bot_id, channelId: r.channel_id, humanId: r.human_id, address: r.address, state: r.state,
    botEnabled: r.bot_enabled === 1, priority: r.priority, parkedReason: r.parked_reason ?? null, createdAt: r.created_at, updatedAt: r.updated_at,
  };
}

/**
 * What a run's commit changes of the inbox's triage, in the statement that saves its state: `activity` moves the
 * conversation up the inbox (a message came in or went out), `reopen` makes it open again (the human wrote), and
 * `wantsPerson` flags it (the bot handed over, or the human asked for a person) unless it is flagged already.
 */
export interface RunTriage { activity: boolean; reopen: boolean; wantsPerson: boolean }
export const NO_TRIAGE: RunTriage = { activity: false, reopen: false, wantsPerson: false };

export interface NewConversation {
  accountId: number;
  botId: number;
  channelId: number;
  humanId: number;
  address: string;
  state: string;
}

export class ConversationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async find(id: number): Promise<ConversationRow | undefined> {
    const { rows } = await runCompiled(this.db, 'conversations.find', (db) => db.selectFrom('conversations').selectAll().where('id', '=', 0).compile(), [id]);
    return rows[0] && toConversationRow(rows[0]);
  }

  /** The conversation of whoever writes from `address` on the channel, found through their identity in one statement. */
  async findByAddress(channelId: number, address: string): Promise<ConversationRow | undefined> {
    const { rows } = await runCompiled(this.db, 'conversations.findByAddress', (db) => db.selectFrom('conversations').selectAll('conversations')
      .innerJoin('human_identities', (j) => j.onRef('human_identities.channel_id', '=', 'conversations.channel_id').onRef('human_identities.human_id', '=', 'conversations.human_id'))
      .where('human_identities.channel_id', '=', 0).where('human_identities.address', '=', '').compile(), [channelId, address]);
    return rows[0] && toConversationRow(rows[0] as Selectable<ConversationsTable>);
  }

  async findFor(channelId: number, humanId: number): Promise<ConversationRow | undefined> {
    const { rows } = await runCompiled(this.db, 'conversations.findFor', (db) => db.selectFrom('conversations').selectAll()
      .where('channel_id', '=', 0).where('human_id', '=', 0).compile(), [channelId, humanId]);
    return rows[0] && toConversationRow(rows[0]);
  }

  /**
   * Takes (or renews) the conversation's claim and reads it in the same statement; undefined when another live process
   * holds it. `hasQueued` tells whether outbound items wait from before (their delivery must come first).
   */
  async claim(id: number, owner: string, now: string, until: string): Promise<(ConversationRow & { hasQueued: boolean }) | undefined> {
    return this.takeClaim('conversations.claim', true, id, owner, now, until);
  }

  /**
   * The ingest's claim: as `claim`, but only a claim nobody holds (or whose holder let it lapse), never this process's own.
   * A pass of this process may hold it and give it up in its commit at the same moment, having checked for pending
   * events against a snapshot taken before this event was stored (PostgreSQL): a renewed claim would then be undone
   * behind the ingest's back, and the event waited for the sweep (1.4–1.8 s, one message in some 5,000 of the web-chat
   * bench). Not taken, the running pass's next turn takes it (the kick asks for one).
   */
  async claimFree(id: number, owner: string, now: string, until: string): Promise<(ConversationRow & { hasQueued: boolean }) | undefined> {
    return this.takeClaim('conversations.claimFree', false, id, owner, now, until);
  }

  /** The claim's statement, one compiled form for each: `renewOwn` also takes a claim `owner` holds already. */
  private async takeClaim(name: string, renewOwn: boolean, id: number, owner: string, now: string, until: string): Promise<(ConversationRow & { hasQueued: boolean }) | undefined> {
    const { rows } = await runCompiled(this.db, name, (db) => db.updateTable('conversations').set({ lease_owner: '', lease_until: '' })
      .where('id', '=', 0)
      // A parked conversation takes no runs.
      .where('parked_reason', 'is', null)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', ''), ...(renewOwn ? [eb('lease_owner', '=', '')] : [])]))
      .returningAll()
      .returning((eb) => eb.exists(eb.selectFrom('messages').select('messages.id')
        .whereRef('messages.conversation_id', '=', 'conversations.id').where('messages.status', '=', sql.lit('queued'))).as('has_queued'))
      .compile(), renewOwn ? [owner, until, id, now, owner] : [owner, until, id, now]);
    const r = rows[0];
    return r && { ...toConversationRow(r), hasQueued: Boolean(r.has_queued) };
  }

  /**
   * Gives the claim up unless events wait in the inbox (then the holder goes on: nobody else could take them while it
   * holds the claim, and an event stored meanwhile by another process would otherwise wait for the sweep). True when released.
   */
  async releaseIfIdle(id: number, owner: string): Promise<boolean> {
    const { rows } = await runCompiled(this.db, 'conversations.releaseIfIdle', (db) => db.updateTable('conversations')
      .set({ lease_owner: sql.lit(null), lease_until: sql.lit(null) })
      .where('id', '=', 0).where('lease_owner', '=', '')
      .where((eb) => eb.not(eb.exists(eb.selectFrom('conversation_events').select('conversation_events.id')
        .whereRef('conversation_events.conversation_id', '=', 'conversations.id').where('conversation_events.status', '=', sql.lit('pending')))))
      .returning('id').compile(), [id, owner]);
    return rows.length > 0;
  }

  /** The conversation of (channel, human), created when there is none; safe when two requests race to create it. */
  /** `newHuman`: the human was created in this transaction and can have no conversation yet, so none is looked for first. */
  async findOrCreate(c: NewConversation, now: string, newHuman = false): Promise<{ row: ConversationRow; created: boolean }> {
    const existing = newHuman ? undefined : await this.findFor(c.channelId, c.humanId);
    if (existing) return { row: existing, created: false };
    const inserted = await this.db.insertInto('conversations').values({
      account_id: c.accountId, bot_id: c.botId, channel_id: c.channelId, human_id: c.humanId, address: c.address, state: c.state,
      bot_enabled: 1, priority: 'normal', lease_owner: null, lease_until: null, created_at: now, updated_at: now,
    }).onConflict((oc) => oc.columns(['channel_id', 'human_id']).doNothing()).returningAll().executeTakeFirst();
    if (inserted) return { row: toConversationRow(inserted), created: true };
    return { row: (await this.findFor(c.channelId, c.humanId))!, created: false };
  }

  /** Takes (or renews) the conversation's lease; false when another process holds it. */
  async acquireLease(id: number, owner: string, now: string, until: string): Promise<boolean> {
    return (await this.claim(id, owner, now, until)) !== undefined;
  }

  async releaseLease(id: number, owner: string): Promise<void> {
    await runCompiled(this.db, 'conversations.release', (db) => db.updateTable('conversations').set({ lease_owner: sql.lit(null), lease_until: sql.lit(null) })
      .where('id', '=', 0).where('lease_owner', '=', '').compile(), [id, owner]);
  }

  /**
   * Saves the state only while the claim is still ours (null when it was lost: the run is then discarded), and gives the
   * claim up in the same statement when `releaseAfter` names the event being committed and no other event of the
   * conversation is pending (the check releaseIfIdle makes by a statement of its own).
   */
  async saveState(
    id: number, owner: string, now: string, s: { state: string; botEnabled: boolean; priority: string }, releaseAfter: number | null = null,
    triage: RunTriage = NO_TRIAGE,
  ): Promise<{ released: boolean } | null> {
    const idle = sql`NOT EXISTS (SELECT 1 FROM conversation_events e WHERE e.conversation_id = conversations.id AND e.status = 'pending' AND e.id <> ${0})`;
    const { rows } = await runCompiled(this.db, 'conversations.saveState', (db) => db.updateTable('conversations')
      .set({
        state: '', bot_enabled: 0, priority: '', updated_at: '',
        lease_owner: sql<string | null>`CASE WHEN ${0} = 1 AND ${idle} THEN NULL ELSE lease_owner END`,
        lease_until: sql<string | null>`CASE WHEN ${0} = 1 AND ${idle} THEN NULL ELSE lease_until END`,
        // The inbox's triage, in the same statement: no work of its own per message (RunTriage).
        activity_at: sql<string>`CASE WHEN ${0} = 1 THEN ${''} ELSE activity_at END`,
        status: sql<string>`CASE WHEN ${0} = 1 THEN 'open' ELSE status END`,
        wants_person_at: sql<string | null>`CASE WHEN ${0} = 1 AND wants_person_at IS NULL THEN ${''} ELSE wants_person_at END`,
      })
      .where('id', '=', 0).where('lease_owner', '=', '').where('lease_until', '>=', '')
      .returning(sql<number>`CASE WHEN lease_owner IS NULL THEN 1 ELSE 0 END`.as('released')).compile(),
    [s.state, s.botEnabled ? 1 : 0, s.priority, now, releaseAfter === null ? 0 : 1, releaseAfter ?? 0, releaseAfter === null ? 0 : 1, releaseAfter ?? 0,
      triage.activity ? 1 : 0, now, triage.reopen ? 1 : 0, triage.wantsPerson ? 1 : 0, now, id, owner, now]);
    const r = rows[0];
    return r === undefined ? null : { released: Number(r.released) === 1 };
  }

  /**
   * Parks the conversation: it takes no runs (its claim is refused) while its events and messages are still stored.
   * Only by the claim's holder, which gives the claim up right after.
   */
  async park(id: number, owner: string, reason: string, now: string): Promise<boolean> {
    const r = await this.db.updateTable('conversations').set({ parked_reason: reason.slice(0, 500), parked_at: now, updated_at: now })
      .where('id', '=', id).where('lease_owner', '=', owner).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Lets every parked conversation run again (a release that may read their state has started); their ids. */
  async unparkAll(now: string): Promise<number[]> {
    const rows = await this.db.updateTable('conversations').set({ parked_reason: null, parked_at: null, updated_at: now })
      .where('parked_reason', 'is not', null).returning('id').execute();
    return rows.map((r) => r.id);
  }

  /** Channel types the human has conversations on. */
  async channelTypesOf(humanId: number): Promise<string[]> {
    const rows = await this.db.selectFrom('conversations').innerJoin('channels', 'channels.id', 'conversations.channel_id')
      .select('channels.channel_type').distinct().where('conversations.human_id', '=', humanId).execute();
    return rows.map((r) => r.channel_type).sort();
  }
}
