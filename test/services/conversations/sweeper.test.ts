// The recovery sweep: pages through every conversation with pending events, leaves alone those another process holds a
// live claim on and those this process is already running, and stops kicking when the pump's backlog is full; hands on
// outbound messages due again, and first attempts only when no pass here is making them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialState } from '../../../src/engine/index.js';
import { Sweeper, type SweepTarget } from '../../../src/services/conversations/sweeper.js';
import type { Store } from '../../../src/store/db.js';
import type { Repositories } from '../../../src/store/repositories/index.js';
import { storeWithWebBot } from '../../helpers/store-with-web-bot.js';

const OWNER = 'process-a';
const OTHER = 'process-b';
const NOW = new Date('2026-11-29T10:00:00.000Z');
const LATER = '2026-11-29T10:02:00.000Z';
const EARLIER = '2026-11-29T09:58:00.000Z';

/** A pump as the sweep sees it: what it was handed, what runs already, and a backlog bound. */
class RecordingTarget implements SweepTarget {
  readonly owner = OWNER;
  readonly kicked: number[] = [];
  readonly runningHere = new Set<number>();
  room = Number.POSITIVE_INFINITY;
  kick(id: number): void {
    this.kicked.push(id);
  }
  has(id: number): boolean {
    return this.runningHere.has(id);
  }
  get backlogFull(): boolean {
    return this.kicked.length >= this.room;
  }
}

describe.each(['sqlite', 'postgres'] as const)('recovery sweep on %s', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  let store: Store;
  let repos: Repositories;
  let ids: { accountId: number; botId: number; channelId: number };
  let next = 0;

  beforeAll(async () => {
    const fixture = await storeWithWebBot(kind, `sweep-${kind}@example.com`);
    cleanups.push(fixture.close);
    ({ store, repos, ids } = fixture);
  });

  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  /** A conversation with one pending event (or none). */
  async function conversation(pending = true): Promise<number> {
    next += 1;
    const at = NOW.toISOString();
    const humanId = await repos.humanRecords.create(ids.accountId, { firstName: `H${next}` }, at);
    const { row } = await repos.conversations.findOrCreate({ ...ids, humanId, address: `visitor-${next}`, state: JSON.stringify(initialState()) }, at);
    if (pending) await repos.inbox.add({ conversationId: row.id, channelId: ids.channelId, kind: 'message', dedupKey: null, payload: '{}' }, at);
    return row.id;
  }

  async function markAllDone(): Promise<void> {
    await store.db.updateTable('conversation_events').set({ status: 'done' }).where('status', '=', 'pending').execute();
  }

  it('finds every conversation with pending events over successive sweeps, then starts from the first again', async () => {
    await markAllDone();
    const waiting = [await conversation(), await conversation(), await conversation(false), await conversation(), await conversation(), await conversation()];
    const withPending = waiting.filter((_, i) => i !== 2);
    const target = new RecordingTarget();
    const sweeper = new Sweeper(repos, target, () => NOW, 60_000, 2);
    await sweeper.sweep();
    expect(target.kicked).toEqual(withPending.slice(0, 2));
    await sweeper.sweep();
    await sweeper.sweep();
    expect(target.kicked).toEqual(withPending);
    // The last page was short: the next sweep begins at the start.
    await sweeper.sweep();
    expect(target.kicked.slice(5)).toEqual(withPending.slice(0, 2));
  });

  it('leaves alone a conversation another process holds a live claim on, takes one whose claim expired, and those it holds itself', async () => {
    await markAllDone();
    const [theirs, expired, mine, free] = [await conversation(), await conversation(), await conversation(), await conversation()];
    await store.db.updateTable('conversations').set({ lease_owner: OTHER, lease_until: LATER }).where('id', '=', theirs).execute();
    await store.db.updateTable('conversations').set({ lease_owner: OTHER, lease_until: EARLIER }).where('id', '=', expired).execute();
    await store.db.updateTable('conversations').set({ lease_owner: OWNER, lease_until: LATER }).where('id', '=', mine).execute();
    const target = new RecordingTarget();
    await new Sweeper(repos, target, () => NOW, 60_000).sweep();
    expect(target.kicked).toEqual([expired, mine, free]);
  });

  it('does not kick what this process runs already, and stops at a full backlog to resume there next time', async () => {
    await markAllDone();
    const found = [await conversation(), await conversation(), await conversation(), await conversation(), await conversation()];
    const target = new RecordingTarget();
    target.runningHere.add(found[0]!);
    target.room = 2;
    const sweeper = new Sweeper(repos, target, () => NOW, 60_000, 3);
    await sweeper.sweep();
    expect(target.kicked).toEqual([found[1], found[2]]);
    target.room = Number.POSITIVE_INFINITY;
    await sweeper.sweep();
    // found[2] was the last kicked: the next look starts after it.
    expect(target.kicked).toEqual([found[1], found[2], found[3], found[4]]);
  });

  /** An outbound message queued in the conversation: a first attempt (`retryAt` null) or a retry due then. */
  async function queuedMessage(conversationId: number, retryAt: string | null): Promise<void> {
    const conversation = await repos.conversations.find(conversationId);
    const at = NOW.toISOString();
    await store.db.insertInto('messages').values({
      account_id: ids.accountId, conversation_id: conversationId, channel_id: ids.channelId, human_id: conversation!.humanId, direction: 'out',
      kind: 'message', content: '{"text":"hi"}', status: 'queued', failure_reason: null, provider_message_id: null, attempts: retryAt === null ? 0 : 1,
      next_attempt_at: retryAt, event_id: null, batch_id: null, created_at: at, updated_at: at,
    }).execute();
  }

  it('kicks a due retry even while a pass runs here, and a first attempt only when none does', async () => {
    await markAllDone();
    await store.db.updateTable('messages').set({ status: 'sent' }).where('status', '=', 'queued').execute();
    const [inFlight, retrying, leftBehind, notYet] = [await conversation(false), await conversation(false), await conversation(false), await conversation(false)];
    await queuedMessage(inFlight, null);
    await queuedMessage(retrying, EARLIER);
    await queuedMessage(leftBehind, null);
    await queuedMessage(notYet, LATER);
    const target = new RecordingTarget();
    target.runningHere.add(inFlight);
    target.runningHere.add(retrying);
    await new Sweeper(repos, target, () => NOW, 60_000).sweep();
    expect([...target.kicked].sort((a, b) => a - b)).toEqual([retrying, leftBehind]);
  });

  it('pages through conversations with due messages, past parked ones that take no runs', async () => {
    await markAllDone();
    await store.db.updateTable('messages').set({ status: 'sent' }).where('status', '=', 'queued').execute();
    const [parkedA, parkedB, waiting] = [await conversation(false), await conversation(false), await conversation(false)];
    for (const id of [parkedA, parkedB, waiting]) await queuedMessage(id, EARLIER);
    await store.db.updateTable('conversations').set({ parked_reason: 'agent' }).where('id', 'in', [parkedA, parkedB]).execute();
    const target = new RecordingTarget();
    const sweeper = new Sweeper(repos, target, () => NOW, 60_000, 2);
    await sweeper.sweep();
    expect(target.kicked).toEqual([]);
    await sweeper.sweep();
    expect(target.kicked).toEqual([waiting]);
  });
});
