// An account's single sign-on settings: the OpenID Connect provider, its client (the secret sealed), who may sign in
// (e-mail domains) and with which role (a claim mapped to Parley's roles).
import type { Kysely } from 'kysely';
import { UnprocessableError } from '../../errors.js';
import { DOMAIN_PATTERN } from '../../formats.js';
import type { SecretBox } from '../../security/index.js';
import type { Database } from '../../store/index.js';
import { apiDate, isoNow, type Clock } from '../../time.js';
import { isRole, type Role } from '../teams/roles.js';

export interface SsoSettingsInput {
  enabled: boolean;
  issuer: string;
  clientId: string;
  /** Omitted on an update: the stored one is kept. */
  clientSecret?: string;
  allowedDomains: string[];
  roleClaim?: string | null;
  roleMap?: Record<string, string>;
  defaultRole?: string | null;
  passwordSignIn: boolean;
}

/** What the API shows: never the secret, only whether there is one. */
export interface SsoSettingsView {
  enabled: boolean;
  issuer: string;
  clientId: string;
  clientSecretSet: boolean;
  allowedDomains: string[];
  roleClaim: string | null;
  roleMap: Record<string, Role>;
  defaultRole: Role | null;
  passwordSignIn: boolean;
  dateUpdated: string;
}

/** The settings as the sign-in needs them, the secret opened. */
export interface SsoSettings extends Omit<SsoSettingsView, 'clientSecretSet' | 'dateUpdated'> {
  accountId: number;
  clientSecret: string;
}

const DOMAIN = new RegExp(DOMAIN_PATTERN);

export class SsoSettingsStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly box: SecretBox,
    private readonly clock: Clock,
    /** Issuers on plain http (a provider in a test, on loopback): SSO_ALLOW_HTTP_ISSUERS. */
    private readonly allowHttpIssuers: boolean,
  ) {}

  async view(accountId: number): Promise<SsoSettingsView | null> {
    const row = await this.db.selectFrom('account_sso').selectAll().where('account_id', '=', accountId).executeTakeFirst();
    if (row === undefined) return null;
    return {
      enabled: row.enabled === 1, issuer: row.issuer, clientId: row.client_id, clientSecretSet: row.client_secret_sealed !== '',
      allowedDomains: JSON.parse(row.allowed_domains) as string[], roleClaim: row.role_claim,
      roleMap: JSON.parse(row.role_map) as Record<string, Role>, defaultRole: row.default_role !== null && isRole(row.default_role) ? row.default_role : null,
      passwordSignIn: row.password_sign_in === 1, dateUpdated: apiDate(row.updated_at),
    };
  }

  /** The enabled settings of an account, secret opened; null when it has none or they are off. */
  async enabled(accountId: number): Promise<SsoSettings | null> {
    const row = await this.db.selectFrom('account_sso').selectAll().where('account_id', '=', accountId).where('enabled', '=', 1).executeTakeFirst();
    if (row === undefined) return null;
    const view = (await this.view(accountId))!;
    return { ...view, accountId, clientSecret: this.box.open(row.client_secret_sealed) };
  }

  /** Accounts whose enabled settings admit this e-mail domain. */
  async accountsForDomain(domain: string): Promise<number[]> {
    const rows = await this.db.selectFrom('account_sso').select(['account_id', 'allowed_domains']).where('enabled', '=', 1).execute();
    return rows.filter((r) => (JSON.parse(r.allowed_domains) as string[]).includes(domain)).map((r) => r.account_id);
  }

  async passwordsRefused(accountId: number): Promise<boolean> {
    const row = await this.db.selectFrom('account_sso').select('password_sign_in').where('account_id', '=', accountId).where('enabled', '=', 1).executeTakeFirst();
    return row !== undefined && row.password_sign_in === 0;
  }

  async put(accountId: number, input: SsoSettingsInput): Promise<SsoSettingsView> {
    const existing = await this.db.selectFrom('account_sso').select('client_secret_sealed').where('account_id', '=', accountId).executeTakeFirst();
    const issuer = this.checkedIssuer(input.issuer);
    const domains = [...new Set(input.allowedDomains.map((d) => d.toLowerCase()))];
    const bad = domains.find((d) => d.length > 253 || !DOMAIN.test(d));
    if (bad !== undefined) throw new UnprocessableError(`allowedDomains: "${bad}" is not a domain name.`);
    if (input.enabled && domains.length === 0) throw new UnprocessableError('allowedDomains: name at least one e-mail domain whose people may sign in.');
    const roleMap = input.roleMap ?? {};
    for (const [value, role] of Object.entries(roleMap)) {
      if (!isRole(role)) throw new UnprocessableError(`roleMap: "${value}" maps to "${role}", which is not a role.`);
    }
    if (input.defaultRole != null && !isRole(input.defaultRole)) throw new UnprocessableError(`defaultRole "${input.defaultRole}" is not a role.`);
    if (Object.keys(roleMap).length > 0 && !input.roleClaim) throw new UnprocessableError('roleClaim: name the claim whose values roleMap maps.');
    const sealed = input.clientSecret !== undefined ? this.box.seal(input.clientSecret) : existing?.client_secret_sealed;
    if (sealed === undefined) throw new UnprocessableError('clientSecret is required the first time.');
    const values = {
      enabled: input.enabled ? 1 : 0, issuer, client_id: input.clientId, client_secret_sealed: sealed, allowed_domains: JSON.stringify(domains),
      role_claim: input.roleClaim ?? null, role_map: JSON.stringify(roleMap), default_role: input.defaultRole ?? null,
      password_sign_in: input.passwordSignIn ? 1 : 0, updated_at: isoNow(this.clock),
    };
    if (existing === undefined) await this.db.insertInto('account_sso').values({ account_id: accountId, ...values }).execute();
    else await this.db.updateTable('account_sso').set(values).where('account_id', '=', accountId).execute();
    return (await this.view(accountId))!;
  }

  async remove(accountId: number): Promise<void> {
    await this.db.deleteFrom('account_sso').where('account_id', '=', accountId).execute();
  }

  private checkedIssuer(raw: string): string {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new UnprocessableError(`issuer "${raw.slice(0, 200)}" is not an absolute URL.`);
    }
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && this.allowHttpIssuers)) {
      throw new UnprocessableError('issuer must be an https: URL (the provider\'s discovery document is read from it).');
    }
    return raw.replace(/\/$/, '');
  }
}
