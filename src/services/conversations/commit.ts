// Committing a run: state, attribute writes, human changes, outbound items, the event done and its timers, in one transaction.
import { randomUUID } from 'node:crypto';
import type { AtCommitDelivery } from '../../channels/index.js';
import type { RunResult } from '../../engine/index.js';
import type { JobQueue } from '../../jobs/index.js';
import type { Kysely } from 'kysely';
import {
  type Database, JourneyRunRepository, type MessageRow, type MessageStatus, type PassStatements, repositories, type RunCommit, type RunCommitted, type RunTriage,
  type Tally, type Transactions,
} from '../../store/index.js';
import type { RunAnalytics } from '../analytics/run-tally.js';
import type { EventRecorder } from '../webhooks/record.js';
import { ownerOf, type OwnerIds } from './attribute-owners.js';
import { QUEUES, type RequestJob, type TimerJob } from './queues.js';

export class LeaseLostError extends Error {
  constructor(conversationId: number) {
    super(`conversation ${conversationId}: the lease was lost before the run committed; another process runs it now`);
    this.name = 'LeaseLostError';
  }
}

export interface CommitInput {
  conversationId: number;
  accountId: number;
  channelId: number;
  /** Its type: the consent ledger's family of a subscribe step. */
  channelType: string;
  humanId: number;
  eventId: number;
  owners: OwnerIds;
  leaseOwner: string;
  result: RunResult;
  now: string;
  /** The message batch the event belongs to, if any. */
  batchId: number | null;
  /** The channel's delivery at commit (web chat): its messages are marked sent here, not queued. */
  atCommit: Pick<AtCommitDelivery, 'providerIdPrefix'> | null;
  /** Whether outbound items of the conversation were queued before this run (they go out first, in order). */
  queuedBefore: boolean;
  /** Whether this transaction gives the claim up when no event waits and nothing of the conversation is queued. */
  release: boolean;
  /** The inbox's triage: saved with the state, by the same statement (RunTriage). */
  triage: RunTriage;
  /** What the run adds to the analytics, committed with it. */
  analytics: RunAnalytics;
  /** Journeys the run counts for: the human's started entries of them replied (a message read) or converted (a goal entered). */
  journeys: { replied: readonly number[]; converted: readonly number[] };
}

export interface Committed {
  /** The outbound rows the run queued, as stored, for delivery right after the commit (no read of the outbox). */
  queued: MessageRow[];
  /** The messages delivered by the commit itself (input.atCommit), to announce once it has committed. */
  sentAtCommit: SentAtCommit[];
  /** The state as stored. */
  storedState: string;
  /** True when the commit gave the claim up (input.release, and nothing was left to do). */
  released: boolean;
}

/** A message the commit delivered, as stored. */
export interface SentAtCommit {
  id: number;
  content: string;
  /** The conversation's message stored just before it, when the commit knows it (null: not known). */
  after: number | null;
}

type Outbound = RunResult['outbound'][number];

/** A note without a phone to text lives in the history only; it is done when stored. */
function storedAsSent(item: Outbound): boolean {
  return item.kind === 'note' && item.recipientPhone === null;
}

/** Sent by the commit itself (input.atCommit): only behind nothing queued, so an item still waiting for its provider keeps its place. */
function sentByCommit(input: CommitInput, item: Outbound, queuedEarlier: boolean): boolean {
  return input.atCommit !== null && item.kind === 'message' && !queuedEarlier && !input.queuedBefore;
}

/** Whether the run leaves anything in the outbox, decided before its rows are written (the claim's release depends on it). */
function queuesAny(input: CommitInput): boolean {
  let queued = false;
  for (const item of input.result.outbound) {
    if (storedAsSent(item) || sentByCommit(input, item, queued)) continue;
    queued = true;
  }
  return queued;
}

