// Channel rows opened for adapters: the credential in clear, only in memory, only for the adapter that needs it.
import type { ChannelRecord } from '../../channels/types.js';
import type { SecretBox } from '../../security/secret-box.js';
import type { ChannelRow } from '../../store/repositories/channels.js';
import type { CachedRecords } from '../cached-records.js';

export class ChannelRecords {
  /** Opened once per cached row: a changed channel is a new row, so its record is opened afresh. */
  private readonly opened = new WeakMap<ChannelRow, ChannelRecord>();

  constructor(private readonly records: Pick<CachedRecords, 'channel'>, private readonly secrets: SecretBox) {}

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
}
