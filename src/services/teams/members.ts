// Members of an account: invitations by e-mail, acceptance with a password, role changes and removal; an account keeps an owner.
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DeliveryOutcome, Mailer } from '../../channels/index.js';
import type { OutboundEmail } from '../../engine/index.js';
import { ConflictError, ForbiddenError, NotFoundError, ownedBy, UnprocessableError } from '../../errors.js';
import { hashPassword, verifyPassword } from '../../security/index.js';
import { isUniqueViolation, repositories, type Database, type Dialect, type MemberRow, type Repositories } from '../../store/index.js';
import { apiDate, type Clock } from '../../time.js';
import type { NewToken, TokenService } from '../tokens.js';
import { memberPrincipal, type Principal } from './principal.js';
import { isRole, rank, type Role } from './roles.js';
import { EMAIL_PATTERN } from '../../formats.js';

/** How long an invitation link stays good. */
export const INVITATION_DAYS = 7;
const EMAIL = new RegExp(EMAIL_PATTERN);
export const MIN_PASSWORD = 8;
/** How long an invitation waits for the mail server before answering without it. */
const MAIL_WAIT_MS = 10_000;

export interface MemberView {
  id: number;
  email: string;
  /** The name shown to visitors beside the member's replies and in the audit log; null: none given (the e-mail stands for it). */
  name: string | null;
  role: Role;
  status: 'invited' | 'active' | 'disabled';
  dateCreated: string;
  invitedBy: number | null;
  /** While invited: when the invitation lapses. */
  inviteExpiresAt: string | null;
}

export interface Invitation {
  member: MemberView;
  /** The link to accept with; also mailed, and returned for servers without mail. */
  inviteUrl: string;
  emailSent: boolean;
  /** Why the e-mail was not sent, when it was not. */
  emailError: string | null;
}

export interface Accepted {
  member: MemberView;
  /** Null when the page signs the member in instead. */
  token: NewToken | null;
  /** The new member, who made this change (for the audit log). */
  principal: Principal;
}

function view(m: MemberRow): MemberView {
  return {
    id: m.id, email: m.email, name: m.name ?? null, role: isRole(m.role) ? m.role : 'viewer', status: m.status, dateCreated: apiDate(m.createdAt),
    invitedBy: m.invitedBy, inviteExpiresAt: m.inviteExpiresAt === null ? null : apiDate(m.inviteExpiresAt),
  };
}

function sha256(text: string): string {
  return crypto.createHash('sha256').update(text).digest('hex');
}

/** A member's display name: trimmed, one line, 1 to 100 characters; empty clears it. */
export function normalizedName(name: string | null | undefined): string | null {
  if (name === null || name === undefined) return null;
  const trimmed = name.replace(/\s+/g, ' ').trim();
  if (trimmed.length > 100) throw new UnprocessableError('name: at most 100 characters.');
  return trimmed === '' ? null : trimmed;
}

function normalizedEmail(email: string): string {
  const normalized = email.trim().toLowerCase();
  if (!EMAIL.test(normalized)) throw new UnprocessableError(`"${email}" is not an e-mail address.`);
  return normalized;
}

