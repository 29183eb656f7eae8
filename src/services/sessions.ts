// Console sessions: a member signs in with their e-mail and password; sign-ins listed and revoked; the password changed.
import crypto from 'node:crypto';
import { NotFoundError, ForbiddenError, UnauthorizedError, UnprocessableError } from '../errors.js';
import { equalSecrets, hashPassword, verifyPassword } from '../security/index.js';
import type { Repositories, SessionRow } from '../store/index.js';
import { apiDate, isoNow, type Clock } from '../time.js';
import { SignInThrottle } from './sign-in-throttle.js';
import type { AuditChange } from './teams/audit.js';
import { memberPrincipal, type Principal } from './teams/principal.js';

/** Where sign-ins are recorded: the audit log. */
export interface SignInRecorder { record(by: Principal, change: AuditChange): Promise<void> }

/** How long a sign-in lasts (it is not extended by use: a week later one signs in again). */
export const SESSION_TTL_MS = 7 * 24 * 3_600_000;
/** last_seen_at is written at most this often per session, not on every request. */
const TOUCH_EVERY_MS = 60_000;
/** Compared against when the e-mail is unknown, so that an unknown e-mail takes as long as a wrong password. */
const UNKNOWN_ACCOUNT_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

export interface SessionInfo {
  id: string;
  userAgent: string;
  address: string;
  current: boolean;
  dateCreated: string;
  dateLastSeen: string;
  dateExpires: string;
}

export interface NewSession {
  session: SessionInfo;
  account: { id: number; email: string };
  /** The cookie's value (set by the route, never in the body). */
  token: string;
  /** The value every cookie-authenticated state-changing request must repeat in X-CSRF-Token. */
  csrfToken: string;
  expiresAt: Date;
}

/** What a valid session cookie stands for. */
export interface SessionAuth { sessionId: string; accountId: number; memberId: number | null; csrfHash: string }

export function sha256(text: string): string {
  return crypto.createHash('sha256').update(text).digest('hex');
}

function present(row: SessionRow, currentId: string | null): SessionInfo {
  return {
    id: row.id, userAgent: row.userAgent, address: row.address, current: row.id === currentId,
    dateCreated: apiDate(row.createdAt), dateLastSeen: apiDate(row.lastSeenAt), dateExpires: apiDate(row.expiresAt),
  };
}

export class SessionService {
  private readonly throttle: SignInThrottle;

  constructor(
    private readonly repos: Repositories,
    private readonly clock: Clock,
    /** Whether an account allows only single sign-on (services/sso): its members' passwords are refused. */
    private readonly passwordRefused?: (accountId: number) => Promise<boolean>,
    private readonly audit?: SignInRecorder,
  ) {
    this.throttle = new SignInThrottle(repos, clock);
  }

  /** A sign-in, or a wrong password for a member's e-mail, in the audit log (an unknown e-mail belongs to no account's log). */
  private async recordSignIn(member: { accountId: number; id: number; email: string; role: string }, sessionId: string | null, address: string): Promise<void> {
    await this.audit?.record(memberPrincipal(member, sessionId), {
      action: sessionId === null ? 'sign-in-failed' : 'sign-in', resource: 'sessions', resourceId: sessionId, fields: [],
      method: 'POST', route: '/v1/sessions', status: sessionId === null ? 401 : 200, address,
    });
  }

  async signIn(email: string, password: string, client: { address: string; userAgent: string }): Promise<NewSession> {
    const normalized = email.trim().toLowerCase();
    const key = this.throttle.key(normalized, client.address);
    await this.throttle.check(key);
    const found = await this.repos.members.findByEmail(normalized);
    const member = found?.status === 'active' && found.passwordHash !== null ? found : undefined;
    const valid = await verifyPassword(password, member?.passwordHash ?? UNKNOWN_ACCOUNT_HASH);
    if (member === undefined || !valid) {
      await this.throttle.failed(key);
      if (found !== undefined) await this.recordSignIn(found, null, client.address);
      throw new UnauthorizedError('The e-mail or the password is wrong.');
    }
    await this.throttle.succeeded(key);
    if (this.passwordRefused !== undefined && await this.passwordRefused(member.accountId)) {
      throw new ForbiddenError('This account signs in through its single sign-on provider only: use "Sign in with SSO".');
    }
    return this.open(member, client);
  }

