// The authorization matrix as Markdown, rendered from the same tables the checks use (docs/security.md embeds it).
import { FAMILIES, grantOf, ROLES, roleScopes, type Requirement } from '../services/index.js';
import { ACCESS_RULES } from './access-rules.js';

const GRANT_TEXT = { w: 'read, write', r: 'read', '-': '—' } as const;

function allows(role: typeof ROLES[number], needed: Requirement): boolean {
  if (needed === 'any') return true;
  const scopes = roleScopes(role);
  const [family] = needed.split(':');
  return scopes.includes(needed) || (needed.endsWith(':read') && scopes.some((s) => s === `${family}:write`));
}

/** Roles by resource family. */
export function renderRoleTable(): string {
  const lines = [`| family | ${ROLES.join(' | ')} |`, `|---|${ROLES.map(() => '---').join('|')}|`];
  for (const family of FAMILIES) lines.push(`| ${family} | ${ROLES.map((r) => GRANT_TEXT[grantOf(r, family)]).join(' | ')} |`);
  return lines.join('\n');
}

/** Every authenticated route, the scope it needs, and which roles hold it. */
export function renderRouteTable(): string {
  const lines = [`| route | needs | ${ROLES.join(' | ')} |`, `|---|---|${ROLES.map(() => '---').join('|')}|`];
  for (const [route, needed] of Object.entries(ACCESS_RULES)) {
    lines.push(`| \`${route}\` | ${needed === 'any' ? 'any credential' : `\`${needed}\``} | ${ROLES.map((r) => (allows(r, needed) ? '✓' : '403')).join(' | ')} |`);
  }
  return lines.join('\n');
}

export const MATRIX_START = '<!-- access-matrix:start (generated from src/http/access-rules.ts and src/services/teams/roles.ts; test/http/access-matrix.test.ts checks it) -->';
export const MATRIX_END = '<!-- access-matrix:end -->';

export function renderAccessMatrix(): string {
  return [MATRIX_START, '', '### Roles by resource family', '', renderRoleTable(), '', '### Route by route', '', renderRouteTable(), '', MATRIX_END].join('\n');
}