export class MemberService {
  private readonly repos: Repositories;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly tokens: TokenService,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
  ) {
    this.repos = repositories(db);
  }

  async list(accountId: number): Promise<MemberView[]> {
    return (await this.repos.members.list(accountId)).map(view);
  }

  async get(accountId: number, id: number): Promise<MemberView> {
    return view(ownedBy(await this.repos.members.find(id), accountId, 'Member', id));
  }

  /** The member with this e-mail, active or invited. */
  async byEmail(accountId: number, email: string): Promise<MemberView> {
    const row = await this.repos.members.findByEmail(email.trim().toLowerCase());
    if (row === undefined || row.accountId !== accountId) throw new NotFoundError(`No member of this account has the e-mail ${email}.`);
    return view(row);
  }

  /**
   * Invites `email` with `role`: mailed a link when SMTP is configured, and the link returned either way. Inviting an
   * address already invited to this account sends a fresh invitation; one that belongs to a member anywhere is a 409.
   */
  async invite(by: Principal, request: { email: string; role: string; name?: string | null }, baseUrl: string): Promise<Invitation> {
    const email = normalizedEmail(request.email);
    const name = normalizedName(request.name);
    const role = this.grantableRole(by, request.role);
    const secret = crypto.randomBytes(24).toString('base64url');
    const now = this.clock();
    const at = now.toISOString();
    const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 86_400_000).toISOString();
    const member = await this.db.transaction().execute(async (trx) => {
      const repos = repositories(trx);
      const existing = await repos.members.findByEmail(email);
      const taken = () => new ConflictError(`${email} is already a member${existing?.accountId === by.accountId ? ' of this account' : ' of an account'}.`);
      if (existing !== undefined) {
        if (existing.accountId !== by.accountId || existing.status === 'active') throw taken();
        if (isRole(existing.role) && rank(existing.role) > rank(by.role)) throw new ForbiddenError(`A ${by.role} cannot replace an invitation as ${existing.role}.`);
        await repos.members.delete(existing.id);
      }
      const id = await repos.members.insert({
        accountId: by.accountId, email, role, status: 'invited', passwordHash: null, inviteHash: sha256(secret), inviteExpiresAt: expiresAt,
        invitedBy: by.memberId, createdAt: at, updatedAt: at, name,
      }).catch((err: unknown) => {
        // The same address invited at the same moment by someone else: the unique e-mail decides.
        throw isUniqueViolation(err) ? taken() : err;
      });
      return (await repos.members.find(id))!;
    });
    const inviteUrl = `${baseUrl.replace(/\/+$/, '')}/invitations/${secret}`;
    const outcome = await this.mail({
      kind: 'email', to: [email], cc: [], bcc: [], isHtml: false,
      subject: 'You are invited to a Parley account',
      text: [
        `${by.email ?? 'The account owner'} invites you to join their Parley account as ${role}.`,
        '', `Choose your password here: ${inviteUrl}`, '',
        `The link works once, until ${apiDate(expiresAt)} UTC. If you did not expect it, ignore this e-mail.`,
      ].join('\n'),
    });
    return { member: view(member), inviteUrl, emailSent: outcome.kind === 'sent', emailError: outcome.kind === 'sent' ? null : outcome.reason };
  }

  /** Sends, but answers within MAIL_WAIT_MS: an unreachable mail server must not hold the request for minutes. */
  private async mail(email: OutboundEmail): Promise<DeliveryOutcome> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<DeliveryOutcome>((resolve) => {
      timer = setTimeout(() => resolve({ kind: 'failed', reason: `the mail server did not answer within ${MAIL_WAIT_MS / 1000} s (the e-mail may still go out)` }), MAIL_WAIT_MS);
    });
    try {
      return await Promise.race([this.mailer.send(email), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** What an invitation is for, to show before it is accepted; an unknown or lapsed one is a 404. */
  async invitation(secret: string): Promise<{ email: string; role: Role; expiresAt: string }> {
    const member = await this.pending(this.repos, secret);
    return { email: member.email, role: view(member).role, expiresAt: apiDate(member.inviteExpiresAt!) };
  }

  /**
   * Accepts an invitation with a password (and the name to be shown, if given): the member becomes active and gets a
   * first API token of their role, or none when `withToken` is false (the invitation page signs them in instead).
   */
  async accept(secret: string, password: string, name?: string | null, withToken = true): Promise<Accepted> {
    if (password.length < MIN_PASSWORD) throw new UnprocessableError(`The password must be at least ${MIN_PASSWORD} characters long.`);
    const named = normalizedName(name);
    const passwordHash = await hashPassword(password);
    const member = await this.db.transaction().execute(async (trx) => {
      const repos = repositories(trx);
      const pending = await this.pending(repos, secret);
      // Two acceptances at once: the second finds it accepted.
      if (!await repos.members.activate(pending.id, passwordHash, this.clock().toISOString())) throw this.gone();
      if (named !== null) await repos.members.setName(pending.id, named, this.clock().toISOString());
      return (await repos.members.find(pending.id))!;
    });
    const principal = memberPrincipal(member, null);
    const token = withToken ? await this.tokens.create(principal, { name: 'first token (invitation)' }) : null;
    return { member: view(member), token, principal };
  }

  /** Renames a member: oneself (PATCH /v1/me), or another by someone who may change members (PATCH /v1/members/{id}). */
  async rename(by: Principal, id: number, name: string | null): Promise<MemberView> {
    const named = normalizedName(name);
    if (id !== by.memberId) {
      const { member } = await this.lockedChange(by, id, async (repos) => {
        await repos.members.setName(id, named, this.clock().toISOString());
        return [];
      });
      return member;
    }
    await this.repos.members.setName(id, named, this.clock().toISOString());
    return view((await this.repos.members.find(id))!);
  }

  /** Changes a member's role; the last owner keeps theirs (409), and their tokens narrow to what the new role allows. */
  async changeRole(by: Principal, id: number, newRole: string): Promise<MemberView> {
    const role = this.grantableRole(by, newRole);
    const { member, narrowed } = await this.lockedChange(by, id, async (repos, target) => {
      if (target.role === 'owner' && role !== 'owner' && target.status === 'active' && await repos.members.countActiveOwners(by.accountId) <= 1) {
        throw new ConflictError('The account\'s last owner cannot be demoted: make another member owner first.');
      }
      await repos.members.setRole(id, role, this.clock().toISOString());
      return this.tokens.narrowMemberTokens(id, role, repos);
    });
    await this.tokens.changed(narrowed);
    return member;
  }

  /**
   * Disables a member (no sign-in by password or single sign-on, console sessions end at their next request, API tokens
   * revoked) or enables a disabled one again (they sign in anew; revoked tokens stay revoked). Nobody disables
   * themselves, and the last active owner stays (409); an invitation not yet taken up is removed instead (409).
   */
  async setStatus(by: Principal, id: number, status: 'active' | 'disabled'): Promise<MemberView> {
    const { member, narrowed: revoked } = await this.lockedChange(by, id, async (repos, target) => {
      if (target.status === 'invited') throw new ConflictError(`${target.email} has not joined yet: remove the invitation instead.`);
      if (status === target.status) return [];
      if (status === 'disabled') {
        if (id === by.memberId) throw new ConflictError('A member cannot disable themselves: another member who may change members can.');
        if (target.role === 'owner' && await repos.members.countActiveOwners(by.accountId) <= 1) {
          throw new ConflictError('The account\'s last active owner cannot be disabled: make another member owner first.');
        }
      }
      await repos.members.setStatus(id, status, this.clock().toISOString());
      return status === 'disabled' ? this.tokens.revokeMemberTokens(id, repos) : [];
    });
    await this.tokens.changed(revoked);
    return member;
  }

  /** Removes a member and revokes their tokens; the last owner cannot leave (409). */
  async remove(by: Principal, id: number): Promise<MemberView> {
    const { member, narrowed: revoked } = await this.lockedChange(by, id, async (repos, target) => {
      if (target.role === 'owner' && target.status === 'active' && await repos.members.countActiveOwners(by.accountId) <= 1) {
        throw new ConflictError('The account\'s last owner cannot leave: make another member owner first.');
      }
      const jtis = await this.tokens.revokeMemberTokens(id, repos);
      await repos.members.delete(id);
      return jtis;
    });
    await this.tokens.changed(revoked);
    return member;
  }

  /** The member an e-mail and password sign in as, or null (for console sessions). */
  async verifyCredentials(email: string, password: string): Promise<Principal | null> {
    const member = await this.repos.members.findByEmail(email.trim().toLowerCase());
    if (member?.status !== 'active' || member.passwordHash === null) return null;
    return await verifyPassword(password, member.passwordHash) ? memberPrincipal(member, null) : null;
  }

  /**
   * The principal of a member's console session, read afresh (a role changed since sign-in counts at once);
   * null when the member left or is not active.
   */
  async sessionPrincipal(memberId: number, sessionId: string): Promise<Principal | null> {
    const member = await this.repos.members.find(memberId);
    return member?.status === 'active' ? memberPrincipal(member, sessionId) : null;
  }

  private async pending(repos: Repositories, secret: string): Promise<MemberRow> {
    const member = await repos.members.findByInvite(sha256(secret));
    if (member?.status !== 'invited' || member.inviteExpiresAt === null || member.inviteExpiresAt <= this.clock().toISOString()) {
      throw this.gone();
    }
    return member;
  }

  private gone(): NotFoundError {
    return new NotFoundError('This invitation does not exist, was already used or has lapsed; ask for a new one.');
  }

  /** A role `by` may hand out: none above their own (an admin makes no owners). */
  private grantableRole(by: Principal, text: string): Role {
    if (!isRole(text)) throw new UnprocessableError(`Unknown role "${text}": one of owner, admin, developer, agent, viewer.`);
    if (rank(text) > rank(by.role)) throw new ForbiddenError(`A ${by.role} cannot give the ${text} role.`);
    return text;
  }

  /**
   * Runs a change to member `id` in a transaction that holds the account (PostgreSQL: its row locked), so two changes
   * cannot each leave the other as the last owner. A member who outranks `by` is out of reach (403).
   */
  private async lockedChange(by: Principal, id: number, change: (repos: Repositories, target: MemberRow) => Promise<string[]>): Promise<{ member: MemberView; narrowed: string[] }> {
    return this.db.transaction().execute(async (trx) => {
      if (this.dialect === 'postgres') await sql`SELECT id FROM accounts WHERE id = ${by.accountId} FOR UPDATE`.execute(trx);
      const repos = repositories(trx);
      const target = ownedBy(await repos.members.find(id), by.accountId, 'Member', id);
      if (isRole(target.role) && rank(target.role) > rank(by.role)) throw new ForbiddenError(`A ${by.role} cannot change an ${target.role}.`);
      const narrowed = await change(repos, target);
      const after = await repos.members.find(id);
      return { member: view(after ?? target), narrowed };
    });
  }
}
