// Writes one chunk of an import's rows in the caller's transaction: each row finds its human (phone, then e-mail, then a
// channel identity) or creates one, and sets what the row gives; consent goes to the ledger with source `import`.
import type { CompiledQuery, Kysely } from 'kysely';
import { consentFamily, type ConsentFamily } from '../../channel-types.js';
import { PLANNED_EACH_TIME, repositories, type ConsentEntry, type Database } from '../../store/index.js';
import type { FieldProblem, ImportedHuman } from './import-row.js';

export interface ChunkRow { row: number; human: ImportedHuman }
export interface RowProblem extends FieldProblem { row: number }
export interface ChunkOutcome { created: number; updated: number; problems: RowProblem[] }

/** The account's channels an import may name: id and type. */
export type ChannelTypes = ReadonlyMap<number, string>;

const IN_STATEMENT = 500;

/**
 * Runs a select planned at each run (PLANNED_EACH_TIME): the import itself fills the tables these read, and PostgreSQL's
 * generic plan of a connection's prepared statement, made while they were nearly empty, slowed each chunk as they grew.
 */
async function plannedRows<R>(query: { compile(): CompiledQuery<R> }, tx: Kysely<Database>): Promise<R[]> {
  const compiled = query.compile();
  return (await tx.executeQuery<R>({ ...compiled, sql: `${PLANNED_EACH_TIME} ${compiled.sql}` })).rows;
}

async function inChunks<T, R>(values: readonly T[], read: (part: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < values.length; i += IN_STATEMENT) out.push(...await read(values.slice(i, i + IN_STATEMENT)));
  return out;
}

/** The first human (lowest id) of the account holding each value of the column. */
async function firstHolders(tx: Kysely<Database>, accountId: number, column: 'phone' | 'email', values: string[]): Promise<Map<string, number>> {
  // No ORDER BY: with one, SQLite walks the account's humans in id order instead of looking the values up.
  const rows = await inChunks([...new Set(values)], (part) => plannedRows(tx.selectFrom('humans').select(['id', column])
    .where('account_id', '=', accountId).where(column, 'in', part), tx));
  const found = new Map<string, number>();
  for (const r of rows) {
    const v = r[column as keyof typeof r] as string;
    const held = found.get(v);
    if (held === undefined || r.id < held) found.set(v, r.id);
  }
  return found;
}

const identityKey = (channelId: number, address: string): string => `${channelId}\n${address}`;

/** A row's human: one found in the store, or a new one whose id is known once the chunk's new humans are inserted. */
interface Slot { id: number; fresh?: HumanFields }
type HumanFields = Partial<Record<'first_name' | 'last_name' | 'phone' | 'email', string>>;

