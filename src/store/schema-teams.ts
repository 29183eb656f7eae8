// Row types of the teams tables (migration 0009): members and the audit log.
import type { Generated } from 'kysely';

export interface MembersTable {
  id: Generated<number>;
  account_id: number;
  email: string;
  /** owner | admin | developer | agent | viewer */
  role: string;
  /** invited (no password yet) | active */
  status: string;
  /** scrypt hash; null until the invitation is accepted. */
  password_hash: string | null;
  /** SHA-256 of the pending invitation's token; null once accepted. */
  invite_hash: string | null;
  invite_expires_at: string | null;
  invited_by: number | null;
  created_at: string;
  updated_at: string;
  /** Shown to visitors beside the member's replies and in the audit log; null: the e-mail stands for it (0031). */
  name: Generated<string | null>;
  /** Messages before it never count as unread for the member; null: since they joined (0031). */
  inbox_since: Generated<string | null>;
}

/** Appended, never updated (a trigger refuses it); deleted only by retention, and never younger than a day. */
export interface AuditLogTable {
  id: Generated<number>;
  account_id: number;
  at: string;
  /** Null: the account's own credential. */
  member_id: number | null;
  /** The member's e-mail when the entry was written: it outlives the member. */
  actor_email: string | null;
  actor_role: string;
  token_id: string | null;
  session_id: string | null;
  action: string;
  resource: string;
  resource_id: string | null;
  /** JSON array of the names of the fields the change set; never their values. */
  fields: string;
  method: string;
  route: string;
  status: number;
  address: string | null;
  /** The name of what was changed, as it was then (0031); null: none known. */
  resource_name: Generated<string | null>;
}
