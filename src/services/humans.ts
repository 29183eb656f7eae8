// Humans (contacts): creation with normalized phone numbers, reading, and cursor-paginated listing.
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { BadRequestError, ownedBy, UnprocessableError } from '../errors.js';
import type { HumanFilter, HumanRow } from '../store/repositories/humans.js';
import type { Repositories } from '../store/repositories/index.js';
import { apiDate, isoNow, type Clock } from '../time.js';

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

/** E.164, accepting any possible number so test ranges (e.g. 555-01xx) are not refused. */
export function normalizePhone(raw: string): string {
  const parsed = parsePhoneNumberFromString(raw);
  if (parsed === undefined || !parsed.isPossible()) {
    throw new UnprocessableError(`phone "${raw}" is not a phone number in international format (E.164, e.g. +14155550123).`);
  }
  return parsed.number;
}

function encodeCursor(afterId: number): string {
  return Buffer.from(JSON.stringify({ after: afterId })).toString('base64url');
}

function decodeCursor(cursor: string): number {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { after?: unknown };
    if (typeof value.after === 'number' && Number.isSafeInteger(value.after) && value.after >= 0) return value.after;
  } catch { /* fall through to the error below */ }
  throw new BadRequestError('cursor is not a cursor this server returned; pass nextCursor from the previous page unchanged.');
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

  async list(accountId: number, filter: HumanFilter, limit: number, cursor?: string): Promise<HumanPage> {
    const afterId = cursor === undefined ? 0 : decodeCursor(cursor);
    const normalized: HumanFilter = {
      ...filter,
      ...(filter.phone !== undefined ? { phone: normalizePhone(filter.phone) } : {}),
      ...(filter.email !== undefined ? { email: filter.email.trim().toLowerCase() } : {}),
    };
    // One extra row tells whether another page exists without a second query.
    const rows = await this.repos.humans.page(accountId, normalized, afterId, limit + 1);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return { humans: page.map(presentHuman), nextCursor: rows.length > limit && last !== undefined ? encodeCursor(last.id) : null };
  }
}
