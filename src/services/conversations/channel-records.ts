// Channel rows opened for adapters: the credential in clear, only in memory, only for the adapter that needs it.
import type { ChannelDirectory, ChannelRecord } from '../../channels/index.js';
import type { SecretBox } from '../../security/index.js';
import type { ChannelRow, Repositories } from '../../store/index.js';
import type { CachedRecords } from '../cached-records.js';

export class ChannelRecords implements ChannelDirectory {
  /** Opened once per cached row: a changed channel is a new row, so its record is opened afresh. */
  private readonly opened = new WeakMap<ChannelRow, ChannelRecord>();

  constructor(
    private readonly records: Pick<CachedRecords, 'channel'>,
    private readonly repos: Repositories,
    private readonly secrets: SecretBox,
  ) {}

  open(row: ChannelRow): ChannelRecord {
    const known = this.opened.get(row);
    if (known !== undefined) return known;
    const record: ChannelRecord = {
      id: row.id, accountId: row.accountId, botId: row.botId, type: row.channelType, name: row.name, user: row.user,
      token: row.tokenSealed === null ? null : this.secrets.open(row.tokenSealed), data: row.data, phoneType: row.phoneType, countryCode: row.countryCode,
    };
    this.opened.set(row, record);
    return record;
  }

  async find(id: number): Promise<ChannelRecord | undefined> {
    const row = await this.records.channel(id);
    return row && this.open(row);
  }

  async ofAccount(accountId: number): Promise<ChannelRecord[]> {
    return (await this.repos.channels.list(accountId)).map((row) => this.open(row));
  }

  async ofTypes(types: readonly string[]): Promise<ChannelRecord[]> {
    return (await this.repos.channels.listOfTypes(types)).map((row) => this.open(row));
  }

  async withUser(type: string, user: string): Promise<ChannelRecord[]> {
    return (await this.repos.channels.withUser(type, user)).map((row) => this.open(row));
  }
}
