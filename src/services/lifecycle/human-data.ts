// Data subject requests on one human: everything held about them as one JSON document, or all of it erased.
import type { Kysely } from 'kysely';
import { ownedBy } from '../../errors.js';
import { type Database, type ErasedCounts, HumanDataRepository, type HumanDataRows } from '../../store/index.js';
import { apiDate, type Clock } from '../../time.js';

/** What GET /v1/humans/{id}/export answers (docs/operations.md#export-and-erase). */
export interface HumanExport {
  exportedAt: string;
  human: {
    id: number; firstName: string | null; lastName: string | null; phone: string | null; email: string | null; tags: string[];
    rcsEnabled: boolean | null; rcsFeatures: unknown; linkedHumanIds: number[]; dateCreated: string; dateUpdated: string;
  };
  identities: { channelId: number; address: string; dateCreated: string }[];
  subscriptions: { channelId: number; subscribed: boolean; dateUpdated: string }[];
  attributes: {
    human: { conversationId: number; name: string; value: string; dateUpdated: string }[];
    shared: { name: string; value: string; dateUpdated: string }[];
  };
  conversations: {
    id: number; channelId: number; botId: number; address: string; botEnabled: boolean; priority: string; dateCreated: string; dateUpdated: string;
    messages: { id: number; direction: string; kind: string; status: string; failureReason: string | null; content: unknown; dateCreated: string; dateUpdated: string }[];
  }[];
}

function parsed(text: string | null): unknown {
  if (text === null) return null;
  try { return JSON.parse(text) as unknown; } catch { return text; }
}

function present(rows: HumanDataRows, now: Date): HumanExport {
  const { human } = rows;
  const byConversation = new Map<number, HumanExport['conversations'][number]['messages']>();
  for (const m of rows.messages) {
    const list = byConversation.get(m.conversation_id) ?? [];
    list.push({
      id: m.id, direction: m.direction, kind: m.kind, status: m.status, failureReason: m.failure_reason, content: parsed(m.content),
      dateCreated: apiDate(m.created_at), dateUpdated: apiDate(m.updated_at),
    });
    byConversation.set(m.conversation_id, list);
  }
  return {
    exportedAt: apiDate(now.toISOString()),
    human: {
      id: human.id, firstName: human.first_name, lastName: human.last_name, phone: human.phone, email: human.email, tags: rows.tags,
      rcsEnabled: human.rcs_enabled === null ? null : human.rcs_enabled === 1, rcsFeatures: parsed(human.rcs_features),
      linkedHumanIds: rows.linkedHumanIds, dateCreated: apiDate(human.created_at), dateUpdated: apiDate(human.updated_at),
    },
    identities: rows.identities.map((i) => ({ channelId: i.channel_id, address: i.address, dateCreated: apiDate(i.created_at) })),
    subscriptions: rows.subscriptions.map((s) => ({ channelId: s.channel_id, subscribed: s.subscribed === 1, dateUpdated: apiDate(s.updated_at) })),
    attributes: {
      human: rows.humanAttributes.map((a) => ({ conversationId: a.conversationId, name: a.name, value: a.value, dateUpdated: apiDate(a.updatedAt) })),
      shared: rows.sharedAttributes.map((a) => ({ name: a.name, value: a.value, dateUpdated: apiDate(a.updatedAt) })),
    },
    conversations: rows.conversations.map((c) => ({
      id: c.id, channelId: c.channel_id, botId: c.bot_id, address: c.address, botEnabled: c.bot_enabled === 1, priority: c.priority,
      dateCreated: apiDate(c.created_at), dateUpdated: apiDate(c.updated_at), messages: byConversation.get(c.id) ?? [],
    })),
  };
}

export class HumanDataService {
  private readonly rows: HumanDataRepository;

  constructor(db: Kysely<Database>, private readonly clock: Clock) {
    this.rows = new HumanDataRepository(db);
  }

  async export(accountId: number, humanId: number): Promise<HumanExport> {
    const rows = await this.rows.read(humanId);
    ownedBy(rows === undefined ? undefined : { accountId: rows.human.account_id }, accountId, 'Human', humanId);
    return present(rows!, this.clock());
  }

  /** Erases the human with everything linked to them; what went, by kind. */
  async erase(accountId: number, humanId: number): Promise<{ humanId: number; erased: ErasedCounts }> {
    const owner = await this.rows.accountOf(humanId);
    ownedBy(owner === undefined ? undefined : { accountId: owner }, accountId, 'Human', humanId);
    return { humanId, erased: await this.rows.erase(accountId, humanId) };
  }
}
