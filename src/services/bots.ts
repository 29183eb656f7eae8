// Bots: definitions in either format, numbered revisions, publishing, validation and deletion rules.
import {
  ConflictError, ForbiddenError, NotFoundError, ownedBy, UnprocessableError, type ProblemDetail,
} from '../errors.js';
import type { BotRow, Repositories } from '../store/index.js';
import type { CachedRecords } from './cached-records.js';
import { catchAllWarning } from './bot-warnings.js';
import { apiDate, isoNow, type Clock } from '../time.js';
import {
  describeProblems, includedBotNames, loadIncludedBots, validateDefinition, type DefinitionFormat,
} from '../engine/index.js';

/** A bot as the API shows it: the current revision's definition plus the bot's own fields. */
export type Bot = Record<string, unknown> & {
  id: number;
  name: string;
  dateCreated: string;
  currentRevision: number;
  latestRevision: number;
};

export interface RevisionInfo { revision: number; dateCreated: string; current: boolean }

export interface ValidationReport {
  valid: boolean;
  /** The format the definition is written in; null when it is neither. */
  format: DefinitionFormat | null;
  problems: ProblemDetail[];
  /** What does not stop it from being saved but would surprise its users (no catch-all); only for a valid definition. */
  warnings: ProblemDetail[];
}

/** Fields the API adds when it shows a bot; a definition sent back with them is stored without them. */
const SERVER_FIELDS = ['id', 'dateCreated', 'currentRevision', 'latestRevision'];

function definitionName(definition: unknown): string {
  const name = (definition as { name?: unknown }).name;
  return typeof name === 'string' ? name : '';
}

/** The definition as stored: what the author wrote, minus the server fields (they would go stale). */
function storable(definition: unknown): string {
  const copy: Record<string, unknown> = { ...(definition as Record<string, unknown>) };
  for (const key of SERVER_FIELDS) delete copy[key];
  return JSON.stringify(copy);
}

export class BotService {
  constructor(
    private readonly repos: Repositories,
    private readonly clock: Clock,
    private readonly records: Pick<CachedRecords, 'bot' | 'changedBot'>,
    /** Told of each revision that becomes current, so its recognizer is trained before the first human writes. */
    private readonly published: (botId: number, revision: number) => void = () => undefined,
  ) {}

  /** The bots `definition` includes, followed transitively, each the account's bot of that name at its current revision. */
  async includedBots(accountId: number, definition: unknown): Promise<{ resolveInclude: Awaited<ReturnType<typeof loadIncludedBots>>; loaded: Map<string, unknown> }> {
    const loaded = new Map<string, unknown>();
    const resolveInclude = await loadIncludedBots(definition, async (name) => {
      const bot = await this.repos.bots.findByName(accountId, name);
      const stored = bot && await this.repos.bots.revision(bot.id, bot.currentRevision);
      const parsed = stored === undefined ? undefined : JSON.parse(stored) as unknown;
      if (parsed !== undefined) loaded.set(name, parsed);
      return parsed;
    });
    return { resolveInclude, loaded };
  }

  async validate(accountId: number, definition: unknown): Promise<ValidationReport> {
    const { resolveInclude, loaded } = await this.includedBots(accountId, definition);
    const { problems, format } = validateDefinition(definition, { resolveInclude });
    const catchAll = problems.length === 0 ? catchAllWarning(definition, [...loaded.values()]) : null;
    return { valid: problems.length === 0, format, problems, warnings: catchAll === null ? [] : [catchAll] };
  }

  async create(accountId: number, definition: unknown): Promise<Bot> {
    await this.requireValid(accountId, definition);
    const name = definitionName(definition);
    if (await this.repos.bots.findByName(accountId, name)) {
      throw new ConflictError(`This account already has a bot named "${name}"; bot names are unique because include refers to them.`);
    }
    const stored = storable(definition);
    const row = await this.repos.bots.insert(accountId, name, stored, isoNow(this.clock));
    // A read of this id before it existed (a 404) is cached as "no such bot": every process drops it now.
    await this.records.changedBot(row.id);
    this.published(row.id, row.currentRevision);
    return this.present(row, JSON.parse(stored));
  }

