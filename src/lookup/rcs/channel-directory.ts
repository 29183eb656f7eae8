// Adapts the channel service and repository to the RCS lookup's view of channels, opening a channel's secret only when it is used.
import type { RcsChannelDirectory, RcsChannelRecord } from './rcs-capability-service.js';

interface StoredChannel { id: number; channelType: string; user: string | null; createdAt: string }

export interface ChannelSource<R extends StoredChannel> {
  /** The channel with the 404/403 ownership rules applied. */
  owned(accountId: number, channelId: number): Promise<R>;
  /** The channel's credential in clear. */
  openToken(row: R): string | null;
}

export function channelDirectory<R extends StoredChannel>(source: ChannelSource<R>, list: (accountId: number) => Promise<R[]>): RcsChannelDirectory {
  const record = (row: R): RcsChannelRecord => ({
    id: row.id, channelType: row.channelType, user: row.user, createdAt: row.createdAt,
    secret: () => source.openToken(row),
  });
  return {
    owned: async (accountId, channelId) => record(await source.owned(accountId, channelId)),
    list: async (accountId) => (await list(accountId)).map(record),
  };
}
