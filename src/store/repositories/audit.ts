// The audit log: appended, read a page at a time, pruned by retention; nothing here updates an entry.
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../schema.js';
import type { AuditLogTable } from '../schema-teams.js';

export interface AuditRow {
  id: number;
  accountId: number;
  at: string;
  memberId: number | null;
  actorEmail: string | null;
  actorRole: string;
  tokenId: string | null;
  sessionId: string | null;
  action: string;
  resource: string;
  resourceId: string | null;
  fields: string[];
  method: string;
  route: string;
  status: number;
  address: string | null;
  /** The name of what was changed, as it was then (0031); null: none known. */
  resourceName: string | null;
}

export interface AuditFilter {
  memberId?: number;
  tokenId?: string;
  resource?: string;
  resourceId?: string;
  /** Inclusive bounds on `at` (ISO-8601). */
  since?: string;
  until?: string;
}

function toRow(r: Selectable<AuditLogTable>): AuditRow {
  return {
    id: r.id, accountId: r.account_id, at: r.at, memberId: r.member_id, actorEmail: r.actor_email, actorRole: r.actor_role,
    tokenId: r.token_id, sessionId: r.session_id, action: r.action, resource: r.resource, resourceId: r.resource_id,
    fields: JSON.parse(r.fields) as string[], method: r.method, route: r.route, status: r.status, address: r.address,
    resourceName: r.resource_name,
  };
}

export class AuditRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async append(entry: Omit<AuditRow, 'id'>): Promise<void> {
    await this.db.insertInto('audit_log').values({
      account_id: entry.accountId, at: entry.at, member_id: entry.memberId, actor_email: entry.actorEmail, actor_role: entry.actorRole,
      token_id: entry.tokenId, session_id: entry.sessionId, action: entry.action, resource: entry.resource, resource_id: entry.resourceId,
      fields: JSON.stringify(entry.fields), method: entry.method, route: entry.route, status: entry.status, address: entry.address,
      resource_name: entry.resourceName,
    }).execute();
  }

  /** Newest first: entries with ids below `beforeId` (0: from the newest). */
  async page(accountId: number, filter: AuditFilter, beforeId: number, limit: number): Promise<AuditRow[]> {
    let query = this.db.selectFrom('audit_log').selectAll().where('account_id', '=', accountId);
    if (beforeId > 0) query = query.where('id', '<', beforeId);
    if (filter.memberId !== undefined) query = query.where('member_id', '=', filter.memberId);
    if (filter.tokenId !== undefined) query = query.where('token_id', '=', filter.tokenId);
    if (filter.resource !== undefined) query = query.where('resource', '=', filter.resource);
    if (filter.resourceId !== undefined) query = query.where('resource_id', '=', filter.resourceId);
    if (filter.since !== undefined) query = query.where('at', '>=', filter.since);
    if (filter.until !== undefined) query = query.where('at', '<=', filter.until);
    return (await query.orderBy('id', 'desc').limit(limit).execute()).map(toRow);
  }

  /** Deletes entries older than `before`, at most `batch` of them; answers how many went. */
  async prune(before: string, batch: number): Promise<number> {
    const ids = this.db.selectFrom('audit_log').select('id').where('at', '<', before).orderBy('id').limit(batch);
    const result = await this.db.deleteFrom('audit_log').where('id', 'in', ids).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
