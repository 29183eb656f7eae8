// Creating accounts (the CLI is the only way in for now); the account's e-mail and password are its first owner member.
import type { Kysely } from 'kysely';
import { ConflictError, UnprocessableError } from '../errors.js';
import { hashPassword } from '../security/index.js';
import { repositories, type Database, type Repositories } from '../store/index.js';
import { isoNow, type Clock } from '../time.js';
import { EMAIL_PATTERN } from '../formats.js';

const EMAIL = new RegExp(EMAIL_PATTERN);

export class AccountService {
  constructor(private readonly repos: Repositories, private readonly clock: Clock, private readonly db: Kysely<Database>) {}

  async create(email: string, password: string): Promise<{ id: number; email: string }> {
    const normalized = email.trim().toLowerCase();
    if (!EMAIL.test(normalized)) throw new UnprocessableError(`"${email}" is not an e-mail address.`);
    if (password.length < 8) throw new UnprocessableError('The password must be at least 8 characters long.');
    if (await this.repos.accounts.findByEmail(normalized)) throw new ConflictError(`An account with e-mail ${normalized} already exists.`);
    if (await this.repos.members.findByEmail(normalized)) throw new ConflictError(`${normalized} is already a member of an account.`);
    const passwordHash = await hashPassword(password);
    const at = isoNow(this.clock);
    const id = await this.db.transaction().execute(async (trx) => {
      const repos = repositories(trx);
      const accountId = await repos.accounts.insert(normalized, passwordHash, at);
      await repos.members.insert({
        accountId, email: normalized, role: 'owner', status: 'active', passwordHash, inviteHash: null, inviteExpiresAt: null,
        invitedBy: null, createdAt: at, updatedAt: at,
      });
      return accountId;
    });
    return { id, email: normalized };
  }

  async idByEmail(email: string): Promise<number | undefined> {
    return (await this.repos.accounts.findByEmail(email.trim().toLowerCase()))?.id;
  }
}