  /**
   * A new console session for a member who proved who they are (a password, an invitation just accepted, the first
   * run's owner): recorded as a sign-in.
   */
  async open(member: { accountId: number; id: number; email: string; role: string }, client: { address: string; userAgent: string }): Promise<NewSession> {
    const session = await this.start(member, client);
    await this.recordSignIn(member, session.session.id, client.address);
    return session;
  }

  /** A session for a member another way has vouched for (single sign-on, which records its own sign-in): no password, no throttle. */
  async start(member: { id: number; accountId: number; email: string }, client: { address: string; userAgent: string }): Promise<NewSession> {
    const now = this.clock();
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    const token = crypto.randomBytes(32).toString('base64url');
    const csrfToken = crypto.randomBytes(32).toString('base64url');
    const row = {
      id: crypto.randomUUID(), accountId: member.accountId, memberId: member.id, tokenHash: sha256(token), csrfHash: sha256(csrfToken),
      userAgent: client.userAgent.slice(0, 300), address: client.address, createdAt: now.toISOString(), lastSeenAt: now.toISOString(), expiresAt: expiresAt.toISOString(),
    };
    await this.repos.sessions.insert(row);
    return { session: present({ ...row, revokedAt: null }, row.id), account: { id: member.accountId, email: member.email }, token, csrfToken, expiresAt };
  }

  /** The session a cookie's value names; revoked, expired or unknown is a 401. */
  async authenticate(token: string): Promise<SessionAuth> {
    const row = await this.repos.sessions.findByTokenHash(sha256(token));
    const now = this.clock();
    if (row === undefined) throw new UnauthorizedError('The session is not valid; sign in again.');
    if (row.revokedAt !== null) throw new UnauthorizedError('The session was signed out; sign in again.');
    if (Date.parse(row.expiresAt) <= now.getTime()) throw new UnauthorizedError('The session has expired; sign in again.');
    if (now.getTime() - Date.parse(row.lastSeenAt) > TOUCH_EVERY_MS) await this.repos.sessions.touch(row.id, now.toISOString());
    return { sessionId: row.id, accountId: row.accountId, memberId: row.memberId, csrfHash: row.csrfHash };
  }

  /** Whether a request's X-CSRF-Token is the one issued with this session. */
  csrfMatches(session: SessionAuth, given: string | undefined): boolean {
    return typeof given === 'string' && equalSecrets(sha256(given), session.csrfHash);
  }

  /** A member's own sessions; the account's own credential (a CLI token) sees every member's. */
  async list(accountId: number, memberId: number | null, currentId: string | null): Promise<SessionInfo[]> {
    const rows = await this.repos.sessions.listActive(accountId, isoNow(this.clock));
    return rows.filter((r) => memberId === null || r.memberId === memberId).map((r) => present(r, currentId));
  }

  async revoke(accountId: number, memberId: number | null, id: string): Promise<void> {
    const row = await this.repos.sessions.find(id);
    if (row === undefined || row.revokedAt !== null) throw new NotFoundError(`Session ${id} does not exist or is signed out already.`);
    if (row.accountId !== accountId) throw new ForbiddenError(`Session ${id} belongs to another account.`);
    if (memberId !== null && row.memberId !== memberId) throw new ForbiddenError(`Session ${id} is another member's.`);
    await this.repos.sessions.revoke(id, isoNow(this.clock));
  }

  /**
   * Changes the member's password (the account's own credential changes its first owner's, who signs in with the
   * account's e-mail); every other session of that member is signed out (the caller's own, if any, stays).
   */
  async changePassword(accountId: number, memberId: number | null, current: string, next: string, keepSessionId: string | null): Promise<void> {
    const account = await this.repos.accounts.find(accountId);
    if (account === undefined) throw new NotFoundError(`Account ${accountId} does not exist.`);
    const member = memberId !== null ? await this.repos.members.find(memberId) : await this.repos.members.findByEmail(account.email);
    if (member === undefined || member.accountId !== accountId || member.passwordHash === null) throw new NotFoundError('No member of this account signs in with a password here.');
    if (!(await verifyPassword(current, member.passwordHash))) throw new ForbiddenError('The current password is wrong.');
    if (next.length < 8) throw new UnprocessableError('The new password must be at least 8 characters long.');
    const hash = await hashPassword(next);
    const now = isoNow(this.clock);
    await this.repos.members.setPassword(member.id, hash, now);
    // The account row keeps its owner's credential too (what `parley account` reads).
    if (member.email === account.email) await this.repos.accounts.setPassword(accountId, hash);
    await this.repos.sessions.revokeOthers(accountId, member.id, keepSessionId, now);
  }
}
