// Bots: creating them and reading the current revision's definition.
import { ForbiddenError, ownedBy, UnprocessableError } from '../errors.js';
import type { BotRow } from '../store/repositories/bots.js';
import type { Repositories } from '../store/repositories/index.js';
import { apiDate, isoNow, type Clock } from '../time.js';

export interface Bot {
  id: number;
  name: string;
  interactions: unknown[];
  dateCreated: string;
  currentRevision: number;
  latestRevision: number;
}

export class BotService {
  constructor(private readonly repos: Repositories, private readonly clock: Clock) {}

  async create(accountId: number, name: string): Promise<Bot> {
    const definition = { name, interactions: [] };
    const row = await this.repos.bots.insert(accountId, name, JSON.stringify(definition), isoNow(this.clock));
    return this.present(row, definition);
  }

  async get(accountId: number, id: number): Promise<Bot> {
    const row = ownedBy(await this.repos.bots.find(id), accountId, 'Bot', id);
    const stored = await this.repos.bots.revision(row.id, row.currentRevision);
    return this.present(row, stored === undefined ? {} : (JSON.parse(stored) as Record<string, unknown>));
  }

  async list(accountId: number): Promise<Bot[]> {
    const rows = await this.repos.bots.list(accountId);
    return Promise.all(rows.map((r) => this.get(accountId, r.id)));
  }

  /** A botId given in a request body: unknown is unprocessable (422), another account's is 403. */
  async requireUsable(accountId: number, botId: number): Promise<void> {
    const row = await this.repos.bots.find(botId);
    if (row === undefined) throw new UnprocessableError(`botId ${botId} does not name a bot of this account.`);
    if (row.accountId !== accountId) throw new ForbiddenError(`Bot ${botId} belongs to another account.`);
  }

  private present(row: BotRow, definition: Record<string, unknown>): Bot {
    const interactions = Array.isArray(definition.interactions) ? definition.interactions : [];
    return {
      id: row.id, name: row.name, interactions, dateCreated: apiDate(row.createdAt),
      currentRevision: row.currentRevision, latestRevision: row.latestRevision,
    };
  }
}
