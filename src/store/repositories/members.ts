// Members of an account: who may act on it, with which role; invited members wait for their password.
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../schema.js';
import type { MembersTable } from '../schema-teams.js';

export interface MemberRow {
  id: number;
  accountId: number;
  email: string;
  role: string;
  /** disabled: kept on record but refused every sign-in (password or single sign-on). */
  status: 'invited' | 'active' | 'disabled';
  passwordHash: string | null;
  inviteHash: string | null;
  inviteExpiresAt: string | null;
  invitedBy: number | null;
  createdAt: string;
  updatedAt: string;
  /** The name shown for the member (0031); null: none given, the e-mail stands for it. */
  name?: string | null;
  /** Messages before it are never unread for the member; null: since they joined (0031). */
  inboxSince?: string | null;
}

/** How a member is named to others (visitors, the audit log, the inbox): the name given, else the e-mail. */
export function memberName(m: { name?: string | null; email: string }): string {
  return m.name ?? m.email;
}

function toRow(r: Selectable<MembersTable>): MemberRow {
  return {
    id: r.id, accountId: r.account_id, email: r.email, role: r.role, status: r.status === 'active' || r.status === 'disabled' ? r.status : 'invited',
    passwordHash: r.password_hash, inviteHash: r.invite_hash, inviteExpiresAt: r.invite_expires_at, invitedBy: r.invited_by,
    createdAt: r.created_at, updatedAt: r.updated_at, name: r.name, inboxSince: r.inbox_since,
  };
}

export class MemberRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Omit<MemberRow, 'id'>): Promise<number> {
    const inserted = await this.db.insertInto('members').values({
      account_id: row.accountId, email: row.email, role: row.role, status: row.status, password_hash: row.passwordHash,
      invite_hash: row.inviteHash, invite_expires_at: row.inviteExpiresAt, invited_by: row.invitedBy,
      created_at: row.createdAt, updated_at: row.updatedAt, name: row.name ?? null,
    }).returning('id').executeTakeFirstOrThrow();
    return inserted.id;
  }

  async find(id: number): Promise<MemberRow | undefined> {
    const r = await this.db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst();
    return r && toRow(r);
  }

  async findByEmail(email: string): Promise<MemberRow | undefined> {
    const r = await this.db.selectFrom('members').selectAll().where('email', '=', email).executeTakeFirst();
    return r && toRow(r);
  }

  async findByInvite(inviteHash: string): Promise<MemberRow | undefined> {
    const r = await this.db.selectFrom('members').selectAll().where('invite_hash', '=', inviteHash).executeTakeFirst();
    return r && toRow(r);
  }

  async list(accountId: number): Promise<MemberRow[]> {
    return (await this.db.selectFrom('members').selectAll().where('account_id', '=', accountId).orderBy('id').execute()).map(toRow);
  }

  async countActiveOwners(accountId: number): Promise<number> {
    const r = await this.db.selectFrom('members').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId).where('role', '=', 'owner').where('status', '=', 'active').executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async setRole(id: number, role: string, at: string): Promise<void> {
    await this.db.updateTable('members').set({ role, updated_at: at }).where('id', '=', id).execute();
  }

  /** Activates an invited member; false when it was no longer invited (accepted meanwhile). */
  async activate(id: number, passwordHash: string, at: string): Promise<boolean> {
    const result = await this.db.updateTable('members')
      .set({ status: 'active', password_hash: passwordHash, invite_hash: null, invite_expires_at: null, updated_at: at })
      .where('id', '=', id).where('status', '=', 'invited').executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** An invitation taken up through single sign-on: active, without a password; false when it was no longer pending. */
  async activateWithoutPassword(id: number, at: string): Promise<boolean> {
    const r = await this.db.updateTable('members').set({ status: 'active', invite_hash: null, invite_expires_at: null, updated_at: at })
      .where('id', '=', id).where('status', '=', 'invited').executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Disables an active member or brings a disabled one back; an invited member is left as is. */
  async setStatus(id: number, status: 'active' | 'disabled', at: string): Promise<void> {
    await this.db.updateTable('members').set({ status, updated_at: at }).where('id', '=', id).where('status', '!=', 'invited').execute();
  }

  async setName(id: number, name: string | null, at: string): Promise<void> {
    await this.db.updateTable('members').set({ name, updated_at: at }).where('id', '=', id).execute();
  }

  async setPassword(id: number, passwordHash: string, at: string): Promise<void> {
    await this.db.updateTable('members').set({ password_hash: passwordHash, updated_at: at }).where('id', '=', id).execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('members').where('id', '=', id).execute();
  }
}
