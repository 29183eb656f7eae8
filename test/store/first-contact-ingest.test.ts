// PostgreSQL's one-statement first contact: the human, their address, subscription and conversation (claimed), the event
// and its message together; nothing when the address leads to a human already; one conversation when two race.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialState } from '../../src/engine/index.js';
import type { Store } from '../../src/store/db.js';
import { type FirstContactIngest, ingestFirstContact } from '../../src/store/repositories/first-contact-ingest.js';
import type { Repositories } from '../../src/store/repositories/index.js';
import { storeWithWebBot } from '../helpers/store-with-web-bot.js';

const NOW = '2026-11-29T10:00:00.000Z';
const UNTIL = '2026-11-29T10:02:00.000Z';

describe('one-statement first contact on postgres', () => {
  const cleanups: (() => Promise<void>)[] = [];
  let store: Store;
  let repos: Repositories;
  let ids: { accountId: number; botId: number; channelId: number };

  beforeAll(async () => {
    const fixture = await storeWithWebBot('postgres', 'first-contact@example.com');
    cleanups.push(fixture.close);
    ({ store, repos, ids } = fixture);
  });

  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  const ingest = (address: string, text: string, change: Partial<FirstContactIngest> = {}) => ingestFirstContact(store.db, {
    ...ids, address, profile: { firstName: 'Ada', lastName: null, email: 'ada@example.com' }, state: JSON.stringify(initialState()),
    kind: 'message', dedupKey: `msg:${address}:${text}`, payload: JSON.stringify({ text }), messageContent: JSON.stringify({ text }),
    providerMessageId: `${address}:${text}`, claim: { owner: 'process-a', until: UNTIL }, now: NOW, ...change,
  });

  const humansNamed = async (firstName: string) => Number((await store.db.selectFrom('humans').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('first_name', '=', firstName).executeTakeFirstOrThrow()).n);

  it('stores the human, their address and subscription, the conversation under the claim, the event and the message', async () => {
    const stored = (await ingest('new-visitor-1', 'hello'))!;
    const { conversation } = stored;
    expect(stored.claimed).toMatchObject({ id: conversation.id, hasQueued: false });
    expect(stored.previousMessageId).toBeNull();
    expect(await repos.identities.humanOf(ids.channelId, 'new-visitor-1')).toBe(conversation.humanId);
    expect(await repos.humanRecords.isSubscribed(ids.channelId, conversation.humanId)).toBe(true);
    const human = await store.db.selectFrom('humans').selectAll().where('id', '=', conversation.humanId).executeTakeFirstOrThrow();
    expect(human).toMatchObject({ account_id: ids.accountId, first_name: 'Ada', email: 'ada@example.com', phone: null });
    const row = await store.db.selectFrom('conversations').selectAll().where('id', '=', conversation.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ channel_id: ids.channelId, bot_id: ids.botId, address: 'new-visitor-1', lease_owner: 'process-a', lease_until: UNTIL });
    const event = await store.db.selectFrom('conversation_events').selectAll().where('id', '=', stored.eventId!).executeTakeFirstOrThrow();
    expect(event).toMatchObject({ conversation_id: conversation.id, status: 'pending', payload: JSON.stringify({ text: 'hello' }) });
    const message = await store.db.selectFrom('messages').selectAll().where('id', '=', stored.messageId!).executeTakeFirstOrThrow();
    expect(message).toMatchObject({ conversation_id: conversation.id, human_id: conversation.humanId, direction: 'in', event_id: stored.eventId });
  });

  it('stores nothing when the address leads to a human already (linked, with no conversation yet)', async () => {
    const humanId = await repos.humanRecords.create(ids.accountId, { firstName: 'Linked' }, NOW);
    await repos.identities.link(ids.accountId, ids.channelId, 'linked-visitor', humanId, NOW);
    const before = await humansNamed('Ada');
    expect(await ingest('linked-visitor', 'hi')).toBeUndefined();
    expect(await humansNamed('Ada')).toBe(before);
    expect(await repos.conversations.findFor(ids.channelId, humanId)).toBeUndefined();
  });

  it('makes one conversation of two first messages from one address at once', async () => {
    const results = await Promise.all([ingest('racing-visitor', 'one'), ingest('racing-visitor', 'two')]);
    const made = results.filter((r) => r !== undefined);
    expect(made).toHaveLength(1);
    const humanId = (await repos.identities.humanOf(ids.channelId, 'racing-visitor'))!;
    expect(made[0]!.conversation.humanId).toBe(humanId);
  });
});
