// The three inserts of a broadcast page (identities, conversations, events): VALUES lists on SQLite, arrays on PostgreSQL.
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** One page of a batch's expansion: the humans it reaches, and what their conversations and events are made of. */
export interface ExpansionPage {
  accountId: number; botId: number; channelId: number; batchId: number; kind: string; payload: string; state: string;
  humans: { humanId: number; address: string; linked: boolean }[];
}

type Conversation = { id: number; human_id: number };

/** A page's writes, each doing nothing where its row exists already (a page written twice adds nothing). */
export interface PageWrites {
  /** The humans' addresses on the channel. */
  link(page: ExpansionPage, humans: ExpansionPage['humans'], now: string): Promise<unknown>;
  /** The conversations that did not exist; those created. */
  create(page: ExpansionPage, now: string): Promise<Conversation[]>;
  /** One event per conversation and batch; the conversations that got one. */
  queue(page: ExpansionPage, conversations: Conversation[], now: string): Promise<{ conversation_id: number }[]>;
}

export function pageWrites(db: Kysely<Database>): PageWrites {
  return db.getExecutor().adapter instanceof PostgresAdapter ? arrayWrites(db) : valuesWrites(db);
}

function valuesWrites(db: Kysely<Database>): PageWrites {
  return {
    link: (page, humans, now) => db.insertInto('human_identities')
      .values(humans.map((h) => ({ channel_id: page.channelId, address: h.address, account_id: page.accountId, human_id: h.humanId, created_at: now })))
      .onConflict((oc) => oc.columns(['channel_id', 'address']).doNothing()).execute(),
    create: (page, now) => db.insertInto('conversations').values(page.humans.map((h) => ({
      account_id: page.accountId, bot_id: page.botId, channel_id: page.channelId, human_id: h.humanId, address: h.address, state: page.state,
      bot_enabled: 1, priority: 'normal', lease_owner: null, lease_until: null, created_at: now, updated_at: now,
    }))).onConflict((oc) => oc.columns(['channel_id', 'human_id']).doNothing()).returning(['id', 'human_id']).execute(),
    queue: (page, conversations, now) => db.insertInto('conversation_events').values(conversations.map((c) => ({
      conversation_id: c.id, channel_id: page.channelId, kind: page.kind, dedup_key: `batch:${page.batchId}:${c.human_id}`, payload: page.payload,
      status: 'pending', created_at: now, processed_at: null, batch_id: page.batchId,
    }))).onConflict((oc) => oc.columns(['channel_id', 'dedup_key']).doNothing()).returning('conversation_id').execute(),
  };
}

/**
 * On PostgreSQL a page's rows go as one array per column through unnest: as a VALUES list, 500 rows of 13 columns were
 * 6,500 parameters to bind and a statement text per page size to parse and plan.
 */
function arrayWrites(db: Kysely<Database>): PageWrites {
  return {
    link: (page, humans, now) => sql`INSERT INTO human_identities (channel_id, address, account_id, human_id, created_at)
      SELECT ${page.channelId}::integer, h.address, ${page.accountId}::integer, h.human_id, ${now}::text
      FROM unnest(${humans.map((h) => h.humanId)}::int[], ${humans.map((h) => h.address)}::text[]) AS h(human_id, address)
      ON CONFLICT (channel_id, address) DO NOTHING`.execute(db),
    create: async (page, now) => (await sql<Conversation>`INSERT INTO conversations
        (account_id, bot_id, channel_id, human_id, address, state, bot_enabled, priority, lease_owner, lease_until, created_at, updated_at)
      SELECT ${page.accountId}::integer, ${page.botId}::integer, ${page.channelId}::integer, h.human_id, h.address, ${page.state}::text, 1, 'normal',
        NULL, NULL, ${now}::text, ${now}::text
      FROM unnest(${page.humans.map((h) => h.humanId)}::int[], ${page.humans.map((h) => h.address)}::text[]) AS h(human_id, address)
      ON CONFLICT (channel_id, human_id) DO NOTHING
      RETURNING id, human_id`.execute(db)).rows,
    queue: async (page, conversations, now) => (await sql<{ conversation_id: number }>`INSERT INTO conversation_events
        (conversation_id, channel_id, kind, dedup_key, payload, status, created_at, processed_at, batch_id)
      SELECT c.id, ${page.channelId}::integer, ${page.kind}::text, 'batch:' || ${page.batchId}::integer || ':' || c.human_id, ${page.payload}::text,
        'pending', ${now}::text, NULL, ${page.batchId}::integer
      FROM unnest(${conversations.map((c) => c.id)}::int[], ${conversations.map((c) => c.human_id)}::int[]) AS c(id, human_id)
      ON CONFLICT (channel_id, dedup_key) DO NOTHING
      RETURNING conversation_id`.execute(db)).rows,
  };
}
