// The audit log: who changed what (never a value, only field names), read with filters a page at a time, kept N days.
import type { JobQueue } from '../../jobs/index.js';
import type { AuditFilter, AuditRow, Repositories } from '../../store/index.js';
import { apiDate, type Clock } from '../../time.js';
import { decodeCursor, encodeCursor } from '../cursor.js';
import { instantOf } from './instant.js';
import type { Principal } from './principal.js';

export const AUDIT_RETENTION_QUEUE = 'audit.retention';
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
  actor: { memberId: number | null; email: string | null; role: string; tokenId: string | null; sessionId: string | null };
}

function entryOf(r: AuditRow): AuditEntry {
  return {
    id: r.id, at: apiDate(r.at),
    actor: { memberId: r.memberId, email: r.actorEmail, role: r.actorRole, tokenId: r.tokenId, sessionId: r.sessionId },
    action: r.action, resource: r.resource, resourceId: r.resourceId, fields: r.fields, method: r.method, route: r.route, status: r.status, address: r.address,
  };
}

export class AuditService {
  constructor(
    private readonly repos: Repositories,
    private readonly jobs: JobQueue,
    private readonly clock: Clock,
    /** Days an entry is kept; 0 keeps them all. */
    private readonly retentionDays: number,
  ) {}

  async record(by: Principal, change: AuditChange): Promise<void> {
    await this.repos.audit.append({
      accountId: by.accountId, at: this.clock().toISOString(), memberId: by.memberId, actorEmail: by.email, actorRole: by.role,
      tokenId: by.tokenId, sessionId: by.sessionId, ...change,
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
    return { entries: page.map(entryOf), nextCursor: rows.length > limit && last !== undefined ? encodeCursor(last.id) : null };
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
