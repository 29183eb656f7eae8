// Journeys as an account defines them (POST/PUT /v1/journeys): each change a new version, checked against the
// channel's bot so a journey never names an interaction its bot does not have.
import { ConflictError, ForbiddenError, NotFoundError, ownedBy, UnprocessableError } from '../../errors.js';
import { JourneyRepository, type Database, type JourneyRow, type Repositories } from '../../store/index.js';
import type { Kysely } from 'kysely';
import { apiDate, isoNow, type Clock } from '../../time.js';
import type { ConversationRuntime } from '../conversations/runtime.js';
import { decodeCursor, pageOf } from '../cursor.js';
import { definitionOf, JOURNEY_DEFINITION_FORMAT, type DefinitionInput, type JourneyDefinition } from './journey-definition.js';
import type { Schedule } from './sending-window.js';

export interface Journey {
  id: number;
  name: string;
  version: number;
  channelId: number;
  script: string;
  goal: string | null;
  schedule: Schedule;
  dateCreated: string;
  dateUpdated: string;
}

export type JourneyInput = DefinitionInput & { name: string };

export class JourneyService {
  readonly journeys: JourneyRepository;

  /** `changedGoals`: drops every process's copy of the channel's journey goals (CachedRecords). */
  constructor(private readonly db: Kysely<Database>, private readonly repos: Repositories, private readonly runtime: ConversationRuntime, private readonly clock: Clock,
    private readonly changedGoals: (channelId: number) => Promise<void>) {
    this.journeys = new JourneyRepository(db);
  }

  async create(accountId: number, input: JourneyInput): Promise<Journey> {
    const definition = await this.checked(accountId, input);
    const row = await this.db.transaction().execute((tx) => new JourneyRepository(tx).create(accountId, input.name.trim(), definition, JSON.stringify(definition), isoNow(this.clock)));
    await this.changedGoals(definition.channelId);
    return this.present(row);
  }

  /** A new version; runs started before go on with the version they started with. */
  async update(accountId: number, id: number, input: JourneyInput): Promise<Journey> {
    const before = await this.owned(accountId, id);
    const definition = await this.checked(accountId, input);
    const row = await this.db.transaction().execute((tx) => new JourneyRepository(tx).revise(id, input.name.trim(), definition, JSON.stringify(definition), isoNow(this.clock)));
    if (row === undefined) throw new NotFoundError(`Journey ${id} does not exist.`);
    await this.changedGoals(before.channel_id);
    if (before.channel_id !== definition.channelId) await this.changedGoals(definition.channelId);
    return this.present(row);
  }

  async get(accountId: number, id: number): Promise<Journey> {
    return this.present(await this.owned(accountId, id));
  }

  async list(accountId: number, limit: number, cursor?: string): Promise<{ journeys: Journey[]; nextCursor: string | null }> {
    const { items, nextCursor } = pageOf(await this.journeys.page(accountId, decodeCursor(cursor), limit + 1), limit, (r) => this.present(r));
    return { journeys: items, nextCursor };
  }

  async owned(accountId: number, id: number): Promise<JourneyRow> {
    const row = await this.journeys.find(id);
    if (row === undefined) throw new NotFoundError(`Journey ${id} does not exist.`);
    if (row.account_id !== accountId) throw new ForbiddenError(`Journey ${id} belongs to another account.`);
    return row;
  }

  private async checked(accountId: number, input: JourneyInput): Promise<JourneyDefinition> {
    if (input.name.trim() === '') throw new UnprocessableError('name is empty: give the journey a name people will recognise.');
    const definition = definitionOf(input);
    const channel = ownedBy(await this.repos.channels.find(definition.channelId), accountId, 'Channel', definition.channelId);
    const bot = await this.repos.bots.find(channel.botId);
    const program = bot && await this.runtime.programs.get(bot.id, bot.currentRevision);
    if (program === null || program === undefined) throw new ConflictError(`The channel's bot ${channel.botId} has no revision that can run.`);
    for (const [field, name] of [['script', definition.script], ['goal', definition.goal]] as const) {
      if (name !== null && program.resolve(name) === null) throw new UnprocessableError(`${field} "${name}" names no interaction, workflow or action of bot ${channel.botId}.`);
    }
    return definition;
  }

  private present(row: JourneyRow): Journey {
    const d = JOURNEY_DEFINITION_FORMAT.parse(row.definition);
    return {
      id: row.id, name: row.name, version: row.version, channelId: d.channelId, script: d.script, goal: d.goal, schedule: d.schedule,
      dateCreated: apiDate(row.created_at), dateUpdated: apiDate(row.updated_at),
    };
  }
}
