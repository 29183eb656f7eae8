// The audit log: who changed what (never a value, only field names), said as a sentence, read with filters a page at a
// time, kept N days.
import type { JobQueue } from '../../jobs/index.js';
import { type AuditFilter, type AuditRow, memberName, type Repositories, type WebhookRepository } from '../../store/index.js';
import { auditSentence } from './audit-sentence.js';
import { apiDate, type Clock } from '../../time.js';
import { decodeCursor, encodeCursor } from '../cursor.js';
import { instantOf } from './instant.js';
import type { Principal } from './principal.js';

export const AUDIT_RETENTION_QUEUE = 'audit.retention';

function humanName(h: { id: number; firstName: string | null; lastName: string | null; phone: string | null; email: string | null }): string {
  return [h.firstName, h.lastName].filter(Boolean).join(' ') || h.phone || h.email || `human ${h.id}`;
}
const DAY_MS = 86_400_000;
const PRUNE_BATCH = 1000;

/** One change, as the HTTP layer saw it. */
export interface AuditChange {
  action: string;
  resource: string;
  resourceId: string | null;
  /** Names of the fields the request set; never their values. */
  fields: string[];
  method: string;
  route: string;
  status: number;
  address: string | null;
  /** The name of what was changed as it was then (a channel's, a bot's, a human's…); null: none known. */
  resourceName?: string | null;
}

export interface AuditQuery {
  memberId?: number;
  tokenId?: string;
  resource?: string;
  resourceId?: string;
  since?: string;
  until?: string;
}

/** A stored change: the change itself, when, and who made it. */
export interface AuditEntry extends AuditChange {
  id: number;
  at: string;
  actor: { memberId: number | null; email: string | null; name: string; role: string; tokenId: string | null; sessionId: string | null };
  resourceName: string | null;
  /** The entry in words: "Ana took over conversation 12 (Ada Lovelace)". */
  summary: string;
}

function entryOf(r: AuditRow, names: ReadonlyMap<number, string>): AuditEntry {
  const name = (r.memberId === null ? undefined : names.get(r.memberId)) ?? r.actorEmail ?? 'The account\'s own credential';
  return {
    id: r.id, at: apiDate(r.at),
    actor: { memberId: r.memberId, email: r.actorEmail, name, role: r.actorRole, tokenId: r.tokenId, sessionId: r.sessionId },
    action: r.action, resource: r.resource, resourceId: r.resourceId, resourceName: r.resourceName, fields: r.fields, method: r.method,
    route: r.route, status: r.status, address: r.address,
    summary: auditSentence({ actor: name, action: r.action, resource: r.resource, resourceId: r.resourceId, resourceName: r.resourceName, fields: r.fields }),
  };
}

export class AuditService {
  constructor(
    private readonly repos: Repositories,
    private readonly jobs: JobQueue,
    private readonly clock: Clock,
    /** Days an entry is kept; 0 keeps them all. */
    private readonly retentionDays: number,
    /** Webhooks are named by their URL in the log. */
    private readonly webhooks?: Pick<WebhookRepository, 'find'>,
  ) {}

  async record(by: Principal, change: AuditChange): Promise<void> {
    await this.repos.audit.append({
      accountId: by.accountId, at: this.clock().toISOString(), memberId: by.memberId, actorEmail: by.email, actorRole: by.role,
      tokenId: by.tokenId, sessionId: by.sessionId, ...change, resourceName: change.resourceName?.slice(0, 200) ?? null,
    });
  }

