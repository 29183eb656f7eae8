// Who is signed in, and what their role lets them do: the console offers only what the role allows (GET /v1/me's scopes).
import { api, must } from './api.js';

export interface Me {
  accountId: number;
  memberId: number | null;
  email: string | null;
  name: string | null;
  role: string;
  scopes: string[];
}

let current: Me | null = null;

/** Read once per sign-in (a role changed elsewhere shows after the next refusal brings the sign-in back, or a reload). */
export async function loadMe(): Promise<Me> {
  current = await must(api.GET('/v1/me'));
  return current;
}

export function forgetMe(): void {
  current = null;
}

export function me(): Me {
  if (current === null) throw new Error('nobody is signed in');
  return current;
}

/** Whether the signed-in member holds a scope (a write scope also reads). */
export function can(scope: string): boolean {
  const scopes = current?.scopes ?? [];
  if (scopes.includes(scope)) return true;
  const [family, access] = scope.split(':');
  return access === 'read' && scopes.includes(`${family}:write`);
}

/** How the console names the signed-in member. */
export function myName(): string {
  return current?.name ?? current?.email ?? 'the account';
}