export async function writeChunk(tx: Kysely<Database>, accountId: number, channels: ChannelTypes, rows: readonly ChunkRow[], now: string): Promise<ChunkOutcome> {
  const byPhone = await firstHolders(tx, accountId, 'phone', rows.flatMap((r) => r.human.phone ?? []));
  const byEmail = await firstHolders(tx, accountId, 'email', rows.flatMap((r) => r.human.email ?? []));
  const idents = rows.flatMap((r) => r.human.identities);
  const byIdentity = new Map<string, number>();
  for (const r of await inChunks([...new Set(idents.map((i) => i.address))], (part) => plannedRows(tx.selectFrom('human_identities')
    .select(['channel_id', 'address', 'human_id']).where('channel_id', 'in', [...new Set(idents.map((i) => i.channelId))]).where('address', 'in', part), tx))) {
    byIdentity.set(identityKey(r.channel_id, r.address), r.human_id);
  }
  const outcome: ChunkOutcome = { created: 0, updated: 0, problems: [] };
  const tags: { account_id: number; human_id: number; tag: string }[] = [];
  const links: { account_id: number; channel_id: number; address: string; human_id: number; created_at: string }[] = [];
  const attributes: { row: number; humanId: number; values: Map<string, string> }[] = [];
  const states: { row: number; humanId: number; human: ImportedHuman }[] = [];
  // New humans are inserted together after the pass; rows reach them through their slot, filled in then.
  const fresh: { slot: Slot; values: HumanFields }[] = [];
  const later: (() => void)[] = [];
  const slotOf = new Map<number, Slot>();
  const existing = (id: number): Slot => { let slot = slotOf.get(id); if (slot === undefined) { slot = { id }; slotOf.set(id, slot); } return slot; };
  const byPhoneSlot = new Map<string, Slot>();
  const byEmailSlot = new Map<string, Slot>();
  const byIdentitySlot = new Map<string, Slot>();
  const found = <K>(map: Map<K, Slot>, stored: Map<K, number>, key: K | undefined): Slot | undefined => {
    if (key === undefined) return undefined;
    const slot = map.get(key);
    if (slot !== undefined) return slot;
    const id = stored.get(key);
    return id === undefined ? undefined : existing(id);
  };
  const updates = new Map<Slot, HumanFields>();
  for (const { row, human } of rows) {
    let slot = found(byPhoneSlot, byPhone, human.phone) ?? found(byEmailSlot, byEmail, human.email);
    for (const i of human.identities) slot ??= found(byIdentitySlot, byIdentity, identityKey(i.channelId, i.address));
    const fields: HumanFields = {
      ...(human.firstName !== undefined ? { first_name: human.firstName } : {}),
      ...(human.lastName !== undefined ? { last_name: human.lastName } : {}),
      ...(human.phone !== undefined ? { phone: human.phone } : {}),
      ...(human.email !== undefined ? { email: human.email } : {}),
    };
    if (slot === undefined) {
      slot = { id: 0, fresh: fields };
      fresh.push({ slot, values: fields });
      outcome.created++;
    } else {
      if (slot.fresh !== undefined) Object.assign(slot.fresh, fields);
      else updates.set(slot, { ...updates.get(slot), ...fields });
      outcome.updated++;
    }
    const target = slot;
    // Later rows of the chunk find this one as the store would.
    if (human.phone !== undefined && !byPhoneSlot.has(human.phone) && !byPhone.has(human.phone)) byPhoneSlot.set(human.phone, target);
    if (human.email !== undefined && !byEmailSlot.has(human.email) && !byEmail.has(human.email)) byEmailSlot.set(human.email, target);
    for (const i of human.identities) {
      const key = identityKey(i.channelId, i.address);
      const holder = found(byIdentitySlot, byIdentity, key);
      if (holder === undefined) {
        byIdentitySlot.set(key, target);
        later.push(() => links.push({ account_id: accountId, channel_id: i.channelId, address: i.address, human_id: target.id, created_at: now }));
      } else if (holder !== target) {
        later.push(() => outcome.problems.push({ row, field: `identity.${i.channelId}`, reason: `"${i.address}" is human ${holder.id}'s on channel ${i.channelId}; not moved to human ${target.id}` }));
      }
    }
    later.push(() => {
      for (const tag of human.tags) tags.push({ account_id: accountId, human_id: target.id, tag });
      if (human.attributes.size > 0) attributes.push({ row, humanId: target.id, values: human.attributes });
      if (human.subscriptions.length > 0 || human.consent.length > 0) states.push({ row, humanId: target.id, human });
    });
  }
  // One statement for the chunk's new humans: both stores number a statement's rows in the order of its values.
  for (let i = 0; i < fresh.length; i += IN_STATEMENT) {
    const part = fresh.slice(i, i + IN_STATEMENT);
    const ids = (await tx.insertInto('humans').values(part.map((f) => ({ account_id: accountId, first_name: null, last_name: null, phone: null, email: null, ...f.values, created_at: now, updated_at: now })))
      .returning('id').execute()).map((r) => r.id).sort((a, b) => a - b);
    part.forEach((f, k) => { f.slot.id = ids[k]!; });
  }
  for (const [slot, fields] of updates) await tx.updateTable('humans').set({ ...fields, updated_at: now }).where('id', '=', slot.id).execute();
  for (const step of later) step();
  for (let i = 0; i < tags.length; i += IN_STATEMENT) {
    await tx.insertInto('human_tags').values(tags.slice(i, i + IN_STATEMENT)).onConflict((oc) => oc.columns(['human_id', 'tag']).doNothing()).execute();
  }
  for (let i = 0; i < links.length; i += IN_STATEMENT) {
    await tx.insertInto('human_identities').values(links.slice(i, i + IN_STATEMENT)).onConflict((oc) => oc.columns(['channel_id', 'address']).doNothing()).execute();
  }
  outcome.problems.push(...await writeAttributes(tx, accountId, attributes, now));
  await writeConsent(tx, accountId, channels, states, now);
  return outcome;
}

