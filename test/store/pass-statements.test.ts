// The statements of a conversation's pass, made by many passes in one turn: each gets the answer its own statement would give
// (claims taken or refused, inboxes read, releases, messages marked sent), on SQLite and on PostgreSQL where they are shared.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialState } from '../../src/engine/index.js';
import type { Store } from '../../src/store/db.js';
import { passStatements, type PassStatements } from '../../src/store/index.js';
import type { Repositories } from '../../src/store/repositories/index.js';
import { storeWithWebBot } from '../helpers/store-with-web-bot.js';

const OWNER = 'process-a';
const OTHER = 'process-b';
const NOW = '2026-11-28T10:00:00.000Z';
const UNTIL = '2026-11-28T10:02:00.000Z';

describe.each(['sqlite', 'postgres'] as const)('pass statements on %s', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  let store: Store;
  let repos: Repositories;
  let pass: PassStatements;
  let ids: { accountId: number; botId: number; channelId: number };
  let next = 0;

  beforeAll(async () => {
    const fixture = await storeWithWebBot(kind, `pass-${kind}@example.com`);
    cleanups.push(fixture.close);
    ({ store, repos, ids } = fixture);
    pass = passStatements(store.db, store.transactions, store.dialect);
  });

  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  /** A conversation with `events` pending events; their ids. */
  async function conversation(events: number): Promise<{ id: number; humanId: number; eventIds: number[] }> {
    next += 1;
    const humanId = await repos.humanRecords.create(ids.accountId, { firstName: `H${next}` }, NOW);
    const { row } = await repos.conversations.findOrCreate({ ...ids, humanId, address: `visitor-${next}`, state: JSON.stringify(initialState()) }, NOW);
    const eventIds: number[] = [];
    for (let i = 0; i < events; i++) {
      eventIds.push((await repos.inbox.add({ conversationId: row.id, channelId: ids.channelId, kind: 'message', dedupKey: null, payload: `{"n":${i}}` }, NOW))!);
    }
    return { id: row.id, humanId, eventIds };
  }

  async function queue(c: { id: number; humanId: number }): Promise<number> {
    return repos.messages.insert({ ...ids, conversationId: c.id, humanId: c.humanId, direction: 'out', kind: 'message', content: '{}', status: 'queued' }, NOW);
  }

  it('claims, in one turn, the free conversations and those it holds, not one another process holds nor a parked one', async () => {
    const [free, mine, theirs, parked, withQueued] = await Promise.all([conversation(1), conversation(1), conversation(1), conversation(1), conversation(1)]);
    expect(await repos.conversations.claim(mine!.id, OWNER, NOW, UNTIL)).toBeDefined();
    expect(await repos.conversations.claim(theirs!.id, OTHER, NOW, UNTIL)).toBeDefined();
    await store.db.updateTable('conversations').set({ parked_reason: 'test', parked_at: NOW }).where('id', '=', parked!.id).execute();
    await queue(withQueued!);
    const claims = await Promise.all([free, mine, theirs, parked, withQueued].map((c) => pass.claim(c!.id, OWNER, NOW, UNTIL)));
    expect(claims.map((c) => c?.id)).toEqual([free!.id, mine!.id, undefined, undefined, withQueued!.id]);
    expect(claims.map((c) => c?.hasQueued)).toEqual([false, false, undefined, undefined, true]);
    expect(claims[0]).toMatchObject({ accountId: ids.accountId, channelId: ids.channelId, humanId: free!.humanId, parkedReason: null });
  });

  it('reads each inbox in arrival order, up to its own limit, in one turn', async () => {
    const [three, none, two] = await Promise.all([conversation(3), conversation(0), conversation(2)]);
    const [a, b, c] = await Promise.all([pass.pending(three!.id, 2), pass.pending(none!.id, 50), pass.pending(two!.id, 50)]);
    expect(a!.map((e) => e.id)).toEqual(three!.eventIds.slice(0, 2));
    expect(b).toEqual([]);
    expect(c!.map((e) => e.id)).toEqual(two!.eventIds);
    expect(c![1]).toMatchObject({ conversationId: two!.id, channelId: ids.channelId, kind: 'message', payload: '{"n":1}' });
  });

  it('releases the idle conversations it holds, keeps one with a pending event, and leaves another holder alone', async () => {
    const [idle, busy, theirs] = await Promise.all([conversation(0), conversation(1), conversation(0)]);
    await repos.conversations.claim(idle!.id, OWNER, NOW, UNTIL);
    await repos.conversations.claim(busy!.id, OWNER, NOW, UNTIL);
    await repos.conversations.claim(theirs!.id, OTHER, NOW, UNTIL);
    const released = await Promise.all([idle, busy, theirs].map((c) => pass.releaseIfIdle(c!.id, OWNER)));
    expect(released).toEqual([true, false, false]);
    const rows = await store.db.selectFrom('conversations').select(['id', 'lease_owner']).where('id', 'in', [idle!.id, busy!.id, theirs!.id]).execute();
    const owners = new Map(rows.map((r) => [r.id, r.lease_owner]));
    expect([idle, busy, theirs].map((c) => owners.get(c!.id))).toEqual([null, OWNER, OTHER]);
  });

  it('marks queued messages sent with their provider ids, and tells which were no longer queued', async () => {
    const c = await conversation(0);
    const [first, second] = [await queue(c), await queue(c)];
    await repos.messages.markSent(second, 'earlier', NOW);
    const marked = await Promise.all([pass.markSent(first, 'p-1', NOW), pass.markSent(second, 'p-2', NOW)]);
    expect(marked).toEqual([true, false]);
    expect(await repos.messages.find(first)).toMatchObject({ status: 'sent', providerMessageId: 'p-1', attempts: 1, nextAttemptAt: null });
    expect(await repos.messages.find(second)).toMatchObject({ status: 'sent', providerMessageId: 'earlier', attempts: 1 });
  });

  it('finds, in one turn, the human behind each address with their subscription to the channel', async () => {
    const [subscribed, unsubscribed, noRow] = await Promise.all([conversation(0), conversation(0), conversation(0)]);
    for (const [c, address] of [[subscribed, 'addr-s'], [unsubscribed, 'addr-u'], [noRow, 'addr-n']] as const) {
      await repos.identities.link(ids.accountId, ids.channelId, address, c!.humanId, NOW);
    }
    await repos.humanRecords.setSubscribed(ids.channelId, subscribed!.humanId, true, NOW);
    await repos.humanRecords.setSubscribed(ids.channelId, unsubscribed!.humanId, true, NOW);
    await repos.humanRecords.setSubscribed(ids.channelId, unsubscribed!.humanId, false, NOW);
    const found = await Promise.all(['addr-s', 'addr-u', 'addr-n', 'addr-unknown'].map((a) => pass.subscriptionAt(ids.channelId, a)));
    expect(found).toEqual([
      { humanId: subscribed!.humanId, subscribed: true }, { humanId: unsubscribed!.humanId, subscribed: false },
      { humanId: noRow!.humanId, subscribed: null }, undefined,
    ]);
  });

  it('reads, in one turn, what each run reads of its human, as the read of one would', async () => {
    const [tagged, plain] = await Promise.all([conversation(0), conversation(0)]);
    await repos.humanRecords.addTags(ids.accountId, tagged!.humanId, ['vip', 'early']);
    await repos.attributes.set(ids.accountId, { scope: 'human', ownerId: tagged!.id }, 'color', 'blue', NOW);
    await repos.attributes.set(ids.accountId, { scope: 'bot', ownerId: ids.botId }, 'greeting', 'hi', NOW);
    const owners = (c: { id: number }) => ({ conversationId: c.id, botId: ids.botId, accountId: ids.accountId });
    const [a, b, missing] = await Promise.all([
      pass.runInputs(tagged!.humanId, owners(tagged!)), pass.runInputs(plain!.humanId, owners(plain!)), pass.runInputs(999_999, owners(plain!)),
    ]);
    expect(a).toEqual(await repos.humanRecords.runInputs(tagged!.humanId, owners(tagged!)));
    expect(b).toEqual(await repos.humanRecords.runInputs(plain!.humanId, owners(plain!)));
    expect(a!.human.tags).toEqual(['early', 'vip']);
    expect(a!.attributes.get('human')?.get('color')).toBe('blue');
    expect(b!.attributes.get('human')?.get('color')).toBeUndefined();
    expect(b!.attributes.get('bot')?.get('greeting')).toBe('hi');
    expect(missing).toBeUndefined();
  });
  it('answers a call alone in its turn as it answers one among others (PostgreSQL runs the one-conversation statement)', async () => {
    const [free, theirs, withQueued] = [await conversation(2), await conversation(1), await conversation(0)];
    await repos.conversations.claim(theirs.id, OTHER, NOW, UNTIL);
    const queued = await queue(withQueued);
    expect(await pass.claim(theirs.id, OWNER, NOW, UNTIL)).toBeUndefined();
    expect(await pass.claim(free.id, OWNER, NOW, UNTIL)).toMatchObject({ id: free.id, humanId: free.humanId, hasQueued: false });
    expect(await pass.claim(withQueued.id, OWNER, NOW, UNTIL)).toMatchObject({ id: withQueued.id, hasQueued: true });
    expect((await pass.pending(free.id, 1)).map((e) => e.id)).toEqual(free.eventIds.slice(0, 1));
    expect(await pass.releaseIfIdle(free.id, OWNER)).toBe(false);
    expect(await pass.releaseIfIdle(withQueued.id, OWNER)).toBe(true);
    expect(await pass.markSent(queued, 'p-alone', NOW)).toBe(true);
    expect(await pass.markSent(queued, 'p-again', NOW)).toBe(false);
    expect(await repos.messages.find(queued)).toMatchObject({ status: 'sent', providerMessageId: 'p-alone' });
    await repos.identities.link(ids.accountId, ids.channelId, 'addr-alone', free.humanId, NOW);
    await repos.humanRecords.setSubscribed(ids.channelId, free.humanId, true, NOW);
    expect(await pass.subscriptionAt(ids.channelId, 'addr-alone')).toEqual({ humanId: free.humanId, subscribed: true });
    expect(await pass.subscriptionAt(ids.channelId, 'addr-nobody')).toBeUndefined();
    await repos.humanRecords.addTags(ids.accountId, free.humanId, ['solo']);
    const owners = { conversationId: free.id, botId: ids.botId, accountId: ids.accountId };
    const alone = await pass.runInputs(free.humanId, owners);
    expect(alone!.human.tags).toEqual(['solo']);
    expect(alone!.subscribed).toEqual([{ id: ids.channelId, type: 'web' }]);
    expect(await Promise.all([pass.runInputs(free.humanId, owners), pass.runInputs(999_999, owners)])).toEqual([alone, undefined]);
    expect(await pass.runInputs(999_999, owners)).toBeUndefined();
  });
});
