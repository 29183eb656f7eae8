// Builds each event's `data` from the store, inside the transaction that made the change, so it shows the state as committed.
import type { Kysely } from 'kysely';
import { type Database, repositories, type Repositories } from '../../store/index.js';
import { apiDate } from '../../time.js';
import { presentMessage } from '../conversations/conversation-service.js';
import type { ChannelRef, EventData, HumanRef, WebhookEvent } from './event-types.js';

async function channelRef(repos: Repositories, accountId: number, id: number): Promise<ChannelRef | null> {
  const c = await repos.channels.find(id);
  return c === undefined || c.accountId !== accountId ? null : { id: c.id, type: c.channelType, name: c.name };
}

async function humanRef(repos: Repositories, accountId: number, id: number): Promise<HumanRef | null> {
  const h = await repos.humans.find(id);
  return h === undefined || h.accountId !== accountId ? null : { id: h.id, firstName: h.firstName, lastName: h.lastName, phone: h.phone, email: h.email, tags: h.tags };
}

/**
 * The event's data, or null when what it names is gone or belongs to another account (then nothing is sent).
 * Reads go through `db`, the caller's open transaction.
 */
export async function eventData(db: Kysely<Database>, accountId: number, event: WebhookEvent): Promise<EventData | null> {
  const repos = repositories(db);
  switch (event.type) {
    case 'conversation.started': {
      const c = await repos.conversations.find(event.conversationId);
      if (c === undefined) return null;
      const [channel, human] = [await channelRef(repos, accountId, c.channelId), await humanRef(repos, accountId, c.humanId)];
      if (channel === null || human === null) return null;
      return { conversation: { id: c.id, address: c.address, dateCreated: apiDate(c.createdAt) }, channel, human };
    }
    case 'human.subscribed':
    case 'human.unsubscribed': {
      const [channel, human] = [await channelRef(repos, accountId, event.channelId), await humanRef(repos, accountId, event.humanId)];
      if (channel === null || human === null) return null;
      return { channel, human, subscribed: event.type === 'human.subscribed', source: event.source };
    }
    default: {
      const m = await repos.messages.find(event.messageId);
      if (m === undefined) return null;
      const c = await repos.conversations.find(m.conversationId);
      const [channel, human] = [await channelRef(repos, accountId, m.channelId), await humanRef(repos, accountId, m.humanId)];
      if (c === undefined || channel === null || human === null) return null;
      return { message: presentMessage(m), conversation: { id: c.id, address: c.address }, channel, human };
    }
  }
}