/** Human-scope attributes live on the human's conversations (docs/bot-language.md §6): a human with none cannot keep them yet. */
async function writeAttributes(tx: Kysely<Database>, accountId: number, wanted: { row: number; humanId: number; values: Map<string, string> }[], now: string): Promise<RowProblem[]> {
  if (wanted.length === 0) return [];
  const conversations = await inChunks([...new Set(wanted.map((w) => w.humanId))], (part) => plannedRows(tx.selectFrom('conversations').select(['id', 'human_id']).where('human_id', 'in', part), tx));
  const ofHuman = new Map<number, number[]>();
  for (const c of conversations) ofHuman.set(c.human_id, [...ofHuman.get(c.human_id) ?? [], c.id]);
  const problems: RowProblem[] = [];
  const values: { account_id: number; scope: string; owner_id: number; name: string; value: string; updated_at: string }[] = [];
  for (const w of wanted) {
    const ids = ofHuman.get(w.humanId);
    if (ids === undefined) {
      for (const name of w.values.keys()) problems.push({ row: w.row, field: `attributes.${name}`, reason: `not set: human ${w.humanId} has no conversation yet, and human-scope attributes live on conversations` });
      continue;
    }
    for (const owner of ids) for (const [name, value] of w.values) values.push({ account_id: accountId, scope: 'human', owner_id: owner, name, value, updated_at: now });
  }
  for (const v of values) {
    await tx.insertInto('attributes').values(v).onConflict((oc) => oc.columns(['scope', 'owner_id', 'name']).doUpdateSet({ value: v.value, updated_at: now })).execute();
  }
  return problems;
}

/**
 * Subscriptions the rows name, and consent per family: `in` subscribes the human to the account's channels of the family
 * (those the row names, when it names some), `out` unsubscribes them from all of them. Each change is a ledger entry
 * dated as the row says; consent given that changed nothing is still recorded once, for the family.
 */
async function writeConsent(tx: Kysely<Database>, accountId: number, channels: ChannelTypes, states: { humanId: number; human: ImportedHuman }[], now: string): Promise<void> {
  if (states.length === 0) return;
  const repos = repositories(tx);
  const ofFamily = new Map<ConsentFamily, number[]>();
  for (const [id, type] of channels) {
    const family = consentFamily(type);
    if (family !== null) ofFamily.set(family, [...ofFamily.get(family) ?? [], id]);
  }
  // Wanted state per channel and human, with the consent (date, proof) it comes with.
  const wanted = new Map<string, { channelId: number; subscribed: boolean; humanIds: number[] }>();
  const given = new Map<string, { date: string | null; proof: string | null }>();
  const want = (channelId: number, subscribed: boolean, humanId: number): void => {
    const key = `${channelId}:${subscribed}`;
    const group = wanted.get(key) ?? { channelId, subscribed, humanIds: [] };
    group.humanIds.push(humanId);
    wanted.set(key, group);
  };
  for (const { humanId, human } of states) {
    const named = new Set(human.subscriptions.map((s) => s.channelId));
    for (const s of human.subscriptions) want(s.channelId, s.subscribed, humanId);
    for (const c of human.consent) {
      given.set(`${humanId}:${c.family}`, { date: c.date, proof: c.proof });
      const familyChannels = ofFamily.get(c.family) ?? [];
      const listed = familyChannels.filter((id) => named.has(id));
      const targets = c.state === 'out' || listed.length === 0 ? familyChannels : [];
      for (const id of targets) if (!named.has(id)) want(id, c.state === 'in', humanId);
    }
  }
  const entries: ConsentEntry[] = [];
  const recorded = new Set<string>();
  for (const group of wanted.values()) {
    const family = consentFamily(channels.get(group.channelId) ?? '');
    const changed = await repos.subscriptions.setState(group.channelId, group.humanIds, group.subscribed, now);
    if (family === null) continue;
    for (const humanId of changed) {
      const consent = given.get(`${humanId}:${family}`);
      recorded.add(`${humanId}:${family}:${group.subscribed ? 'in' : 'out'}`);
      entries.push({ accountId, humanId, channelId: group.channelId, family, state: group.subscribed ? 'in' : 'out', source: 'import', proof: consent?.proof ?? null, at: consent?.date ?? now });
    }
  }
  for (const { humanId, human } of states) {
    for (const c of human.consent) {
      if (recorded.has(`${humanId}:${c.family}:${c.state}`)) continue;
      entries.push({ accountId, humanId, channelId: null, family: c.family, state: c.state, source: 'import', proof: c.proof, at: c.date ?? now });
    }
  }
  await repos.consent.append(entries);
}
