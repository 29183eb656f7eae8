// A broadcast page's expansion on both databases: addresses linked, conversations created where missing and found where
// they exist, one event per human and batch however many times the page is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialState } from '../../../src/engine/index.js';
import type { Store } from '../../../src/store/db.js';
import type { ExpansionPage } from '../../../src/store/repositories/expansion-page.js';
import type { Repositories } from '../../../src/store/repositories/index.js';
import { storeWithWebBot } from '../../helpers/store-with-web-bot.js';

const NOW = '2026-11-29T10:00:00.000Z';

describe.each(['sqlite', 'postgres'] as const)('a broadcast page on %s', (kind) => {
  let close: () => Promise<void>;
  let store: Store;
  let repos: Repositories;
  let ids: { accountId: number; botId: number; channelId: number };

  beforeAll(async () => {
    const fixture = await storeWithWebBot(kind, `batches-${kind}@example.com`);
    ({ store, repos, ids, close } = fixture);
  });

  afterAll(async () => close());

  async function humans(n: number): Promise<number[]> {
    const made: number[] = [];
    for (let i = 0; i < n; i++) made.push(await repos.humanRecords.create(ids.accountId, { firstName: `P${i}` }, NOW));
    return made;
  }

  function page(batchId: number, humanIds: number[], linked: boolean): ExpansionPage {
    return {
      ...ids, batchId, kind: 'proactive', payload: '{"batch":true}', state: JSON.stringify(initialState()),
      humans: humanIds.map((humanId) => ({ humanId, address: `visitor-${humanId}`, linked })),
    };
  }

  it('links addresses, creates the conversations and queues one event each, once however often the page is written', async () => {
    const people = await humans(3);
    const first = await repos.batches.expandPage(page(101, people, false), NOW);
    expect(first.created).toHaveLength(3);
    expect([...first.queued].sort()).toEqual([...first.created].sort());
    const again = await repos.batches.expandPage(page(101, people, false), NOW);
    expect(again).toEqual({ queued: [], created: [] });
    const identities = await store.db.selectFrom('human_identities').select(['human_id', 'address']).where('channel_id', '=', ids.channelId)
      .where('human_id', 'in', people).orderBy('human_id').execute();
    expect(identities).toEqual(people.map((h) => ({ human_id: h, address: `visitor-${h}` })));
    const events = await store.db.selectFrom('conversation_events').select(['conversation_id', 'dedup_key', 'status', 'batch_id'])
      .where('batch_id', '=', 101).orderBy('conversation_id').execute();
    const conversations = await store.db.selectFrom('conversations').select(['id', 'human_id']).where('human_id', 'in', people).orderBy('id').execute();
    expect(events).toEqual(conversations.map((c) => ({ conversation_id: c.id, dedup_key: `batch:101:${c.human_id}`, status: 'pending', batch_id: 101 })));
  });

  it('queues a later batch into the conversations that exist, beside new ones', async () => {
    const [known, fresh] = await humans(2);
    const earlier = await repos.batches.expandPage(page(201, [known!], false), NOW);
    const later = await repos.batches.expandPage(page(202, [known!, fresh!], true), NOW);
    expect(later.created).toHaveLength(1);
    expect(later.queued).toHaveLength(2);
    expect(later.queued).toContain(earlier.created[0]);
  });

  it('reads a human with two addresses on the channel once, and a page of their two rows as full', async () => {
    const people = await humans(3);
    const tag = `page-${kind}`;
    for (const h of people) {
      await store.db.insertInto('human_tags').values({ account_id: ids.accountId, human_id: h, tag }).execute();
      await store.db.insertInto('subscriptions').values({ channel_id: ids.channelId, human_id: h, subscribed: 1, updated_at: NOW }).execute();
    }
    for (const address of ['two-b', 'two-a']) {
      await store.db.insertInto('human_identities').values({ channel_id: ids.channelId, address, account_id: ids.accountId, human_id: people[0]!, created_at: NOW }).execute();
    }
    const filter = { ids: [], tags: [tag] };
    const first = await repos.batches.targets(ids.accountId, ids.channelId, filter, 0, 2);
    expect(first.humans.map((h) => h.id)).toEqual([people[0]]);
    expect(['two-a', 'two-b']).toContain(first.humans[0]!.address);
    expect(first.full).toBe(true);
    const rest = await repos.batches.targets(ids.accountId, ids.channelId, filter, people[0]!, 2);
    expect(rest).toEqual({ humans: [people[1], people[2]].map((id) => ({ id, phone: null, address: null })), full: true });
    expect(await repos.batches.targets(ids.accountId, ids.channelId, filter, people[2]!, 2)).toEqual({ humans: [], full: false });
  });
});
