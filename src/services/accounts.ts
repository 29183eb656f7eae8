// Creating accounts (the CLI, or the console's first run); the account's e-mail and password are its first owner member.
import type { Kysely } from 'kysely';
import { ConflictError, UnprocessableError } from '../errors.js';
import { hashPassword } from '../security/index.js';
import { repositories, type Database, type Repositories } from '../store/index.js';
import { isoNow, type Clock } from '../time.js';
import { EMAIL_PATTERN } from '../formats.js';

const EMAIL = new RegExp(EMAIL_PATTERN);

export class AccountService {
  constructor(private readonly repos: Repositories, private readonly clock: Clock, private readonly db: Kysely<Database>) {}

  /**
   * An account and its first owner. `first`: only as the server's very first account (the console's first run), which
   * the first_run row's single key guarantees even when two browsers try at once (409 for the second).
   */
  async create(email: string, password: string, options: { name?: string | null; first?: boolean } = {}): Promise<{ id: number; email: string; memberId: number }> {
    const normalized = email.trim().toLowerCase();
    if (!EMAIL.test(normalized)) throw new UnprocessableError(`"${email}" is not an e-mail address.`);
    if (password.length < 8) throw new UnprocessableError('The password must be at least 8 characters long.');
    if (await this.repos.accounts.findByEmail(normalized)) throw new ConflictError(`An account with e-mail ${normalized} already exists.`);
    if (await this.repos.members.findByEmail(normalized)) throw new ConflictError(`${normalized} is already a member of an account.`);
    const passwordHash = await hashPassword(password);
    const at = isoNow(this.clock);
    const taken = () => new ConflictError('The first account was made already: sign in with its owner\'s e-mail and password.');
    const { accountId, memberId } = await this.db.transaction().execute(async (trx) => {
      if (options.first === true && await this.anyAccount(trx)) throw taken();
      const repos = repositories(trx);
      const accountId = await repos.accounts.insert(normalized, passwordHash, at);
      const memberId = await repos.members.insert({
        accountId, email: normalized, role: 'owner', status: 'active', passwordHash, inviteHash: null, inviteExpiresAt: null,
        invitedBy: null, createdAt: at, updatedAt: at, name: options.name ?? null,
      });
      if (options.first === true) {
        await trx.insertInto('first_run').values({ id: 1, account_id: accountId, completed_at: at }).execute().catch((err: unknown) => {
          const code = (err as { code?: unknown } | null)?.code;
          throw code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE' ? taken() : err;
        });
      }
      return { accountId, memberId };
    });
    return { id: accountId, email: normalized, memberId };
  }

  /** Whether the server has any account yet (the console offers its first run while it has none). */
  async anyAccount(db: Kysely<Database> = this.db): Promise<boolean> {
    return (await db.selectFrom('accounts').select('id').limit(1).executeTakeFirst()) !== undefined;
  }

  async idByEmail(email: string): Promise<number | undefined> {
    return (await this.repos.accounts.findByEmail(email.trim().toLowerCase()))?.id;
  }
}
