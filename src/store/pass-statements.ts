// The statements every conversation pass makes: one per call on SQLite, one per event-loop turn for all passes on PostgreSQL.
import type { Kysely } from 'kysely';
import { coalesced } from './coalesced.js';
import type { Transactions } from './group-commit.js';
import type { Dialect } from './migrations/dialect.js';
import { MOST_ELEMENTS } from './repositories/array-buckets.js';
import { repositories } from './repositories/index.js';
import type { HumanRunInputs, RunAttributeOwners } from './repositories/human-records.js';
import type { InboxEvent } from './repositories/inbox.js';
import { claimMany, type ClaimedRow, markSentMany, pendingMany, releaseIdleMany, subscriptionsAt } from './repositories/pass-batches.js';
import type { Database } from './schema.js';

export interface PassStatements {
  /** ConversationRepository.claim. */
  claim(id: number, owner: string, now: string, until: string): Promise<ClaimedRow | undefined>;
  /** InboxRepository.pending. */
  pending(conversationId: number, limit: number): Promise<InboxEvent[]>;
  /** ConversationRepository.releaseIfIdle. */
  releaseIfIdle(id: number, owner: string): Promise<boolean>;
  /** MessageRepository.markSent, in the shared commit on SQLite (Transactions.single). */
  markSent(id: number, providerMessageId: string | null, now: string): Promise<boolean>;
  /** HumanRecordRepository.runInputs: what every run reads of its human. */
  runInputs(humanId: number, owners: RunAttributeOwners): Promise<HumanRunInputs | undefined>;
  /** IdentityRepository.subscriptionAt: asked before every text a channel sends. */
  subscriptionAt(channelId: number, address: string): Promise<{ humanId: number; subscribed: boolean | null } | undefined>;
}

/** Inputs in groups of equal `key`, each answered by `many` for its group; answers back in the order of the inputs. */
async function byKey<In, Out>(inputs: readonly In[], key: (input: In) => string, many: (group: In[]) => Promise<(input: In) => Out>): Promise<Out[]> {
  const groups = new Map<string, In[]>();
  for (const input of inputs) {
    const k = key(input);
    const group = groups.get(k);
    if (group === undefined) groups.set(k, [input]);
    else group.push(input);
  }
  const answers = new Map<In, Out>();
  for (const group of groups.values()) {
    const answer = await many(group);
    for (const input of group) answers.set(input, answer(input));
  }
  return inputs.map((input) => answers.get(input)!);
}

/**
 * On PostgreSQL every statement is a round trip that costs the server more than the work it asks for (about 0.1 ms of a
 * core here, for a key lookup): the passes running at the same time share each of these statements. On SQLite the
 * statement runs in the process, and a call is one statement.
 */
export function passStatements(db: Kysely<Database>, transactions: Transactions, dialect: Dialect): PassStatements {
  const repos = repositories(db);
  if (dialect === 'sqlite') {
    return {
      claim: (id, owner, now, until) => transactions.single((tx) => repositories(tx).conversations.claim(id, owner, now, until)),
      pending: (conversationId, limit) => repos.inbox.pending(conversationId, limit),
      releaseIfIdle: (id, owner) => transactions.single((tx) => repositories(tx).conversations.releaseIfIdle(id, owner)),
      markSent: (id, providerMessageId, now) => transactions.single((tx) => repositories(tx).messages.markSent(id, providerMessageId, now)),
      subscriptionAt: (channelId, address) => repos.identities.subscriptionAt(channelId, address),
      runInputs: (humanId, owners) => repos.humanRecords.runInputs(humanId, owners),
    };
  }
  type Claim = { id: number; owner: string; now: string; until: string };
  // The claims of one turn share the latest clock reading: they differ by less than the turn took.
  const claim = coalesced<Claim, ClaimedRow | undefined>((inputs) => byKey(inputs, (c) => c.owner, async (group) => {
    const last = group[group.length - 1]!;
    const claimed = await claimMany(db, group.map((c) => c.id), last.owner, last.now, last.until);
    return (c) => claimed.get(c.id);
  }), { max: MOST_ELEMENTS, one: (c) => repos.conversations.claim(c.id, c.owner, c.now, c.until) });
  const pending = coalesced<{ conversationId: number; limit: number }, InboxEvent[]>(async (inputs) => {
    const found = await pendingMany(db, inputs.map((p) => p.conversationId), Math.max(...inputs.map((p) => p.limit)));
    return inputs.map((p) => (found.get(p.conversationId) ?? []).slice(0, p.limit));
  }, { max: MOST_ELEMENTS, one: (p) => repos.inbox.pending(p.conversationId, p.limit) });
  const release = coalesced<{ id: number; owner: string }, boolean>((inputs) => byKey(inputs, (r) => r.owner, async (group) => {
    const released = await releaseIdleMany(db, group.map((r) => r.id), group[0]!.owner);
    return (r) => released.has(r.id);
  }), { max: MOST_ELEMENTS, one: (r) => repos.conversations.releaseIfIdle(r.id, r.owner) });
  const markSent = coalesced<{ id: number; providerMessageId: string | null; now: string }, boolean>(async (inputs) => {
    const sent = await markSentMany(db, inputs);
    return inputs.map((s) => sent.has(s.id));
  }, { max: MOST_ELEMENTS, one: (s) => repos.messages.markSent(s.id, s.providerMessageId, s.now) });
  const subscription = coalesced<{ channelId: number; address: string }, { humanId: number; subscribed: boolean | null } | undefined>((asked) => subscriptionsAt(db, asked), {
    max: MOST_ELEMENTS, one: (a) => repos.identities.subscriptionAt(a.channelId, a.address),
  });
  const inputs = coalesced<{ id: number; owners: RunAttributeOwners }, HumanRunInputs | undefined>((asked) => repos.humanRecords.runInputsMany(asked), {
    max: MOST_ELEMENTS, one: (a) => repos.humanRecords.runInputs(a.id, a.owners),
  });
  return {
    claim: (id, owner, now, until) => claim({ id, owner, now, until }),
    pending: (conversationId, limit) => pending({ conversationId, limit }),
    releaseIfIdle: (id, owner) => release({ id, owner }),
    markSent: (id, providerMessageId, now) => markSent({ id, providerMessageId, now }),
    subscriptionAt: (channelId, address) => subscription({ channelId, address }),
    runInputs: (id, owners) => inputs({ id, owners }),
  };
}
