// The human as conversations read and write it: found by phone, created on first contact, fields, tags and subscriptions changed by bots.
import { PostgresAdapter, type RawBuilder, sql, type Kysely, type Selectable } from 'kysely';
import type { Database, HumansTable } from '../schema.js';
import { STORED_SCOPE_NAMES, type StoredScopeName } from './attributes.js';
import { runCompiled } from './compiled.js';
import { bucketedArray, bucketFor } from './array-buckets.js';

export interface HumanRecord {
  id: number;
  accountId: number;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  email: string | null;
  linkGroup: number | null;
  rcsEnabled: boolean | null;
  rcsFeatures: string[];
  /** When RBM was last asked about the human's RCS capability; null: never. */
  rcsCheckedAt: string | null;
  tags: string[];
}

/** The human as a run reads it: the record, the channels the human is subscribed to and converses on, the attributes. */
export interface HumanRunInputs {
  human: HumanRecord;
  subscribed: { id: number; type: string }[];
  /** Channel types the human has conversations on, sorted. */
  channelTypes: string[];
  /** The attributes of the four stored scopes as this conversation sees them, by scope then name. */
  attributes: Map<StoredScopeName, Map<string, string>>;
}

/** Whose attributes a run reads besides the human's link group (shared scope: the group, or the human when not linked). */
export interface RunAttributeOwners {
  /** Human scope: attributes live per conversation. */
  conversationId: number;
  botId: number;
  /** User scope: per account. */
  accountId: number;
}

type RunInputsRow = Selectable<HumansTable> & { tags_json: string; subscribed_json: string; channel_types_json: string; attributes_json: string };

function toRecord(r: Selectable<HumansTable>, tags: string[]): HumanRecord {
  return {
    id: r.id, accountId: r.account_id, firstName: r.first_name, lastName: r.last_name, phone: r.phone, email: r.email,
    linkGroup: r.link_group, rcsEnabled: r.rcs_enabled === null ? null : r.rcs_enabled === 1,
    rcsFeatures: r.rcs_features === null ? [] : (JSON.parse(r.rcs_features) as string[]), rcsCheckedAt: r.rcs_checked_at, tags,
  };
}

/** Rows of (scope, name, value) as the run's attribute view: every stored scope present, empty or not. */
/**
 * PostgreSQL: the columns of runInputs beside the human's row `h` (tags, subscribed channels, the channel types the
 * human converses on, the attributes of the four scopes), for the owners given (parameters or columns).
 */
