// Single sign-on through an account's OpenID Connect provider: the authorization-code flow with PKCE, state and nonce
// (openid-client, a certified relying party), then the member found, linked or created, and a console session.
import * as oidc from 'openid-client';
import { fetch as undiciFetch } from 'undici';
import { ForbiddenError, NotFoundError, UnauthorizedError, UnprocessableError } from '../../errors.js';
import { AllowList, createGuardedDispatcher } from '../../net/index.js';
import type { SecretBox } from '../../security/index.js';
import type { Repositories } from '../../store/index.js';
import { isoNow, type Clock } from '../../time.js';
import type { NewSession, SessionService } from '../sessions.js';
import type { AuditService } from '../teams/audit.js';
import { memberPrincipal } from '../teams/principal.js';
import type { Role } from '../teams/roles.js';
import type { SsoSettings, SsoSettingsStore } from './settings.js';

/** How long a sign-in may take at the provider: the state cookie lapses after it. */
const PENDING_MS = 10 * 60_000;
const PROVIDER_TIMEOUT_MS = 10_000;

/** What the browser carries between the redirect to the provider and its return, sealed (so neither read nor forged). */
interface Pending { accountId: number; state: string; nonce: string; verifier: string; expiresAt: number }

export interface SsoStart { url: string; pending: string }
export interface SsoClient { address: string; userAgent: string }

export class SsoSignIn {
  private readonly dispatcher: ReturnType<typeof createGuardedDispatcher>;
  private readonly configs = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

  constructor(
    private readonly settings: SsoSettingsStore,
    private readonly repos: Repositories,
    private readonly sessions: SessionService,
    private readonly audit: AuditService,
    private readonly box: SecretBox,
    private readonly clock: Clock,
    private readonly options: { allowHosts: readonly string[]; allowHttpIssuers: boolean },
  ) {
    this.dispatcher = createGuardedDispatcher({ allowList: new AllowList(options.allowHosts), connectTimeoutMs: PROVIDER_TIMEOUT_MS });
  }

  /** The account whose provider signs this e-mail in: its member's, else the one account admitting its domain. */
  async accountFor(email: string): Promise<number> {
    const normalized = email.trim().toLowerCase();
    const member = await this.repos.members.findByEmail(normalized);
    if (member !== undefined && await this.settings.enabled(member.accountId) !== null) return member.accountId;
    if (member !== undefined) throw new NotFoundError('Single sign-on is not set up for this e-mail\'s account; sign in with the password.');
    const domain = normalized.split('@')[1] ?? '';
    const accounts = await this.settings.accountsForDomain(domain);
    if (accounts.length === 1) return accounts[0]!;
    if (accounts.length > 1) throw new UnprocessableError(`Several accounts admit ${domain}: ask an administrator to invite you first.`);
    throw new NotFoundError('No single sign-on admits this e-mail.');
  }