/** A row the commit queued, as the outbox would read it back. */
function queuedRow(input: CommitInput, id: number, item: Outbound, content: string): MessageRow {
  return {
    id, accountId: input.accountId, conversationId: input.conversationId, channelId: input.channelId, humanId: input.humanId,
    direction: item.kind === 'note' ? 'note' : 'out', kind: item.kind, content, status: 'queued', failureReason: null, providerMessageId: null,
    attempts: 0, nextAttemptAt: null, batchId: input.batchId, author: null, createdAt: input.now, updatedAt: input.now,
  };
}

/** The bot's subscribe step turned the human's subscription off: an opt-out on the conversation's channel. */
function optOut(input: CommitInput, now: string): Tally {
  return { day: now.slice(0, 10), botId: input.analytics.botId, channelId: input.channelId, metric: 'optouts', key: 'bot', n: 1 };
}

/** Where a run commits. */
export interface RunStore {
  transactions: Transactions;
  /**
   * PostgreSQL: how a run that needs nothing but its state, its event and one message commits by one statement (`commit`,
   * shared by the runs of one turn: sharedRunCommits), and the database it asks first whether a listener wants more;
   * null on SQLite.
   */
  oneStatement: { db: Kysely<Database>; commit: (commit: RunCommit) => Promise<RunCommitted | null> } | null;
  /** The claim, the inbox's read, the release and a delivery's mark, shared by the passes of one turn on PostgreSQL. */
  pass: PassStatements;
}

/** A run that changes nothing but its state and sends at most one message (the common answer, a broadcast's text). */
function onlyStateAndOneMessage(result: RunResult): boolean {
  const h = result.human;
  return result.writes.length === 0 && result.timers.length === 0 && result.asyncRequests.length === 0
    && h.firstName === undefined && h.lastName === undefined && h.phone === undefined && h.email === undefined && h.addTags.length === 0 && h.subscribed === null
    && result.outbound.length <= 1 && result.outbound.every((item) => item.kind === 'message');
}