  /** Newest first; `nextCursor` reads the older entries. `since` and `until` are inclusive date-times. */
  async list(accountId: number, query: AuditQuery, limit: number, cursor?: string): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
    const { since, until, ...rest } = query;
    const filter: AuditFilter = {
      ...rest,
      ...(since === undefined ? {} : { since: instantOf(since, 'since').toISOString() }),
      // `until` in the API's format names a whole second: every millisecond of it is in.
      ...(until === undefined ? {} : { until: new Date(instantOf(until, 'until').getTime() + (/\.\d+/.test(until) ? 0 : 999)).toISOString() }),
    };
    const rows = await this.repos.audit.page(accountId, filter, decodeCursor(cursor), limit + 1);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    // Members are named as they are now (a renamed member's old entries read with the new name); gone ones by the e-mail kept.
    const names = new Map((await this.repos.members.list(accountId)).map((m) => [m.id, memberName(m)]));
    const humans = await this.humanNames(accountId, page);
    const named = page.map((r) => (r.resourceName === null && r.resourceId !== null ? { ...r, resourceName: humans.get(`${r.resource}:${r.resourceId}`) ?? null } : r));
    return { entries: named.map((r) => entryOf(r, names)), nextCursor: rows.length > limit && last !== undefined ? encodeCursor(last.id) : null };
  }

  /**
   * The humans a page's entries are about (directly, or through a conversation), named as they are now: an erased
   * human is named nowhere. A visitor nobody has named yet is "conversation 12" alone.
   */
  private async humanNames(accountId: number, page: readonly AuditRow[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    const ids = (resource: string) => [...new Set(page.filter((r) => r.resource === resource && r.resourceId !== null).map((r) => Number(r.resourceId)))]
      .filter((n) => Number.isSafeInteger(n));
    const named = (h: Parameters<typeof humanName>[0]) => ([h.firstName, h.lastName, h.phone, h.email].some((v) => v) ? humanName(h) : null);
    for (const id of ids('humans')) {
      const human = await this.repos.humans.find(id);
      const name = human?.accountId === accountId ? named(human) : null;
      if (name !== null) out.set(`humans:${id}`, name);
    }
    for (const id of ids('conversations')) {
      const conversation = await this.repos.conversations.find(id);
      const human = conversation?.accountId === accountId ? await this.repos.humans.find(conversation.humanId) : undefined;
      const name = human === undefined ? null : named(human);
      if (name !== null) out.set(`conversations:${id}`, name);
    }
    return out;
  }

  /**
   * The name of the resource a change is about, as it is before the change (a deletion or a rename): what the log keeps
   * beside its id. Null for what has no name, or belongs to another account (the change is refused then anyway).
   */
  async nameOf(accountId: number, resource: string, id: string): Promise<string | null> {
    const n = Number(id);
    const mine = <T extends { accountId: number }>(row: T | undefined): T | undefined => (row?.accountId === accountId ? row : undefined);
    if (!Number.isSafeInteger(n) && resource !== 'tokens') return null;
    switch (resource) {
      case 'channels':
        return mine(await this.repos.channels.find(n))?.name ?? null;
      case 'bots':
        return mine(await this.repos.bots.find(n))?.name ?? null;
      // A human's name is personal data the log must not keep (an erasure could not take it back from an append-only
      // log): humans and their conversations are named when the log is read (humanNames), as they are then.
      case 'members': {
        const member = mine(await this.repos.members.find(n));
        return member === undefined ? null : memberName(member);
      }
      case 'webhooks':
        return mine(await this.webhooks?.find(n))?.url ?? null;
      case 'tokens':
        return mine(await this.repos.tokens.find(id))?.name ?? null;
      default:
        return null;
    }
  }

  /** Deletes the entries older than the retention; answers how many went. */
  async prune(): Promise<number> {
    if (this.retentionDays === 0) return 0;
    const before = new Date(this.clock().getTime() - this.retentionDays * DAY_MS).toISOString();
    let total = 0;
    for (;;) {
      const n = await this.repos.audit.prune(before, PRUNE_BATCH);
      total += n;
      if (n < PRUNE_BATCH) return total;
    }
  }

  /**
   * The daily retention job: one a day, keyed by its day, so that every process sending it at start and every run
   * sending the next one make a single chain.
   */
  async scheduleRetention(at: Date = this.clock()): Promise<void> {
    if (this.retentionDays === 0) return;
    await this.jobs.send(AUDIT_RETENTION_QUEUE, {}, { runAt: at, key: `audit-retention:${at.toISOString().slice(0, 10)}`, retryLimit: 3 });
  }

  /** The job's handler: prune, then schedule tomorrow's run. */
  async runRetention(): Promise<void> {
    await this.prune();
    const now = this.clock();
    await this.scheduleRetention(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 3)));
  }
}
