// Roles, resource families and scopes: what each role may read and change, the one table every check and the docs use.

export const ROLES = ['owner', 'admin', 'developer', 'agent', 'viewer'] as const;
export type Role = typeof ROLES[number];

/** The resource families a scope names; `lookups` and `audit` are read-only. */
export const FAMILIES = [
  'bots', 'channels', 'webhooks', 'tokens', 'humans', 'conversations', 'broadcasts', 'lookups', 'members', 'audit',
] as const;
export type Family = typeof FAMILIES[number];
export type Access = 'read' | 'write';
export type Scope = `${Family}:${Access}`;

const READ_ONLY: ReadonlySet<Family> = new Set<Family>(['lookups', 'audit']);

/** Every scope there is, in a stable order: each family's read, then its write. */
export const ALL_SCOPES: readonly Scope[] = FAMILIES.flatMap((f): Scope[] =>
  READ_ONLY.has(f) ? [`${f}:read`] : [`${f}:read`, `${f}:write`]);

export function isScope(text: string): text is Scope {
  return (ALL_SCOPES as readonly string[]).includes(text);
}

/** What each role may do with each family: w writes (and reads), r reads, - nothing. */
const GRANTS: Record<Role, Record<Family, 'w' | 'r' | '-'>> = {
  owner: { bots: 'w', channels: 'w', webhooks: 'w', tokens: 'w', humans: 'w', conversations: 'w', broadcasts: 'w', lookups: 'r', members: 'w', audit: 'r' },
  admin: { bots: 'w', channels: 'w', webhooks: 'w', tokens: 'w', humans: 'w', conversations: 'w', broadcasts: 'w', lookups: 'r', members: 'w', audit: 'r' },
  developer: { bots: 'w', channels: 'w', webhooks: 'w', tokens: 'w', humans: 'r', conversations: 'r', broadcasts: 'w', lookups: 'r', members: 'r', audit: '-' },
  agent: { bots: 'r', channels: 'r', webhooks: 'r', tokens: 'r', humans: 'w', conversations: 'w', broadcasts: 'r', lookups: 'r', members: 'r', audit: '-' },
  viewer: { bots: 'r', channels: 'r', webhooks: 'r', tokens: 'r', humans: 'r', conversations: 'r', broadcasts: 'r', lookups: 'r', members: 'r', audit: '-' },
};

export function grantOf(role: Role, family: Family): 'w' | 'r' | '-' {
  return GRANTS[role][family];
}

/** Each role's scopes, computed once: every authenticated request asks. */
const ROLE_SCOPES = Object.fromEntries(ROLES.map((role) => [role, Object.freeze(ALL_SCOPES.filter((scope) => {
  const [family, access] = scope.split(':') as [Family, Access];
  const grant = GRANTS[role][family];
  return grant === 'w' || (grant === 'r' && access === 'read');
}))])) as Record<Role, readonly Scope[]>;

/** The scopes a role holds. */
export function roleScopes(role: Role): readonly Scope[] {
  return ROLE_SCOPES[role];
}

/** A write scope also lets its holder read the family. */
export function holds(scopes: ReadonlySet<Scope> | readonly Scope[], needed: Scope): boolean {
  const has = (s: Scope) => (scopes instanceof Set ? scopes.has(s) : (scopes as readonly Scope[]).includes(s));
  if (has(needed)) return true;
  const [family, access] = needed.split(':') as [Family, Access];
  return access === 'read' && has(`${family}:write` as Scope);
}

export function isRole(text: string): text is Role {
  return (ROLES as readonly string[]).includes(text);
}

/** Roles in order of power: an owner outranks an admin, who outranks everyone else (who are peers in rank). */
export function rank(role: Role): number {
  return role === 'owner' ? 2 : role === 'admin' ? 1 : 0;
}
