// Channels: the spec's create/read/update/delete rules, credential sealing, type checks, and telling providers (webhooks).
import { type ChannelLifecycle, type ChannelRecord, isSandboxChannel } from '../channels/index.js';
import { ownedBy, UnprocessableError } from '../errors.js';
import type { SecretBox } from '../security/index.js';
import type { ChannelRow, ChannelWrite, Repositories } from '../store/index.js';
import { apiDate, isoNow, type Clock } from '../time.js';
import type { BotService } from './bots.js';
import type { CachedRecords } from './cached-records.js';
import { CHANNEL_TYPES, findChannelType, type ChannelType } from '../channel-types.js';

/** A channel as the API shows it: never the token. */
export interface Channel {
  id: number;
  channelType: string;
  botId: number;
  name: string;
  description: string;
  user: string | null;
  phoneType: number;
  countryCode: string | null;
  data: Record<string, unknown> | null;
  dateCreated: string;
  /** Made only to try a bot (the console's "Try it"). */
  trial: boolean;
}

export interface ChannelFields {
  botId: number;
  name: string;
  description: string;
  user?: string | null;
  token?: string | null;
  phoneType?: number;
  countryCode?: string | null;
  data?: Record<string, unknown> | null;
}

export interface ChannelCreate extends ChannelFields { channelType: string; trial?: boolean }
export interface ChannelUpdate extends ChannelFields { channelType?: string }

const PHONE_TYPES = [1, 2, 3];
const COUNTRY_CODES = ['US', 'CA'];

export function presentChannel(row: ChannelRow): Channel {
  return {
    id: row.id, channelType: row.channelType, botId: row.botId, name: row.name, description: row.description,
    user: row.user, phoneType: row.phoneType, countryCode: row.countryCode, data: row.data, dateCreated: apiDate(row.createdAt), trial: row.trial,
  };
}

export class ChannelService {
  constructor(
    private readonly repos: Repositories,
    private readonly bots: BotService,
    private readonly secrets: SecretBox,
    private readonly clock: Clock,
    private readonly records: Pick<CachedRecords, 'channel' | 'changedChannel'>,
    /** What a channel type's provider must be told when a channel is created, changed or deleted (Telegram's webhook). */
    private readonly lifecycleOf: (type: string) => ChannelLifecycle | undefined = () => undefined,
  ) {}

  types(): ChannelType[] {
    return [...CHANNEL_TYPES];
  }

  async list(accountId: number, botId?: number): Promise<Channel[]> {
    return (await this.repos.channels.list(accountId, botId)).map(presentChannel);
  }

  async get(accountId: number, id: number): Promise<Channel> {
    return presentChannel(await this.owned(accountId, id));
  }

  /** The stored row, for services that need the channel's sealed credentials or type. */
  async owned(accountId: number, id: number): Promise<ChannelRow> {
    return ownedBy(await this.records.channel(id), accountId, 'Channel', id);
  }

  /** The channel's credential in clear, for the channel adapters only. */
  openToken(row: ChannelRow): string | null {
    return row.tokenSealed === null ? null : this.secrets.open(row.tokenSealed);
  }

  async create(accountId: number, input: ChannelCreate): Promise<Channel> {
    const type = findChannelType(input.channelType);
    if (type === undefined) {
      throw new UnprocessableError(`channelType "${input.channelType}" is unknown; it must be one of ${CHANNEL_TYPES.filter((t) => !t.comingSoon).map((t) => t.name).join(', ')}.`);
    }
    if (type.comingSoon) throw new UnprocessableError(`channelType "${type.name}" (${type.description}) is coming soon and cannot be created yet.`);
    const write = await this.checkedWrite(accountId, type.name, input, null);
    const row = await this.repos.channels.insert(accountId, type.name, write, isoNow(this.clock), input.trial === true);
    // A read of this id before it existed (a 404, a webhook for it) is cached as "no such channel": every process drops it now.
    await this.records.changedChannel(row.id);
    // The provider needs the channel's id (its webhook URL): told once it is stored, the channel undone if it refuses.
    try {
      await this.connect(this.recordOf(row, input.token || null));
    } catch (err) {
      await this.repos.channels.delete(row.id);
      await this.records.changedChannel(row.id);
      throw err;
    }
    return presentChannel(row);
  }