export async function commitRun(store: RunStore, jobs: JobQueue, webhookEvents: EventRecorder, input: CommitInput): Promise<Committed> {
  const { result, now } = input;
  const storedState = JSON.stringify(result.state);
  // One round trip instead of six when nothing else is written; a message.sent listener needs its event recorded too.
  if (store.oneStatement !== null && onlyStateAndOneMessage(result) && input.journeys.replied.length === 0 && input.journeys.converted.length === 0
    && !(input.atCommit !== null && await webhookEvents.wants(store.oneStatement.db, input.accountId, 'message.sent'))) {
    const item = result.outbound[0];
    const sent = item !== undefined && sentByCommit(input, item, false);
    const content = item === undefined ? '' : JSON.stringify(item);
    const done = await store.oneStatement.commit({
      conversationId: input.conversationId, owner: input.leaseOwner, now, state: storedState, botEnabled: result.state.botEnabled,
      priority: result.state.priority, eventId: input.eventId, release: input.release && !queuesAny(input), triage: input.triage,
      accountId: input.accountId, tallies: input.analytics.tallies,
      message: item === undefined ? null : {
        accountId: input.accountId, channelId: input.channelId, humanId: input.humanId, content, batchId: input.batchId,
        sentPrefix: sent ? input.atCommit!.providerIdPrefix : null,
      },
    });
    if (done === null) throw new LeaseLostError(input.conversationId);
    const id = done.messageId;
    return {
      queued: id !== null && !sent ? [queuedRow(input, id, item!, content)] : [],
      sentAtCommit: id !== null && sent ? [{ id, content, after: done.previousId }] : [],
      storedState, released: done.released,
    };
  }
  const done = await store.transactions.run(async (tx) => {
    const repos = repositories(tx);
    // The claim ends with the run when nothing is left: no other event waits (the statement checks) and nothing is queued.
    const saved = await repos.conversations.saveState(input.conversationId, input.leaseOwner, now, {
      state: storedState, botEnabled: result.state.botEnabled, priority: result.state.priority,
    }, input.release && !queuesAny(input) ? input.eventId : null, input.triage);
    if (saved === null) throw new LeaseLostError(input.conversationId);

    for (const w of result.writes) {
      const owner = ownerOf(w.scope, input.owners);
      if (w.kind === 'set' && w.value !== null) await repos.attributes.set(input.accountId, owner, w.name, w.value, now);
      else await repos.attributes.remove(owner, w.name);
    }

    const h = result.human;
    const tallies = [...input.analytics.tallies];
    if (h.firstName !== undefined || h.lastName !== undefined || h.phone !== undefined || h.email !== undefined) {
      await repos.humanRecords.update(input.humanId, { firstName: h.firstName, lastName: h.lastName, phone: h.phone, email: h.email }, now);
    }
    await repos.humanRecords.addTags(input.accountId, input.humanId, h.addTags);
    if (h.subscribed !== null && await repos.humanRecords.setSubscribed(input.channelId, input.humanId, h.subscribed, now)) {
      // Webhooks: the bot's subscribe action changed the subscription.
      await webhookEvents.record(tx, input.accountId, { type: h.subscribed ? 'human.subscribed' : 'human.unsubscribed', channelId: input.channelId, humanId: input.humanId, source: 'bot', at: now });
      if (!h.subscribed) tallies.push(optOut(input, now));
      await repos.consent.changed({ accountId: input.accountId, channelId: input.channelId, channelType: input.channelType, humanIds: [input.humanId], subscribed: h.subscribed, source: 'bot', proof: null, at: now });
    }

    const queued: MessageRow[] = [];
    const sentAtCommit: SentAtCommit[] = [];
    const reportSent = input.atCommit !== null && await webhookEvents.wants(tx, input.accountId, 'message.sent');
    // The conversation's newest row so far, read only when a message is delivered by this commit: its signal names the
    // message before it (SentAtCommit.after), so a socket that showed that one need not read this one back.
    const first = result.outbound[0];
    let lastId = first !== undefined && sentByCommit(input, first, false) ? await repos.messages.lastId(input.conversationId) : null;
    for (const item of result.outbound) {
      const direction = item.kind === 'note' ? 'note' : 'out';
      const status: MessageStatus = storedAsSent(item) ? 'sent' : 'queued';
      const content = JSON.stringify(item);
      const id = await repos.messages.insert({
        accountId: input.accountId, conversationId: input.conversationId, channelId: input.channelId, humanId: input.humanId,
        direction, kind: item.kind, content, status, eventId: input.eventId, batchId: input.batchId,
      }, now);
      const previous = lastId;
      lastId = id;
      if (status !== 'queued') continue;
      if (input.atCommit !== null && sentByCommit(input, item, queued.length > 0)) {
        await repos.messages.markSent(id, `${input.atCommit.providerIdPrefix}${id}`, now);
        // Webhooks: message.sent, committed with the message it reports.
        if (reportSent) await webhookEvents.record(tx, input.accountId, { type: 'message.sent', messageId: id, at: now });
        sentAtCommit.push({ id, content, after: previous });
      } else {
        queued.push(queuedRow(input, id, item, content));
      }
    }

    await repos.inbox.markDone(input.eventId, now);

    for (const timer of result.timers) {
      const data: TimerJob = { conversationId: input.conversationId, token: timer.token };
      await jobs.send(QUEUES.timer, data, { runAt: timer.at, key: `timer:${timer.token}`, retryLimit: 5 }, tx);
    }
    for (const request of result.asyncRequests) {
      const data: RequestJob = { conversationId: input.conversationId, token: randomUUID(), ...request };
      await jobs.send(QUEUES.request, data, { retryLimit: 3 }, tx);
    }
    await repos.analytics.add(input.accountId, tallies);
    if (input.journeys.replied.length > 0) await new JourneyRunRepository(tx).replied(input.humanId, input.journeys.replied, now);
    if (input.journeys.converted.length > 0) await new JourneyRunRepository(tx).converted(input.humanId, input.journeys.converted, now);
    return { queued, sentAtCommit, released: saved.released };
  });
  return { ...done, storedState };
}
