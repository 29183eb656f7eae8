// Everything stored about one human, read for an export or erased in one transaction (data subject requests).
import { sql, type Kysely, type Selectable } from 'kysely';
import type {
  ConversationsTable, Database, HumansTable, HumanIdentitiesTable, MessagesTable, SubscriptionsTable,
} from '../schema.js';

export interface HumanDataRows {
  human: Selectable<HumansTable>;
  tags: string[];
  /** Humans sharing this one's link group (the `shared` attribute scope), this one excluded. */
  linkedHumanIds: number[];
  identities: Selectable<HumanIdentitiesTable>[];
  subscriptions: Selectable<SubscriptionsTable>[];
  conversations: Selectable<ConversationsTable>[];
  /** Oldest first, every conversation's. */
  messages: Selectable<MessagesTable>[];
  /** Human-scope attributes, by conversation (owner_id is the conversation's id). */
  humanAttributes: { conversationId: number; name: string; value: string; updatedAt: string }[];
  /** The link group's shared attributes. */
  sharedAttributes: { name: string; value: string; updatedAt: string }[];
}

export interface ErasedCounts {
  conversations: number;
  messages: number;
  events: number;
  attributes: number;
  subscriptions: number;
  identities: number;
  tags: number;
  webhookDeliveries: number;
  /** Files they sent through WhatsApp or Telegram that Parley kept. */
  media: number;
}

const count = (r: { numDeletedRows: bigint } | undefined) => Number(r?.numDeletedRows ?? 0n);

export class HumanDataRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The account the human belongs to; undefined when there is no such human. */
  async accountOf(humanId: number): Promise<number | undefined> {
    return (await this.db.selectFrom('humans').select('account_id').where('id', '=', humanId).executeTakeFirst())?.account_id;
  }

  /** Every row about the human; undefined when there is no such human. */
  async read(humanId: number): Promise<HumanDataRows | undefined> {
    const db = this.db;
    const human = await db.selectFrom('humans').selectAll().where('id', '=', humanId).executeTakeFirst();
    if (human === undefined) return undefined;
    const group = human.link_group ?? human.id;
    const [tags, linked, identities, subscriptions, conversations, messages, shared] = await Promise.all([
      db.selectFrom('human_tags').select('tag').where('human_id', '=', humanId).orderBy('tag').execute(),
      human.link_group === null ? Promise.resolve([]) : db.selectFrom('humans').select('id').where('link_group', '=', human.link_group).where('id', '!=', humanId).orderBy('id').execute(),
      db.selectFrom('human_identities').selectAll().where('human_id', '=', humanId).orderBy('channel_id').execute(),
      db.selectFrom('subscriptions').selectAll().where('human_id', '=', humanId).orderBy('channel_id').execute(),
      db.selectFrom('conversations').selectAll().where('human_id', '=', humanId).orderBy('id').execute(),
      db.selectFrom('messages').selectAll().where('human_id', '=', humanId).orderBy('id').execute(),
      db.selectFrom('attributes').select(['name', 'value', 'updated_at']).where('scope', '=', 'shared').where('owner_id', '=', group).orderBy('name').execute(),
    ]);
    const conversationIds = conversations.map((c) => c.id);
    const humanAttributes = conversationIds.length === 0 ? [] : await db.selectFrom('attributes').select(['owner_id', 'name', 'value', 'updated_at'])
      .where('scope', '=', 'human').where('owner_id', 'in', conversationIds).orderBy('owner_id').orderBy('name').execute();
    return {
      human, tags: tags.map((t) => t.tag), linkedHumanIds: linked.map((l) => l.id), identities, subscriptions, conversations, messages,
      humanAttributes: humanAttributes.map((a) => ({ conversationId: a.owner_id, name: a.name, value: a.value, updatedAt: a.updated_at })),
      sharedAttributes: shared.map((a) => ({ name: a.name, value: a.value, updatedAt: a.updated_at })),
    };
  }

  /**
   * Deletes the human and everything that names them, in one transaction: conversations with their inbox and history,
   * human-scope attributes, the link group's shared attributes when no other human is left in it, identities,
   * subscriptions, tags, and the webhook deliveries (sent or pending) whose payload carries the human.
   */
  async erase(accountId: number, humanId: number): Promise<ErasedCounts> {
    return this.db.transaction().execute(async (tx) => {
      const human = await tx.selectFrom('humans').select(['id', 'link_group']).where('id', '=', humanId).where('account_id', '=', accountId).executeTakeFirstOrThrow();
      const conversationIds = (await tx.selectFrom('conversations').select('id').where('human_id', '=', humanId).execute()).map((c) => c.id);
      const group = human.link_group ?? human.id;
      const othersInGroup = await tx.selectFrom('humans').select('id').where('link_group', '=', group).where('id', '!=', humanId).executeTakeFirst();
      const byConversation = conversationIds.length > 0;
      const events = byConversation ? count(await tx.deleteFrom('conversation_events').where('conversation_id', 'in', conversationIds).executeTakeFirst()) : 0;
      const messages = count(await tx.deleteFrom('messages').where('human_id', '=', humanId).executeTakeFirst());
      let attributes = byConversation ? count(await tx.deleteFrom('attributes').where('scope', '=', 'human').where('owner_id', 'in', conversationIds).executeTakeFirst()) : 0;
      if (othersInGroup === undefined) attributes += count(await tx.deleteFrom('attributes').where('scope', '=', 'shared').where('owner_id', '=', group).executeTakeFirst());
      // Every webhook payload that names a human carries it as "human":{"id":N,… (services/webhooks/payloads.ts, JSON.stringify's order).
      const webhookDeliveries = count(await tx.deleteFrom('webhook_deliveries').where('account_id', '=', accountId)
        .where('payload', 'like', sql<string>`${`%"human":{"id":${humanId},%`}`).executeTakeFirst());
      const subscriptions = count(await tx.deleteFrom('subscriptions').where('human_id', '=', humanId).executeTakeFirst());
      const identities = count(await tx.deleteFrom('human_identities').where('human_id', '=', humanId).executeTakeFirst());
      const tags = count(await tx.deleteFrom('human_tags').where('human_id', '=', humanId).executeTakeFirst());
      // Emptied rather than deleted: a deleted row would let the signed URL read the file back from the provider.
      const emptied = await tx.updateTable('provider_media')
        .set({ bytes: Buffer.alloc(0), size: 0, content_type: null, human_id: null, erased_at: new Date().toISOString() })
        .where('human_id', '=', humanId).executeTakeFirst();
      const media = Number(emptied.numUpdatedRows);
      const conversations = byConversation ? count(await tx.deleteFrom('conversations').where('id', 'in', conversationIds).executeTakeFirst()) : 0;
      await tx.deleteFrom('humans').where('id', '=', humanId).execute();
      return { conversations, messages, events, attributes, subscriptions, identities, tags, webhookDeliveries, media };
    });
  }
}
