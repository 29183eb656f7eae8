// Canned replies: an account's ready texts, by title, that its people put in a reply and change before sending.
import { ConflictError, ownedBy, UnprocessableError } from '../errors.js';
import { isUniqueViolation, type CannedReplyRepository, type CannedReplyRow } from '../store/index.js';
import { apiDate, isoNow, type Clock } from '../time.js';

export interface CannedReply {
  id: number;
  title: string;
  text: string;
  dateCreated: string;
  dateUpdated: string;
}

const present = (r: CannedReplyRow): CannedReply => ({ id: r.id, title: r.title, text: r.text, dateCreated: apiDate(r.createdAt), dateUpdated: apiDate(r.updatedAt) });

/** `write`, with the unique index's refusal of a title (PostgreSQL 23505, SQLite's constraint) as a 409. */
async function titled<T>(title: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw new ConflictError(`A canned reply titled "${title}" exists already.`);
    throw err;
  }
}

export class CannedReplyService {
  constructor(private readonly repo: CannedReplyRepository, private readonly clock: Clock) {}

  async list(accountId: number): Promise<CannedReply[]> {
    return (await this.repo.list(accountId)).map(present);
  }

  async create(accountId: number, input: { title: string; text: string }): Promise<CannedReply> {
    const { title, text } = this.checked(input);
    if (await this.repo.findByTitle(accountId, title)) throw new ConflictError(`A canned reply titled "${title}" exists already.`);
    // Two requests with one title at once: the unique index refuses the second, a 409 like the check above.
    return present(await titled(title, () => this.repo.insert(accountId, title, text, isoNow(this.clock))));
  }

  async update(accountId: number, id: number, input: { title: string; text: string }): Promise<CannedReply> {
    ownedBy(await this.repo.find(id), accountId, 'Canned reply', id);
    const { title, text } = this.checked(input);
    const other = await this.repo.findByTitle(accountId, title);
    if (other !== undefined && other.id !== id) throw new ConflictError(`A canned reply titled "${title}" exists already.`);
    return present(await titled(title, () => this.repo.update(id, title, text, isoNow(this.clock))));
  }

  async delete(accountId: number, id: number): Promise<void> {
    ownedBy(await this.repo.find(id), accountId, 'Canned reply', id);
    await this.repo.delete(id);
  }

  async find(accountId: number, id: number): Promise<CannedReply> {
    return present(ownedBy(await this.repo.find(id), accountId, 'Canned reply', id));
  }

  private checked(input: { title: string; text: string }): { title: string; text: string } {
    const title = input.title.trim();
    if (title === '') throw new UnprocessableError('title: a canned reply needs a title.');
    if (input.text.trim() === '') throw new UnprocessableError('text: a canned reply needs a text.');
    return { title, text: input.text };
  }
}
