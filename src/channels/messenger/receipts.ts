// Delivery and read receipts: the messages they name (mids) and those their watermark covers move to delivered or read.
import type { MessageStatus, ProviderRecords } from '../records.js';
import type { ChannelRecord, StatusReport } from '../types.js';
import type { MessagingEvent } from './webhook-events.js';

/** The records this file reads. */
type ReceiptRecords = Pick<ProviderRecords, 'conversations' | 'identities' | 'messages'>;

/** The newest messages one receipt may move; older ones were covered by earlier receipts. */
const MAX_PER_RECEIPT = 200;

type Receipt = Extract<MessagingEvent, { kind: 'delivery' | 'read' }>;

/**
 * The status reports a receipt stands for. The watermark says every message sent before it was delivered (or read);
 * a message counts as sent before it when it was queued before it (its send followed within moments).
 */
export async function receiptReports(records: ReceiptRecords, channel: ChannelRecord, receipt: Receipt): Promise<StatusReport[]> {
  const status = receipt.kind === 'delivery' ? 'delivered' : 'read';
  const ids = new Set(receipt.kind === 'delivery' ? receipt.mids : []);
  const humanId = await records.identities.humanOf(channel.id, receipt.sender);
  const conversation = humanId === undefined ? undefined : await records.conversations.findFor(channel.id, humanId);
  if (conversation !== undefined) {
    const before: MessageStatus[] = status === 'delivered' ? ['sent'] : ['sent', 'delivered'];
    const at = new Date(Math.min(receipt.watermark, 8.64e15)).toISOString();
    for (const row of await records.messages.outboundUpTo(conversation.id, at, before, MAX_PER_RECEIPT)) ids.add(row.providerMessageId!);
  }
  return [...ids].map((providerMessageId) => ({ channel, providerMessageId, status }));
}
