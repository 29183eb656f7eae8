// A person's read marker: the DM it names and every earlier DM of ours in the conversation move to read.
import type { ProviderRecords } from '../records.js';
import type { ChannelRecord, StatusReport } from '../types.js';

/** The records this file reads. */
type ReceiptRecords = Pick<ProviderRecords, 'conversations' | 'identities' | 'messages'>;

/** The newest messages one marker may move; older ones were covered by earlier markers. */
const MAX_PER_MARKER = 200;
/** Later than any stored time (ISO-8601 text compares as it sorts). */
const END_OF_TIME = '9999-12-31T23:59:59.999Z';

/** DM event ids are snowflakes, which grow with time: a DM sent before another has the smaller id. */
function notAfter(id: string, last: bigint): boolean {
  return /^\d{1,20}$/.test(id) && BigInt(id) <= last;
}

/** The reports a read marker of `reader` (the person) up to `lastReadEventId` stands for. */
export async function readReports(records: ReceiptRecords, channel: ChannelRecord, reader: string, lastReadEventId: string): Promise<StatusReport[]> {
  const ids = new Set([lastReadEventId]);
  const humanId = await records.identities.humanOf(channel.id, reader);
  const conversation = humanId === undefined ? undefined : await records.conversations.findFor(channel.id, humanId);
  if (conversation !== undefined) {
    const last = BigInt(lastReadEventId);
    const rows = await records.messages.outboundUpTo(conversation.id, END_OF_TIME, ['sent', 'delivered'], MAX_PER_MARKER);
    for (const row of rows) if (notAfter(row.providerMessageId!, last)) ids.add(row.providerMessageId!);
  }
  return [...ids].map((providerMessageId) => ({ channel, providerMessageId, status: 'read' as const }));
}