  /** Where to send the browser, and the sealed value to keep in a cookie until it comes back. */
  async start(accountId: number, redirectUri: string): Promise<SsoStart> {
    const settings = await this.required(accountId);
    const config = await this.configFor(settings);
    const verifier = oidc.randomPKCECodeVerifier();
    const pending: Pending = { accountId, state: oidc.randomState(), nonce: oidc.randomNonce(), verifier, expiresAt: this.clock().getTime() + PENDING_MS };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri, scope: 'openid email profile', response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256',
      state: pending.state, nonce: pending.nonce,
    });
    return { url: url.href, pending: this.box.seal(JSON.stringify(pending)) };
  }

  /** The provider's answer (the callback URL as requested) checked, the member found or made, a session started. */
  async finish(callbackUrl: URL, sealedPending: string | null, client: SsoClient): Promise<NewSession> {
    const pending = this.opened(sealedPending);
    const settings = await this.required(pending.accountId);
    const config = await this.configFor(settings);
    let claims: oidc.IDToken;
    try {
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: pending.verifier, expectedState: pending.state, expectedNonce: pending.nonce, idTokenExpected: true,
      });
      claims = tokens.claims()!;
    } catch (err) {
      throw new UnauthorizedError(`The provider's answer was refused: ${reasonOf(err)}`);
    }
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    if (email === '') throw new ForbiddenError('The provider did not give an e-mail address (ask for the "email" scope).');
    if (claims.email_verified === false) throw new ForbiddenError(`The provider says ${email} is not verified.`);
    const domain = email.split('@')[1] ?? '';
    if (!settings.allowedDomains.includes(domain)) throw new ForbiddenError(`${domain} is not a domain this account admits.`);

    const member = await this.memberFor(settings, email, claims);
    const session = await this.sessions.start(member, client);
    await this.audit.record(memberPrincipal(member, session.session.id), {
      action: 'sign-in', resource: 'sessions', resourceId: session.session.id, fields: ['sso'], method: 'GET', route: '/v1/sso/callback', status: 200,
      address: client.address,
    });
    return session;
  }

  /** The member this e-mail is: active, or invited and now active; created when the mapping gives a role. */
  private async memberFor(settings: SsoSettings, email: string, claims: oidc.IDToken): Promise<{ id: number; accountId: number; email: string; role: string }> {
    const now = isoNow(this.clock);
    const existing = await this.repos.members.findByEmail(email);
    if (existing !== undefined) {
      if (existing.accountId !== settings.accountId) throw new ForbiddenError(`${email} is a member of another account.`);
      if (existing.status === 'disabled') throw new ForbiddenError(`${email} is disabled in this account.`);
      if (existing.status === 'invited' && !await this.repos.members.activateWithoutPassword(existing.id, now)) {
        throw new ForbiddenError('The invitation is no longer pending.');
      }
      return existing;
    }
    const role = this.roleOf(settings, claims);
    if (role === null) throw new ForbiddenError(`No role for ${email}: the provider's "${settings.roleClaim ?? 'role'}" claim maps to none, and there is no default role.`);
    const id = await this.repos.members.insert({
      accountId: settings.accountId, email, role, status: 'active', passwordHash: null, inviteHash: null, inviteExpiresAt: null,
      invitedBy: null, createdAt: now, updatedAt: now,
    });
    return { id, accountId: settings.accountId, email, role };
  }

  /** The first of the claim's values (a string or a list) that the mapping names, else the default role. */
  private roleOf(settings: SsoSettings, claims: oidc.IDToken): Role | null {
    const raw = settings.roleClaim === null ? undefined : claims[settings.roleClaim];
    const values = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
    for (const value of values) {
      const role = settings.roleMap[String(value)];
      if (role !== undefined) return role;
    }
    return settings.defaultRole;
  }

  private opened(sealed: string | null): Pending {
    let pending: Pending;
    try {
      if (sealed === null) throw new Error('missing');
      pending = JSON.parse(this.box.open(sealed)) as Pending;
    } catch {
      throw new UnauthorizedError('This sign-in was not started here, or the browser lost its cookie: start again.');
    }
    if (pending.expiresAt < this.clock().getTime()) throw new UnauthorizedError('The sign-in took too long: start again.');
    return pending;
  }

  private async required(accountId: number): Promise<SsoSettings> {
    const settings = await this.settings.enabled(accountId);
    if (settings === null) throw new NotFoundError('Single sign-on is not enabled for this account.');
    return settings;
  }

  /** The provider's configuration (its discovery document), read through the outbound guard and kept 10 minutes. */
  private configFor(settings: SsoSettings): Promise<oidc.Configuration> {
    const key = `${settings.issuer}\n${settings.clientId}\n${settings.clientSecret}`;
    const cached = this.configs.get(key);
    if (cached !== undefined && this.clock().getTime() - cached.at < PENDING_MS) return cached.config;
    const config = oidc.discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, {
      ...(this.options.allowHttpIssuers ? { execute: [oidc.allowInsecureRequests] } : {}),
      timeout: PROVIDER_TIMEOUT_MS / 1000,
      [oidc.customFetch]: (url: string, init: oidc.CustomFetchOptions) => undiciFetch(url, { ...init, dispatcher: this.dispatcher } as Parameters<typeof undiciFetch>[1]) as unknown as Promise<Response>,
    });
    config.catch(() => this.configs.delete(key));
    this.configs.set(key, { at: this.clock().getTime(), config });
    return config.catch((err: unknown) => {
      throw new UnprocessableError(`The provider's discovery document at ${settings.issuer} could not be read: ${err instanceof Error ? err.message : String(err)}`);
    });
  }
}

/** openid-client says "invalid response encountered" and puts what was wrong (a state that does not match…) under it. */
function reasonOf(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error ? err.cause.message : typeof err.cause === 'string' ? err.cause : '';
  const detail = (err as { error_description?: unknown }).error_description;
  return [err.message, typeof detail === 'string' ? detail : '', cause].filter(Boolean).join(': ');
}
