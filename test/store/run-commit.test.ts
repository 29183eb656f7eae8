// PostgreSQL's one-statement run commit: the state, the event and the message written together, the claim given up only when
// nothing waits, a message sent by its commit stored with its provider id, and nothing at all written for a lost claim;
// the same for the runs of one turn committed together (each test's run beside another conversation's).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialState } from '../../src/engine/index.js';
import type { Store } from '../../src/store/db.js';
import type { Repositories } from '../../src/store/repositories/index.js';
import { NO_TRIAGE } from '../../src/store/repositories/conversations.js';
import { commitRunAtOnce, commitRunsAtOnce, type RunCommit, type RunCommitted } from '../../src/store/repositories/run-commit.js';
import { storeWithWebBot } from '../helpers/store-with-web-bot.js';

const OWNER = 'process-a';
const NOW = '2026-11-28T10:00:00.000Z';
const UNTIL = '2026-11-28T10:02:00.000Z';

describe.each(['alone', 'with another run'] as const)('one-statement run commit on postgres, %s', (company) => {
  const cleanups: (() => Promise<void>)[] = [];
  let store: Store;
  let repos: Repositories;
  let ids: { accountId: number; botId: number; channelId: number };
  let next = 0;

  beforeAll(async () => {
    const fixture = await storeWithWebBot('postgres', 'run-commit@example.com');
    cleanups.push(fixture.close);
    ({ store, repos, ids } = fixture);
  });

  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  /** A conversation claimed by OWNER with `events` pending; their ids. */
  async function claimedConversation(events: number): Promise<{ conversationId: number; humanId: number; eventIds: number[] }> {
    next += 1;
    const humanId = await repos.humanRecords.create(ids.accountId, { firstName: `H${next}` }, NOW);
    const { row } = await repos.conversations.findOrCreate({ ...ids, humanId, address: `visitor-${next}`, state: JSON.stringify(initialState()) }, NOW);
    const eventIds: number[] = [];
    for (let i = 0; i < events; i++) {
      eventIds.push((await repos.inbox.add({ conversationId: row.id, channelId: ids.channelId, kind: 'message', dedupKey: null, payload: '{}' }, NOW))!);
    }
    expect(await repos.conversations.claim(row.id, OWNER, NOW, UNTIL)).toBeDefined();
    return { conversationId: row.id, humanId, eventIds };
  }

  async function leaseOwner(conversationId: number): Promise<string | null> {
    return (await store.db.selectFrom('conversations').select('lease_owner').where('id', '=', conversationId).executeTakeFirstOrThrow()).lease_owner;
  }

  function run(conversationId: number, humanId: number, eventId: number, change: Partial<RunCommit> = {}): RunCommit {
    return {
      conversationId, owner: OWNER, now: NOW, state: '{"saved":true}', botEnabled: true, priority: 'high', eventId, release: true, triage: NO_TRIAGE,
      accountId: ids.accountId,
      // Each run's own key (its conversation), so a test reads exactly what its runs added.
      tallies: [{ day: NOW.slice(0, 10), botId: ids.botId, channelId: ids.channelId, metric: 'messages_out', key: `c${conversationId}`, n: 1 },
        { day: NOW.slice(0, 10), botId: ids.botId, channelId: ids.channelId, metric: 'entered', key: 'shared', n: 1 }],
      message: { accountId: ids.accountId, channelId: ids.channelId, humanId, content: '{"kind":"message","text":"hi"}', batchId: null, sentPrefix: null },
      ...change,
    };
  }

  /** The run committed alone, or after another conversation's run in the same statement (whose commit must succeed too). */
  async function commit(conversationId: number, humanId: number, eventId: number, change: Partial<RunCommit> = {}): Promise<RunCommitted | null> {
    if (company === 'alone') return commitRunAtOnce(store.db, run(conversationId, humanId, eventId, change));
    const other = await claimedConversation(1);
    const [first, second] = await commitRunsAtOnce(store.db, [run(other.conversationId, other.humanId, other.eventIds[0]!), run(conversationId, humanId, eventId, change)]);
    expect(first).toEqual({ messageId: expect.any(Number), previousId: null, released: true });
    return second!;
  }

  /** What the analytics' journal holds under a key of this file's runs. */
  async function tallied(key: string): Promise<number> {
    const rows = await store.db.selectFrom('analytics_deltas').select('n').where('account_id', '=', ids.accountId).where('key', '=', key).execute();
    return rows.reduce((sum, r) => sum + Number(r.n), 0);
  }

  it('saves the state, marks the event done, queues the message and gives the claim up when nothing else waits', async () => {
    const { conversationId, humanId, eventIds } = await claimedConversation(1);
    const shared = await tallied('shared');
    const done = await commit(conversationId, humanId, eventIds[0]!);
    expect(done).toEqual({ messageId: expect.any(Number), previousId: null, released: true });
    // Its analytics with it (and the other run's beside it, when there is one).
    expect(await tallied(`c${conversationId}`)).toBe(1);
    expect(await tallied('shared') - shared).toBe(company === 'alone' ? 1 : 2);
    const conversation = (await repos.conversations.find(conversationId))!;
    expect(conversation).toMatchObject({ state: '{"saved":true}', priority: 'high' });
    expect(await leaseOwner(conversationId)).toBeNull();
    expect(await repos.inbox.pending(conversationId, 10)).toEqual([]);
    const message = (await repos.messages.find(done!.messageId!))!;
    expect(message).toMatchObject({ direction: 'out', kind: 'message', status: 'queued', providerMessageId: null, conversationId });
    expect((await repos.messages.producedBy(eventIds[0]!)).map((m) => m.id)).toEqual([done!.messageId]);
  });

  it('keeps the claim while another event waits', async () => {
    const { conversationId, humanId, eventIds } = await claimedConversation(2);
    expect((await commit(conversationId, humanId, eventIds[0]!, { message: null }))).toEqual({ messageId: null, previousId: null, released: false });
    expect(await leaseOwner(conversationId)).toBe(OWNER);
    expect((await repos.inbox.pending(conversationId, 10)).map((e) => e.id)).toEqual([eventIds[1]]);
  });

  it('stores a message delivered by its commit as sent, with the prefix and its id as the provider id, and names the message before it', async () => {
    const { conversationId, humanId, eventIds } = await claimedConversation(1);
    const visitors = await repos.messages.insert({
      accountId: ids.accountId, conversationId, channelId: ids.channelId, humanId, direction: 'in', kind: 'message',
      content: '{"text":"hello"}', status: 'received', eventId: eventIds[0]!,
    }, NOW);
    const done = await commit(conversationId, humanId, eventIds[0]!, {
      message: { accountId: ids.accountId, channelId: ids.channelId, humanId, content: '{"kind":"message","text":"hi"}', batchId: null, sentPrefix: 'web-' },
    });
    const message = (await repos.messages.find(done!.messageId!))!;
    expect(message).toMatchObject({ status: 'sent', providerMessageId: `web-${done!.messageId}`, attempts: 1 });
    // What a web-chat socket must have shown before it shows this message without reading.
    expect(done!.previousId).toBe(visitors);
  });

  it('saves the inbox\'s triage with the state: the activity, the status back to open, the flag set once', async () => {
    const { conversationId, humanId, eventIds } = await claimedConversation(3);
    const triage = async () => store.db.selectFrom('conversations').select(['activity_at', 'status', 'wants_person_at'])
      .where('id', '=', conversationId).executeTakeFirstOrThrow();
    await store.db.updateTable('conversations').set({ status: 'resolved' }).where('id', '=', conversationId).execute();
    // A timer with nothing to say: nothing of the inbox moves.
    await commit(conversationId, humanId, eventIds[0]!, { message: null });
    expect(await triage()).toEqual({ activity_at: '', status: 'resolved', wants_person_at: null });
    await commit(conversationId, humanId, eventIds[1]!, { now: '2026-11-28T10:00:01.000Z', triage: { activity: true, reopen: true, wantsPerson: true } });
    expect(await triage()).toEqual({ activity_at: '2026-11-28T10:00:01.000Z', status: 'open', wants_person_at: '2026-11-28T10:00:01.000Z' });
    // Flagged already: the first time stays.
    await commit(conversationId, humanId, eventIds[2]!, { now: '2026-11-28T10:00:02.000Z', triage: { activity: true, reopen: false, wantsPerson: true } });
    expect(await triage()).toEqual({ activity_at: '2026-11-28T10:00:02.000Z', status: 'open', wants_person_at: '2026-11-28T10:00:01.000Z' });
  });

  it('writes nothing when the claim is held by someone else', async () => {
    const { conversationId, humanId, eventIds } = await claimedConversation(1);
    const before = (await repos.conversations.find(conversationId))!;
    const done = await commit(conversationId, humanId, eventIds[0]!, { owner: 'process-b' });
    expect(done).toBeNull();
    expect((await repos.conversations.find(conversationId))!.state).toBe(before.state);
    expect((await repos.inbox.pending(conversationId, 10)).map((e) => e.id)).toEqual(eventIds);
    expect(await repos.messages.recent(conversationId, 10)).toEqual([]);
    expect(await tallied(`c${conversationId}`)).toBe(0);
  });

  it.runIf(company === 'with another run')('answers each run of a statement in the order asked, a lost claim among them', async () => {
    const [a, b, c] = [await claimedConversation(1), await claimedConversation(1), await claimedConversation(2)];
    const done = await commitRunsAtOnce(store.db, [
      run(c.conversationId, c.humanId, c.eventIds[0]!, { message: null }),
      run(b.conversationId, b.humanId, b.eventIds[0]!, { owner: 'process-b' }),
      run(a.conversationId, a.humanId, a.eventIds[0]!),
    ]);
    expect(done).toEqual([{ messageId: null, previousId: null, released: false }, null, { messageId: expect.any(Number), previousId: null, released: true }]);
    // The analytics of the runs that committed, and none of the one whose claim was lost; a key two runs share added once each.
    expect(await tallied(`c${a.conversationId}`)).toBe(1);
    expect(await tallied(`c${b.conversationId}`)).toBe(0);
    expect(await tallied(`c${c.conversationId}`)).toBe(1);
    expect((await repos.messages.find(done[2]!.messageId!))!.conversationId).toBe(a.conversationId);
    expect((await repos.inbox.pending(b.conversationId, 10)).map((e) => e.id)).toEqual(b.eventIds);
    expect((await repos.inbox.pending(c.conversationId, 10)).map((e) => e.id)).toEqual([c.eventIds[1]]);
  });
});
