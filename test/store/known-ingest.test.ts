// PostgreSQL's one-statement ingest of someone who wrote before: the event, its message and the claim together, naming the
// message stored before it (what a web-chat socket must have shown to show this one without reading it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialState } from '../../src/engine/index.js';
import type { Store } from '../../src/store/db.js';
import { ingestKnown, type KnownIngest } from '../../src/store/repositories/known-ingest.js';
import type { Repositories } from '../../src/store/repositories/index.js';
import { storeWithWebBot } from '../helpers/store-with-web-bot.js';

const NOW = '2026-11-28T10:00:00.000Z';
const UNTIL = '2026-11-28T10:02:00.000Z';

describe('one-statement ingest of a known sender on postgres', () => {
  const cleanups: (() => Promise<void>)[] = [];
  let store: Store;
  let repos: Repositories;
  let ids: { accountId: number; botId: number; channelId: number };
  let next = 0;

  beforeAll(async () => {
    const fixture = await storeWithWebBot('postgres', 'known-ingest@example.com');
    cleanups.push(fixture.close);
    ({ store, repos, ids } = fixture);
  });

  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  /** A visitor who wrote before: their human, identity and conversation. */
  async function knownVisitor(): Promise<{ address: string; conversationId: number; humanId: number }> {
    next += 1;
    const address = `visitor-${next}`;
    const humanId = await repos.humanRecords.create(ids.accountId, { firstName: `V${next}` }, NOW);
    await repos.identities.link(ids.accountId, ids.channelId, address, humanId, NOW);
    const { row } = await repos.conversations.findOrCreate({ ...ids, humanId, address, state: JSON.stringify(initialState()) }, NOW);
    return { address, conversationId: row.id, humanId };
  }

  const ingest = (address: string, text: string, change: Partial<KnownIngest> = {}) => ingestKnown(store.db, {
    channelId: ids.channelId, address, kind: 'message', dedupKey: `msg:${address}:${text}`, payload: JSON.stringify({ text }),
    messageContent: JSON.stringify({ text }), providerMessageId: `${address}:${text}`, claim: { owner: 'process-a', until: UNTIL }, now: NOW,
    ...change,
  });

  it('names the message stored before the one it stores, and takes the claim', async () => {
    const { address, conversationId } = await knownVisitor();
    const first = (await ingest(address, 'one', { claim: null }))!;
    expect(first.previousMessageId).toBeNull();
    expect(first.claimed).toBeUndefined();
    const second = (await ingest(address, 'two'))!;
    expect(second.previousMessageId).toBe(first.messageId);
    expect(second.claimed).toMatchObject({ id: conversationId });
    expect((await store.db.selectFrom('conversations').select('lease_owner').where('id', '=', conversationId).executeTakeFirstOrThrow()).lease_owner).toBe('process-a');
    // A duplicate stores nothing, so names nothing.
    const again = (await ingest(address, 'two'))!;
    expect(again).toMatchObject({ eventId: null, messageId: null, previousMessageId: null });
  });

  it('takes a claim nobody holds or whose holder let it lapse, never one this process holds (its pass may be giving it up)', async () => {
    const { address, conversationId } = await knownVisitor();
    const lease = (owner: string, until: string) => store.db.updateTable('conversations').set({ lease_owner: owner, lease_until: until })
      .where('id', '=', conversationId).execute();
    await lease('process-a', UNTIL);
    const held = (await ingest(address, 'while a pass runs'))!;
    expect(held.eventId).not.toBeNull();
    expect(held.claimed).toBeUndefined();
    await lease('process-b', '2026-11-28T09:59:00.000Z');
    expect((await ingest(address, 'after b lapsed'))!.claimed).toMatchObject({ id: conversationId });
    expect((await store.db.selectFrom('conversations').select('lease_owner').where('id', '=', conversationId).executeTakeFirstOrThrow()).lease_owner).toBe('process-a');
    // The transaction path's claim (a first contact, or more to record) takes the same rule.
    await lease('process-a', UNTIL);
    expect(await repos.conversations.claimFree(conversationId, 'process-a', NOW, UNTIL)).toBeUndefined();
    expect(await repos.conversations.claim(conversationId, 'process-a', NOW, UNTIL)).toMatchObject({ id: conversationId });
  });
});
