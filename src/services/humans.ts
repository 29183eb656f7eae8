// Humans (contacts): creation with normalized phone numbers, reading, and cursor-paginated listing.
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { ownedBy, UnprocessableError } from '../errors.js';
import { decodeCursor, pageOf } from './cursor.js';
import type { HumanFilter, HumanRow, Repositories } from '../store/index.js';
import { apiDate, isoNow, type Clock } from '../time.js';
import { PHONE_PATTERN } from '../formats.js';

export interface Human {
  id: number;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  email: string | null;
  tags: string[];
  dateCreated: string;
}

export interface HumanInput {
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
  email?: string | null;
  tags?: string[];
}

export interface HumanPage { humans: Human[]; nextCursor: string | null }

export function presentHuman(row: HumanRow): Human {
  return {
    id: row.id, firstName: row.firstName, lastName: row.lastName, phone: row.phone, email: row.email,
    tags: row.tags, dateCreated: apiDate(row.createdAt),
  };
}

const PHONE = new RegExp(PHONE_PATTERN);

/** E.164, accepting any possible number so test ranges (e.g. 555-01xx) are not refused. */
export function normalizePhone(raw: string): string {
  const parsed = PHONE.test(raw) ? parsePhoneNumberFromString(raw) : undefined;
  if (parsed === undefined || !parsed.isPossible()) {
    throw new UnprocessableError(`phone "${raw}" is not a phone number in international format (E.164, e.g. +14155550123).`);
  }
  return parsed.number;
}

export class HumanService {
  constructor(private readonly repos: Repositories, private readonly clock: Clock) {}

  async create(accountId: number, input: HumanInput): Promise<Human> {
    const row = await this.repos.humans.insert(accountId, {
      firstName: input.firstName ?? null,
      lastName: input.lastName ?? null,
      phone: input.phone == null ? null : normalizePhone(input.phone),
      email: input.email == null ? null : input.email.trim().toLowerCase(),
      tags: [...new Set(input.tags ?? [])],
    }, isoNow(this.clock));
    return presentHuman(row);
  }

  async get(accountId: number, id: number): Promise<Human> {
    return presentHuman(ownedBy(await this.repos.humans.find(id), accountId, 'Human', id));
  }

  /** Replaces the fields given; `tags` replaces the whole list. */
  async update(accountId: number, id: number, input: HumanInput): Promise<Human> {
    ownedBy(await this.repos.humans.find(id), accountId, 'Human', id);
    await this.repos.humans.update(id, {
      ...(input.firstName !== undefined ? { firstName: input.firstName } : {}),
      ...(input.lastName !== undefined ? { lastName: input.lastName } : {}),
      ...(input.phone !== undefined ? { phone: input.phone === null ? null : normalizePhone(input.phone) } : {}),
      ...(input.email !== undefined ? { email: input.email === null ? null : input.email.trim().toLowerCase() } : {}),
      ...(input.tags !== undefined ? { tags: [...new Set(input.tags)] } : {}),
    }, isoNow(this.clock));
    return this.get(accountId, id);
  }

  /** Deletes the human with their conversations, history, subscriptions, identities and human-scope attributes. */
  async delete(accountId: number, id: number): Promise<void> {
    ownedBy(await this.repos.humans.find(id), accountId, 'Human', id);
    await this.repos.humans.delete(id);
  }

  /** Links two humans of the account: they then share the `shared` attribute scope. */
  async link(accountId: number, id: number, otherId: number): Promise<{ humanId: number; linkedHumanIds: number[] }> {
    ownedBy(await this.repos.humans.find(id), accountId, 'Human', id);
    const other = await this.repos.humans.find(otherId);
    if (other === undefined) throw new UnprocessableError(`humanId ${otherId} is not a human of this account.`);
    ownedBy(other, accountId, 'Human', otherId);
    if (otherId !== id) await this.repos.humanLinks.link(id, otherId, isoNow(this.clock));
    return this.links(accountId, id);
  }

  async unlink(accountId: number, id: number): Promise<{ humanId: number; linkedHumanIds: number[] }> {
    ownedBy(await this.repos.humans.find(id), accountId, 'Human', id);
    await this.repos.humanLinks.unlink(id, isoNow(this.clock));
    return { humanId: id, linkedHumanIds: [] };
  }

  async links(accountId: number, id: number): Promise<{ humanId: number; linkedHumanIds: number[] }> {
    ownedBy(await this.repos.humans.find(id), accountId, 'Human', id);
    return { humanId: id, linkedHumanIds: await this.repos.humanLinks.linkedTo(id) };
  }

  async list(accountId: number, filter: HumanFilter, limit: number, cursor?: string): Promise<HumanPage> {
    const afterId = decodeCursor(cursor);
    const normalized: HumanFilter = {
      ...filter,
      ...(filter.phone !== undefined ? { phone: normalizePhone(filter.phone) } : {}),
      ...(filter.email !== undefined ? { email: filter.email.trim().toLowerCase() } : {}),
    };
    // One extra row tells whether another page exists without a second query.
    const rows = await this.repos.humans.page(accountId, normalized, afterId, limit + 1);
    const { items, nextCursor } = pageOf(rows, limit, presentHuman);
    return { humans: items, nextCursor };
  }
}
