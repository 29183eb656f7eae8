// The first run in a browser: while the server has no account, the console offers to make its owner, from this host, or
// from another with the setup code the server prints at start; never once an account exists.
import crypto from 'node:crypto';
import { ConflictError, ForbiddenError } from '../errors.js';
import type { Repositories } from '../store/index.js';
import type { Clock } from '../time.js';
import type { AccountService } from './accounts.js';
import type { NewSession, SessionService } from './sessions.js';
import { SignInThrottle } from './sign-in-throttle.js';
import type { AuditService } from './teams/audit.js';
import { memberPrincipal } from './teams/principal.js';
import { normalizedName } from './teams/members.js';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * The setup code: derived from the server's token-signing secret, so every process of a server prints the same one and a
 * restart does not change it; it opens nothing once the first account exists. 12 characters of 32 (60 bits), and each
 * wrong try counts against the client address like a failed sign-in.
 */
export function setupCode(secret: Uint8Array): string {
  const digest = crypto.createHmac('sha256', secret).update('parley first-run setup code').digest();
  let code = '';
  for (let i = 0; i < 12; i++) code += CODE_ALPHABET[digest[i]! % CODE_ALPHABET.length];
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
}

function sameCode(given: string, expected: string): boolean {
  const a = Buffer.from(given.toUpperCase().replace(/[^A-Z0-9]/g, ''));
  const b = Buffer.from(expected.replace(/-/g, ''));
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** Where a first-run request comes from: this host (a loopback address, no proxy in between) or another. */
export interface SetupClient { address: string; userAgent: string; local: boolean }

export class FirstRun {
  private readonly throttle: SignInThrottle;

  constructor(
    repos: Repositories,
    clock: Clock,
    private readonly accounts: AccountService,
    private readonly sessions: SessionService,
    private readonly audit: AuditService,
    private readonly code: string,
  ) {
    this.throttle = new SignInThrottle(repos, clock);
  }

  /** What the console's first page needs to know: whether to offer the first run, and whether it must ask for the code. */
  async state(client: Pick<SetupClient, 'local'>): Promise<{ needed: boolean; codeRequired: boolean }> {
    const needed = !(await this.accounts.anyAccount());
    return { needed, codeRequired: needed && !client.local };
  }

  /** The code to print at start while no account exists; null once one does. */
  async codeToPrint(): Promise<string | null> {
    return (await this.accounts.anyAccount()) ? null : this.code;
  }

  /** Makes the first account and its owner, and signs the owner in. */
  async complete(input: { email: string; password: string; name?: string | null; code?: string }, client: SetupClient): Promise<NewSession> {
    if (await this.accounts.anyAccount()) throw new ConflictError('The first account was made already: sign in with its owner\'s e-mail and password.');
    if (!client.local) {
      const key = this.throttle.key('first-run setup', client.address);
      await this.throttle.check(key);
      if (input.code === undefined || !sameCode(input.code, this.code)) {
        await this.throttle.failed(key);
        throw new ForbiddenError('From another host than the server\'s, the first run needs the setup code the server printed in its log at start ("setup code").');
      }
      await this.throttle.succeeded(key);
    }
    const name = normalizedName(input.name);
    const made = await this.accounts.create(input.email, input.password, { name, first: true });
    const owner = { accountId: made.id, id: made.memberId, email: made.email, role: 'owner' };
    await this.audit.record(memberPrincipal(owner, null), {
      action: 'create', resource: 'setup', resourceId: String(made.id), fields: ['email', 'password', ...(name === null ? [] : ['name'])],
      method: 'POST', route: '/v1/setup', status: 200, address: client.address,
    });
    return this.sessions.open(owner, client);
  }
}