  async update(accountId: number, id: number, definition: unknown, publish: boolean): Promise<Bot> {
    await this.owned(accountId, id);
    await this.requireValid(accountId, definition);
    const name = definitionName(definition);
    const clash = await this.repos.bots.findByName(accountId, name);
    if (clash && clash.id !== id) throw new ConflictError(`This account already has another bot named "${name}".`);
    const row = await this.repos.bots.addRevision(id, name, storable(definition), publish, isoNow(this.clock));
    await this.records.changedBot(id);
    if (publish) this.published(id, row.currentRevision);
    return this.get(accountId, row.id);
  }

  async publish(accountId: number, id: number, revision: number): Promise<Bot> {
    await this.owned(accountId, id);
    const stored = await this.repos.bots.revision(id, revision);
    if (stored === undefined) throw new UnprocessableError(`Bot ${id} has no revision ${revision}.`);
    const definition: unknown = JSON.parse(stored);
    const name = definitionName(definition);
    const clash = await this.repos.bots.findByName(accountId, name);
    if (clash && clash.id !== id) throw new ConflictError(`Revision ${revision} is named "${name}", the name of bot ${clash.id}; bot names are unique in an account.`);
    const row = await this.repos.bots.publish(id, revision, name);
    await this.records.changedBot(id);
    this.published(id, row.currentRevision);
    return this.present(row, definition);
  }

  async get(accountId: number, id: number): Promise<Bot> {
    const row = await this.owned(accountId, id);
    return this.present(row, await this.definitionAt(row, row.currentRevision));
  }

  async revisions(accountId: number, id: number): Promise<RevisionInfo[]> {
    const row = await this.owned(accountId, id);
    return (await this.repos.bots.revisions(id)).map((r) => ({
      revision: r.revision, dateCreated: apiDate(r.createdAt), current: r.revision === row.currentRevision,
    }));
  }

  async revision(accountId: number, id: number, revision: number): Promise<Bot> {
    const row = await this.owned(accountId, id);
    const stored = await this.repos.bots.revision(id, revision);
    if (stored === undefined) throw new NotFoundError(`Bot ${id} has no revision ${revision}.`);
    return this.present(row, JSON.parse(stored));
  }

  async list(accountId: number): Promise<Bot[]> {
    const bots = await this.repos.bots.listCurrent(accountId);
    return bots.map(({ row, definition }) => this.present(row, JSON.parse(definition)));
  }

  /**
   * Deleting is refused (409) while channels use the bot, and while another bot of the account
   * includes it at its current revision: that bot's targets would stop resolving.
   */
  async delete(accountId: number, id: number): Promise<void> {
    const row = await this.owned(accountId, id);
    const channels = await this.repos.channels.countForBot(id);
    if (channels > 0) throw new ConflictError(`Bot ${id} is used by ${channels} channel(s); move or delete them first.`);
    const includers = (await this.repos.bots.listCurrent(accountId))
      .filter((bot) => bot.row.id !== id && includedBotNames(JSON.parse(bot.definition)).includes(row.name))
      .map((bot) => `${bot.row.id} ("${bot.row.name}")`);
    if (includers.length > 0) {
      throw new ConflictError(`Bot ${id} ("${row.name}") is included by bot ${includers.join(', ')}; remove the include first.`);
    }
    await this.repos.bots.delete(id);
    await this.records.changedBot(id);
  }

  /** A botId given in a request body: unknown is unprocessable (422), another account's is 403. */
  async requireUsable(accountId: number, botId: number): Promise<void> {
    const row = await this.records.bot(botId);
    if (row === undefined) throw new UnprocessableError(`botId ${botId} does not name a bot of this account.`);
    if (row.accountId !== accountId) throw new ForbiddenError(`Bot ${botId} belongs to another account.`);
  }

  private async owned(accountId: number, id: number): Promise<BotRow> {
    return ownedBy(await this.records.bot(id), accountId, 'Bot', id);
  }

  private async requireValid(accountId: number, definition: unknown): Promise<void> {
    const report = await this.validate(accountId, definition);
    if (!report.valid) {
      throw new UnprocessableError(describeProblems(report.problems), { problems: report.problems });
    }
  }

  private async definitionAt(row: BotRow, revision: number): Promise<Record<string, unknown>> {
    const stored = await this.repos.bots.revision(row.id, revision);
    return stored === undefined ? {} : (JSON.parse(stored) as Record<string, unknown>);
  }

  private present(row: BotRow, definition: unknown): Bot {
    return {
      ...(definition as Record<string, unknown>),
      id: row.id, name: row.name, dateCreated: apiDate(row.createdAt),
      currentRevision: row.currentRevision, latestRevision: row.latestRevision,
    };
  }
}