function postgresRunInputs(conversationId: RawBuilder<unknown>, botId: RawBuilder<unknown>, accountId: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    COALESCE((SELECT json_agg(t.tag ORDER BY t.tag) FROM human_tags t WHERE t.human_id = h.id), '[]')::text AS tags_json,
    COALESCE((SELECT json_agg(json_build_array(c.id, c.channel_type) ORDER BY c.id) FROM subscriptions s
      JOIN channels c ON c.id = s.channel_id WHERE s.human_id = h.id AND s.subscribed = 1), '[]')::text AS subscribed_json,
    COALESCE((SELECT json_agg(DISTINCT c.channel_type ORDER BY c.channel_type) FROM conversations v
      JOIN channels c ON c.id = v.channel_id WHERE v.human_id = h.id), '[]')::text AS channel_types_json,
    COALESCE((SELECT json_agg(json_build_array(a.scope, a.name, a.value)) FROM attributes a
      WHERE (a.scope = 'human' AND a.owner_id = ${conversationId}) OR (a.scope = 'bot' AND a.owner_id = ${botId})
        OR (a.scope = 'user' AND a.owner_id = ${accountId}) OR (a.scope = 'shared' AND a.owner_id = COALESCE(h.link_group, h.id))), '[]')::text AS attributes_json`;
}

function toRunInputs(r: RunInputsRow): HumanRunInputs {
  return {
    human: toRecord(r, JSON.parse(r.tags_json) as string[]),
    subscribed: (JSON.parse(r.subscribed_json) as [number, string][]).map(([channelId, type]) => ({ id: channelId, type })),
    channelTypes: JSON.parse(r.channel_types_json) as string[],
    attributes: byScope(JSON.parse(r.attributes_json) as [StoredScopeName, string, string][]),
  };
}

function byScope(rows: readonly [StoredScopeName, string, string][]): Map<StoredScopeName, Map<string, string>> {
  const out = new Map<StoredScopeName, Map<string, string>>(STORED_SCOPE_NAMES.map((scope) => [scope, new Map()]));
  for (const [scope, name, value] of rows) out.get(scope)?.set(name, value);
  return out;
}

export class HumanRecordRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async find(id: number): Promise<HumanRecord | undefined> {
    const r = await this.db.selectFrom('humans').selectAll().where('id', '=', id).executeTakeFirst();
    if (r === undefined) return undefined;
    const tags = await this.db.selectFrom('human_tags').select('tag').where('human_id', '=', id).orderBy('tag').execute();
    return toRecord(r, tags.map((t) => t.tag));
  }

  /**
   * What a run needs of the human and the attributes of the four stored scopes, in one statement: every message reads
   * it. The shared scope's owner is the human's link group (or the human), known only once the human is read: here
   * it is found in the same statement.
   */
  async runInputs(id: number, owners: RunAttributeOwners): Promise<HumanRunInputs | undefined> {
    const { rows } = await runCompiled(this.db, 'humans.runInputs', (db) => (db.getExecutor().adapter instanceof PostgresAdapter ? sql<RunInputsRow>`
      SELECT h.*, ${postgresRunInputs(sql`${0}`, sql`${0}`, sql`${0}`)}
      FROM humans h WHERE h.id = ${0}` : sql<RunInputsRow>`
      SELECT h.*,
        (SELECT json_group_array(tag) FROM (SELECT tag FROM human_tags WHERE human_id = h.id ORDER BY tag)) AS tags_json,
        (SELECT json_group_array(json_array(id, channel_type)) FROM (SELECT c.id, c.channel_type FROM subscriptions s
          JOIN channels c ON c.id = s.channel_id WHERE s.human_id = h.id AND s.subscribed = 1 ORDER BY c.id)) AS subscribed_json,
        (SELECT json_group_array(channel_type) FROM (SELECT DISTINCT c.channel_type FROM conversations v
          JOIN channels c ON c.id = v.channel_id WHERE v.human_id = h.id ORDER BY c.channel_type)) AS channel_types_json,
        (SELECT json_group_array(json_array(a.scope, a.name, a.value)) FROM attributes a
          WHERE (a.scope = 'human' AND a.owner_id = ${0}) OR (a.scope = 'bot' AND a.owner_id = ${0})
            OR (a.scope = 'user' AND a.owner_id = ${0}) OR (a.scope = 'shared' AND a.owner_id = COALESCE(h.link_group, h.id))) AS attributes_json
      FROM humans h WHERE h.id = ${0}`).compile(db), [owners.conversationId, owners.botId, owners.accountId, id]);
    const r = rows[0];
    return r === undefined ? undefined : toRunInputs(r);
  }

  /**
   * PostgreSQL: runInputs for many runs in one statement (the runs of one turn, src/store/pass-statements.ts); answers
   * in the order asked, undefined for a human that no longer exists.
   */
  async runInputsMany(asked: readonly { id: number; owners: RunAttributeOwners }[]): Promise<(HumanRunInputs | undefined)[]> {
    const size = bucketFor(asked.length);
    const column = (pick: (a: { id: number; owners: RunAttributeOwners }) => number) => bucketedArray(asked.map(pick), 'int', size);
    const { rows } = await sql<RunInputsRow & { i: string }>`
      SELECT k.i, h.*, ${postgresRunInputs(sql`k.conversation_id`, sql`k.bot_id`, sql`k.account_id`)}
      FROM unnest(${column((a) => a.id)}, ${column((a) => a.owners.conversationId)}, ${column((a) => a.owners.botId)},
        ${column((a) => a.owners.accountId)}) WITH ORDINALITY AS k(human_id, conversation_id, bot_id, account_id, i)
      JOIN humans h ON h.id = k.human_id`.execute(this.db);
    const answers: (HumanRunInputs | undefined)[] = asked.map(() => undefined);
    for (const r of rows) answers[Number(r.i) - 1] = toRunInputs(r);
    return answers;
  }

  async idByPhone(accountId: number, phone: string): Promise<number | undefined> {
    const r = await this.db.selectFrom('humans').select('id').where('account_id', '=', accountId).where('phone', '=', phone).orderBy('id').executeTakeFirst();
    return r?.id;
  }

  async create(accountId: number, fields: { firstName?: string | null; lastName?: string | null; phone?: string | null; email?: string | null }, now: string): Promise<number> {
    const r = await this.db.insertInto('humans').values({
      account_id: accountId, first_name: fields.firstName ?? null, last_name: fields.lastName ?? null, phone: fields.phone ?? null,
      email: fields.email ?? null, created_at: now, updated_at: now, link_group: null, rcs_enabled: null, rcs_features: null, rcs_checked_at: null,
    }).returning('id').executeTakeFirstOrThrow();
    return r.id;
  }

  async update(id: number, fields: { firstName?: string | null; lastName?: string | null; phone?: string | null; email?: string | null }, now: string): Promise<void> {
    const set: { first_name?: string | null; last_name?: string | null; phone?: string | null; email?: string | null; updated_at: string } = { updated_at: now };
    if (fields.firstName !== undefined) set.first_name = fields.firstName;
    if (fields.lastName !== undefined) set.last_name = fields.lastName;
    if (fields.phone !== undefined) set.phone = fields.phone;
    if (fields.email !== undefined) set.email = fields.email;
    await this.db.updateTable('humans').set(set).where('id', '=', id).execute();
  }

  async addTags(accountId: number, humanId: number, tags: readonly string[]): Promise<void> {
    if (tags.length === 0) return;
    await this.db.insertInto('human_tags').values(tags.map((tag) => ({ account_id: accountId, human_id: humanId, tag })))
      .onConflict((oc) => oc.columns(['human_id', 'tag']).doNothing()).execute();
  }

  async setRcs(id: number, enabled: boolean, features: readonly string[], now: string): Promise<void> {
    await this.db.updateTable('humans').set({ rcs_enabled: enabled ? 1 : 0, rcs_features: JSON.stringify(features), rcs_checked_at: now }).where('id', '=', id).execute();
  }

  async fillNames(id: number, firstName: string | null, lastName: string | null, now: string): Promise<void> {
    await this.db.updateTable('humans').set({ first_name: firstName, last_name: lastName, updated_at: now })
      .where('id', '=', id).where('first_name', 'is', null).where('last_name', 'is', null).execute();
  }

  async staleRcs(id: number): Promise<void> {
    await this.db.updateTable('humans').set({ rcs_checked_at: null }).where('id', '=', id).execute();
  }

  /**
   * Sets the human's subscription to the channel; true when that changed it (no row counts as unsubscribed), so the
   * caller can report the change (webhooks). The write itself tells, so two racing writers cannot both see a change.
   */
  async setSubscribed(channelId: number, humanId: number, subscribed: boolean, now: string): Promise<boolean> {
    const state = subscribed ? 1 : 0;
    const updated = await this.db.updateTable('subscriptions').set({ subscribed: state, updated_at: now })
      .where('channel_id', '=', channelId).where('human_id', '=', humanId).where('subscribed', '<>', state).returning('human_id').executeTakeFirst();
    if (updated !== undefined) return true;
    const inserted = await this.db.insertInto('subscriptions').values({ channel_id: channelId, human_id: humanId, subscribed: state, updated_at: now })
      .onConflict((oc) => oc.columns(['channel_id', 'human_id']).doNothing()).returning('human_id').executeTakeFirst();
    return inserted !== undefined && subscribed;
  }

  /** Subscribes a human created in this transaction, who can have no subscription row yet: one statement instead of three. */
  async subscribeNew(channelId: number, humanId: number, now: string): Promise<void> {
    await this.db.insertInto('subscriptions').values({ channel_id: channelId, human_id: humanId, subscribed: 1, updated_at: now })
      .onConflict((oc) => oc.columns(['channel_id', 'human_id']).doNothing()).execute();
  }

  /** Whether the human is subscribed to the channel; a human never subscribed nor unsubscribed counts as not subscribed. */
  async isSubscribed(channelId: number, humanId: number): Promise<boolean> {
    const r = await this.db.selectFrom('subscriptions').select('subscribed').where('channel_id', '=', channelId).where('human_id', '=', humanId).executeTakeFirst();
    return r?.subscribed === 1;
  }

  /** The human's subscription to the channel; null when there is no row (never subscribed nor unsubscribed). */
  async subscription(channelId: number, humanId: number): Promise<boolean | null> {
    const r = await this.db.selectFrom('subscriptions').select('subscribed').where('channel_id', '=', channelId).where('human_id', '=', humanId).executeTakeFirst();
    return r === undefined ? null : r.subscribed === 1;
  }

  /** The human's consent for a channel family now: their newest ledger entry for it; null without one. */
  async consentNow(humanId: number, family: string): Promise<'in' | 'out' | null> {
    const r = await this.db.selectFrom('consent_events').select('state').where('human_id', '=', humanId).where('family', '=', family)
      .orderBy('id', 'desc').limit(1).executeTakeFirst();
    return r?.state ?? null;
  }

  async hasSubscriptionRow(channelId: number, humanId: number): Promise<boolean> {
    const r = await this.db.selectFrom('subscriptions').select('subscribed').where('channel_id', '=', channelId).where('human_id', '=', humanId).executeTakeFirst();
    return r !== undefined;
  }

  /** The channels the human is subscribed to, with their types. */
  async subscribedChannels(humanId: number): Promise<{ id: number; type: string }[]> {
    const rows = await this.db.selectFrom('subscriptions').innerJoin('channels', 'channels.id', 'subscriptions.channel_id')
      .select(['channels.id', 'channels.channel_type']).where('subscriptions.human_id', '=', humanId).where('subscriptions.subscribed', '=', 1).execute();
    return rows.map((r) => ({ id: r.id, type: r.channel_type }));
  }

  async subscribedChannelTypes(humanId: number): Promise<string[]> {
    const rows = await this.db.selectFrom('subscriptions').innerJoin('channels', 'channels.id', 'subscriptions.channel_id')
      .select('channels.channel_type').distinct().where('subscriptions.human_id', '=', humanId).where('subscriptions.subscribed', '=', 1).execute();
    return rows.map((r) => r.channel_type).sort();
  }
}
