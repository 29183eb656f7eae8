// Creating accounts (the CLI is the only way in for now).
import { ConflictError, UnprocessableError } from '../errors.js';
import { hashPassword } from '../security/index.js';
import type { Repositories } from '../store/index.js';
import { isoNow, type Clock } from '../time.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export class AccountService {
  constructor(private readonly repos: Repositories, private readonly clock: Clock) {}

  async create(email: string, password: string): Promise<{ id: number; email: string }> {
    const normalized = email.trim().toLowerCase();
    if (!EMAIL.test(normalized)) throw new UnprocessableError(`"${email}" is not an e-mail address.`);
    if (password.length < 8) throw new UnprocessableError('The password must be at least 8 characters long.');
    if (await this.repos.accounts.findByEmail(normalized)) throw new ConflictError(`An account with e-mail ${normalized} already exists.`);
    const id = await this.repos.accounts.insert(normalized, await hashPassword(password), isoNow(this.clock));
    return { id, email: normalized };
  }

  async idByEmail(email: string): Promise<number | undefined> {
    return (await this.repos.accounts.findByEmail(email.trim().toLowerCase()))?.id;
  }
}