  async update(accountId: number, id: number, input: ChannelUpdate): Promise<Channel> {
    const current = await this.owned(accountId, id);
    if (input.channelType !== undefined && input.channelType !== current.channelType) {
      throw new UnprocessableError(`channelType cannot change (channel ${id} is "${current.channelType}"); create a new channel instead.`);
    }
    const write = await this.checkedWrite(accountId, current.channelType, input, current);
    const before = this.recordOf(current, this.openToken(current));
    // Credentials sent are checked with the provider before they replace the old (refused, nothing changes); the same
    // ones sent again register again (a webhook after PUBLIC_URL moved).
    if (input.token !== undefined) await this.connect(this.recordOf({ ...current, ...write }, input.token || null));
    const updated = await this.repos.channels.update(id, write);
    await this.records.changedChannel(id);
    if (input.token !== undefined && (input.token || null) !== before.token) await this.disconnect(before);
    return presentChannel(updated);
  }

  async delete(accountId: number, id: number): Promise<void> {
    const row = await this.owned(accountId, id);
    await this.repos.channels.delete(id);
    await this.records.changedChannel(id);
    await this.disconnect(this.recordOf(row, this.openToken(row)));
  }

  /** The channel as its provider sees it, with the token in clear. */
  private recordOf(row: ChannelRow, token: string | null): ChannelRecord {
    return {
      id: row.id, accountId: row.accountId, botId: row.botId, type: row.channelType, name: row.name, user: row.user, token,
      data: row.data, phoneType: row.phoneType, countryCode: row.countryCode,
    };
  }

  /** Sandbox channels talk to the simulator, not to a provider: nothing to tell. */
  private async connect(channel: ChannelRecord): Promise<void> {
    if (!isSandboxChannel(channel)) await this.lifecycleOf(channel.type)?.connect(channel);
  }

  /** Best effort: the channel is gone (or has new credentials) whatever the provider answers; the lifecycle logs why. */
  private async disconnect(channel: ChannelRecord): Promise<void> {
    if (isSandboxChannel(channel)) return;
    await this.lifecycleOf(channel.type)?.disconnect(channel).catch(() => undefined);
  }

  /** Applies rules 4 and 5 of the spec: phone fields on dlc only, data on rcs only; omitted fields keep their value on update. */
  private async checkedWrite(accountId: number, channelType: string, input: ChannelFields, current: ChannelRow | null): Promise<ChannelWrite> {
    await this.bots.requireUsable(accountId, input.botId);
    const isPhone = channelType === 'dlc';
    let phoneType = current?.phoneType ?? (isPhone ? 1 : 0);
    let countryCode = current?.countryCode ?? null;
    if (input.phoneType !== undefined) {
      if (isPhone && !PHONE_TYPES.includes(input.phoneType)) throw new UnprocessableError('phoneType must be 1, 2 or 3 on a dlc channel.');
      if (!isPhone && input.phoneType !== 0) throw new UnprocessableError(`phoneType applies to Long Code SMS/MMS (dlc) channels only, not "${channelType}".`);
      phoneType = input.phoneType;
    }
    if (input.countryCode !== undefined) {
      if (isPhone && input.countryCode !== null && !COUNTRY_CODES.includes(input.countryCode)) {
        throw new UnprocessableError(`countryCode must be US or CA, not "${input.countryCode}".`);
      }
      if (!isPhone && input.countryCode !== null) throw new UnprocessableError(`countryCode applies to Long Code SMS/MMS (dlc) channels only, not "${channelType}".`);
      countryCode = input.countryCode;
    }
    let data = current?.data ?? null;
    if (input.data !== undefined) {
      if (channelType !== 'rcs' && input.data !== null) throw new UnprocessableError(`data applies to RCS channels only, not "${channelType}".`);
      data = input.data;
    }
    let tokenSealed = current?.tokenSealed ?? null;
    if (input.token !== undefined) tokenSealed = input.token === null || input.token === '' ? null : this.secrets.seal(input.token);
    return {
      botId: input.botId, name: input.name, description: input.description,
      user: input.user === undefined ? (current?.user ?? null) : input.user,
      tokenSealed, phoneType, countryCode, data,
    };
  }
}
