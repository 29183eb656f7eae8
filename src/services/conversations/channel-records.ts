// Channel rows opened for adapters: the credential in clear, only in memory, only for the adapter that needs it.
import type { ChannelDirectory } from '../../channels/records.js';
import type { ChannelRecord } from '../../channels/types.js';
import type { SecretBox } from '../../security/secret-box.js';
import type { ChannelRow } from '../../store/repositories/channels.js';
import type { Repositories } from '../../store/repositories/index.js';

export class ChannelRecords implements ChannelDirectory {
  constructor(private readonly repos: Repositories, private readonly secrets: SecretBox) {}

  open(row: ChannelRow): ChannelRecord {
    return {
      id: row.id, accountId: row.accountId, botId: row.botId, type: row.channelType, name: row.name, user: row.user,
      token: row.tokenSealed === null ? null : this.secrets.open(row.tokenSealed), data: row.data, phoneType: row.phoneType, countryCode: row.countryCode,
    };
  }

  async find(id: number): Promise<ChannelRecord | undefined> {
    const row = await this.repos.channels.find(id);
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
