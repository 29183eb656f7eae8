// PostgreSQL: a broadcast page expanded by one statement: what it stores, the cursor it moves, a run that lost the page,
// a human with two addresses, and a conversation created by another transaction while the statement runs.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialState } from '../../../src/engine/index.js';
import type { Store } from '../../../src/store/db.js';
import type { NextPage } from '../../../src/store/repositories/expansion-statement.js';
import type { Repositories } from '../../../src/store/repositories/index.js';
import { TEST_DATABASE_URL } from '../../helpers/server.js';
import { storeWithWebBot } from '../../helpers/store-with-web-bot.js';

const NOW = '2026-12-01T10:00:00.000Z';

describe('a broadcast page in one statement on postgres', () => {
  let close: () => Promise<void>;
  let store: Store;
  let repos: Repositories;
  let ids: { accountId: number; botId: number; channelId: number };
  let tag = 0;

  beforeAll(async () => {
    ({ store, repos, ids, close } = await storeWithWebBot('postgres', 'expansion-statement@example.com'));
  });
  afterAll(async () => close());

  /** Humans tagged for one test, subscribed to the web channel; `addresses[i]` links the i-th to those addresses. */
  async function audience(addresses: string[][]): Promise<{ tag: string; humans: number[] }> {
    const name = `t${++tag}`;
    const humans: number[] = [];
    for (const linked of addresses) {
      const id = await repos.humanRecords.create(ids.accountId, { firstName: name }, NOW);
      await store.db.insertInto('human_tags').values({ account_id: ids.accountId, human_id: id, tag: name }).execute();
      await store.db.insertInto('subscriptions').values({ channel_id: ids.channelId, human_id: id, subscribed: 1, updated_at: NOW }).execute();
      for (const address of linked) {
        await store.db.insertInto('human_identities').values({ channel_id: ids.channelId, address, account_id: ids.accountId, human_id: id, created_at: NOW }).execute();
      }
      humans.push(id);
    }
    return { tag: name, humans };
  }

  async function batch(): Promise<number> {
    return (await repos.batches.insert({ accountId: ids.accountId, channelId: ids.channelId, payload: '{}', targets: '{}', total: 0 }, NOW)).id;
  }

  function next(batchId: number, tagName: string, from: number, limit: number): NextPage & { filter: { ids: number[]; tags: string[] } } {
    return {
      ...ids, batchId, from, limit, filter: { ids: [], tags: [tagName] }, phoneChannel: false,
      kind: 'proactive', payload: `{"batchId":${batchId}}`, state: JSON.stringify(initialState()),
    };
  }

  const eventsOf = (batchId: number) => store.db.selectFrom('conversation_events').innerJoin('conversations', 'conversations.id', 'conversation_events.conversation_id')
    .select(['conversations.human_id', 'conversation_events.dedup_key', 'conversation_events.status']).where('batch_id', '=', batchId).orderBy('human_id').execute();

  it('queues the reachable humans of the page, counts the others, and moves the cursor; a second batch finds their conversations', async () => {
    const { tag: t, humans: [a, b, c] } = await audience([['visitor-a'], [], ['visitor-c']]);
    const id = await batch();
    const page = await repos.batches.expandNext(next(id, t, 0, 10), NOW);
    expect(page).toMatchObject({ cursor: c, done: true, unseen: [] });
    expect(page!.created).toHaveLength(2);
    expect([...page!.queued].sort()).toEqual([...page!.created].sort());
    expect(await eventsOf(id)).toEqual([a, c].map((h) => ({ human_id: h, dedup_key: `batch:${id}:${h}`, status: 'pending' })));
    expect(await repos.batches.find(id)).toMatchObject({ cursor: c, expanded: 2, unreachable: 1, status: 'done' });
    expect(b).toBeLessThan(c!);

    const later = await batch();
    const again = await repos.batches.expandNext(next(later, t, 0, 10), NOW);
    expect(again).toMatchObject({ created: [], done: true });
    expect([...again!.queued].sort()).toEqual([...page!.created].sort());
  });

  it('stores nothing when another run moved the cursor from where this one read it', async () => {
    const { tag: t, humans } = await audience([['race-1'], ['race-2']]);
    const id = await batch();
    expect(await repos.batches.expandNext(next(id, t, 0, 1), NOW)).toMatchObject({ cursor: humans[0], done: false });
    expect(await repos.batches.expandNext(next(id, t, 0, 1), NOW)).toBeNull();
    expect(await eventsOf(id)).toHaveLength(1);
    expect(await repos.batches.expandNext(next(id, t, humans[0]!, 1), NOW)).toMatchObject({ cursor: humans[1], done: false });
    expect(await repos.batches.expandNext(next(id, t, humans[1]!, 1), NOW)).toMatchObject({ cursor: humans[1], done: true, queued: [] });
    expect(await repos.batches.find(id)).toMatchObject({ expanded: 2, unreachable: 0, status: 'done' });
  });

  it('counts a human with two addresses once, so a full page is not taken for the last', async () => {
    const { tag: t, humans } = await audience([['two-a', 'two-b'], ['one'], ['last']]);
    const id = await batch();
    const first = await repos.batches.expandNext(next(id, t, 0, 2), NOW);
    expect(first).toMatchObject({ cursor: humans[1], done: false });
    const second = await repos.batches.expandNext(next(id, t, first!.cursor, 2), NOW);
    expect(second).toMatchObject({ cursor: humans[2], done: true });
    expect((await eventsOf(id)).map((e) => e.human_id)).toEqual(humans);
  });

  it('queues a human whose conversation another transaction created while the statement waited for it', async () => {
    const { tag: t, humans: [human] } = await audience([['meanwhile']]);
    const id = await batch();
    // Another connection creates the conversation and holds its transaction open: the statement's insert waits on the
    // channel and human's unique key, then skips the row, and the statement's snapshot does not show the conversation.
    const { schema } = await store.db.selectNoFrom((eb) => eb.fn<string>('current_schema', []).as('schema')).executeTakeFirstOrThrow();
    const other = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await other.connect();
    try {
      await other.query(`SET search_path TO ${schema}`);
      await other.query('BEGIN');
      const { rows } = await other.query(`INSERT INTO conversations (account_id, bot_id, channel_id, human_id, address, state, bot_enabled, priority, created_at, updated_at)
        VALUES ($1, $2, $3, $4, 'meanwhile', $5, 1, 'normal', $6, $6) RETURNING id`, [ids.accountId, ids.botId, ids.channelId, human, JSON.stringify(initialState()), NOW]);
      const expanding = repos.batches.expandNext(next(id, t, 0, 10), NOW);
      await new Promise((r) => setTimeout(r, 300));
      await other.query('COMMIT');
      const page = await expanding;
      expect(page).toMatchObject({ created: [], unseen: [human], queued: [rows[0].id], done: true });
      expect(await eventsOf(id)).toEqual([{ human_id: human, dedup_key: `batch:${id}:${human}`, status: 'pending' }]);
    } finally {
      await other.end();
    }
  });
});
