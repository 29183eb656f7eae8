// Who a request acts as, whatever authenticated it (an API token or a console session), and the one check of what it may do.
import { ForbiddenError } from '../../errors.js';
import { ALL_SCOPES, holds, isRole, isScope, roleScopes, type Role, type Scope } from './roles.js';

export interface Principal {
  accountId: number;
  /** The member acting; null for the account's own credential (the CLI's tokens and those made before members existed). */
  memberId: number | null;
  /** The member's e-mail (null for the account's own credential), kept in audit entries. */
  email: string | null;
  role: Role;
  /** The API token used, or null. */
  tokenId: string | null;
  /** The console session used, or null. */
  sessionId: string | null;
  /** What this credential may do: a token's scopes (never beyond its member's role), or a session's role. */
  scopes: ReadonlySet<Scope>;
}

/** What a route needs: a scope, or `any` for what every signed-in principal may read (the channel types, say). */
export type Requirement = Scope | 'any';

export function authorize(principal: Principal, needed: Requirement): void {
  if (needed === 'any' || holds(principal.scopes, needed)) return;
  throw new ForbiddenError(principal.tokenId !== null && holds(roleScopes(principal.role), needed)
    ? `This API token lacks the scope ${needed}.`
    : `The ${principal.role} role does not allow this (it needs ${needed}).`);
}

/** The account's own credential: an owner with every scope. */
export function accountPrincipal(accountId: number, via: { tokenId?: string; sessionId?: string } = {}): Principal {
  return { accountId, memberId: null, email: null, role: 'owner', tokenId: via.tokenId ?? null, sessionId: via.sessionId ?? null, scopes: new Set(ALL_SCOPES) };
}

/** A member signed in with their own password (a console session): their role's scopes. */
export function memberPrincipal(member: { accountId: number; id: number; email: string; role: string }, sessionId: string | null): Principal {
  const role: Role = isRole(member.role) ? member.role : 'viewer';
  return { accountId: member.accountId, memberId: member.id, email: member.email, role, tokenId: null, sessionId, scopes: new Set(roleScopes(role)) };
}

/** Stored scope names that are still scopes (a scope retired by a release reads as nothing). */
export function knownScopes(names: readonly string[]): Scope[] {
  return names.filter(isScope);
}
