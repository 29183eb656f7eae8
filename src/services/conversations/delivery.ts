// Delivering a conversation's outbox in order through its channel's adapter (e-mail through SMTP), retrying transient failures.
import type { Kysely } from 'kysely';
import { type AtCommitDelivery, type ChannelAdapter, type ChannelRecord, type DeliveryOutcome, type Logger, type Mailer, unpaced } from '../../channels/index.js';
import type { ConversationsConfig } from '../../config.js';
import {
  countUnreadable, emptyMessage, type OutboundEmail, type OutboundItem, outboundItemFormat, type OutboundMessage, type OutboundNote,
  StoredFormatError,
} from '../../engine/index.js';
import type { JobQueue } from '../../jobs/index.js';
import {
  type ChannelRow, type ConversationRow, type Database, type MessageRow, type PassStatements, repositories, type Repositories, type Transactions,
} from '../../store/index.js';
import { isoNow, type Clock } from '../../time.js';
import { failureTallies } from '../analytics/failure-key.js';
import type { EventRecorder } from '../webhooks/record.js';
import type { ChannelRecords } from './channel-records.js';
import type { DeliveryRate } from './delivery-rate.js';
import { QUEUES, type WakeJob } from './queues.js';
import type { SentAtCommit } from './commit.js';
import type { RuntimeEvents } from './runtime-events.js';

/** Queued items read at a time. */
const DELIVERY_PAGE = 50;

/** Longest wait between two attempts at one message. */
const MAX_RETRY_MS = 3_600_000;

/**
 * The adapter that delivers a channel's messages, chosen per channel rather than per type: the sandbox
 * (src/channels/sandbox) takes the channels marked as sandbox channels, whatever their type.
 */
export type AdapterResolver = (channel: ChannelRecord) => ChannelAdapter | undefined;

export class OutboxDelivery {
  constructor(
    private readonly repos: Repositories,
    private readonly adapterOf: AdapterResolver,
    private readonly mailer: Mailer,
    private readonly channels: ChannelRecords,
    private readonly jobs: JobQueue,
    private readonly events: RuntimeEvents,
    private readonly config: ConversationsConfig,
    private readonly clock: Clock,
    private readonly rate: DeliveryRate,
    /** For the transactions that change a message's status together with its webhook event. */
    private readonly db: Kysely<Database>,
    /** Where a delivered message's status is written (sharing commits with the runs on SQLite). */
    private readonly transactions: Transactions,
    private readonly webhookEvents: EventRecorder,
    private readonly log: Logger,
    /** Where a delivered message is marked sent when no webhook listens (shared by the deliveries of one turn on PostgreSQL). */
    private readonly pass: Pick<PassStatements, 'markSent'>,
  ) {}

  /** A channel row opened for its adapter (the credential in clear), when the caller has the row already. */
  open(row: ChannelRow): ChannelRecord {
    return this.channels.open(row);
  }

  /** The channel's delivery at commit, when its adapter delivers that way (web chat); null for the others. */
  atCommit(channel: ChannelRecord): AtCommitDelivery | null {
    return this.adapterOf(channel)?.atCommit ?? null;
  }

  /** After a run's commit: tells the adapter of the messages its commit delivered, and the runtime's listeners. */
  announceSent(atCommit: AtCommitDelivery, conversation: ConversationRow, channelType: string, sent: SentAtCommit[], at: string): void {
    for (const { id, content, after } of sent) {
      atCommit.announce(conversation.id, { id, content, createdAt: at, after }, conversation.state);
      this.events.emit('message.sent', { accountId: conversation.accountId, conversationId: conversation.id, messageId: id, channelType, queuedAt: at });
    }
  }

  /**
   * Delivers queued items in id order; stops at the first that must wait, so the human never sees them out of order.
   * `mayAct` is asked before each item: a process that may have been taken for dead sends nothing more. `known`: the
   * whole queue as the caller knows it (the rows its runs queued onto an empty outbox), delivered without reading it.
   * True when everything was delivered; false when an item must wait (or the process may no longer act).
   */
  async deliverQueued(conversation: ConversationRow, opened?: ChannelRecord, mayAct: () => boolean = () => true, known?: readonly MessageRow[]): Promise<boolean> {
    // The conversation's channel, read once for the whole queue (cached, so no statement) rather than once per item.
    let channel: ChannelRecord | undefined | null = opened?.id === conversation.channelId ? opened : null;
    for (;;) {
      const queued = known ?? await this.repos.messages.queued(conversation.id, DELIVERY_PAGE);
      if (queued.length === 0) return true;
      channel ??= await this.channels.find(conversation.channelId);
      for (const row of queued) {
        if (!mayAct()) return false;
        const now = this.clock();
        if (row.nextAttemptAt !== null && new Date(row.nextAttemptAt) > now) {
          await this.wakeAt(conversation.id, new Date(row.nextAttemptAt), row);
          return false;
        }
        const outcome = await this.deliverOne(row, conversation, channel).catch((error: unknown): DeliveryOutcome => ({ kind: 'retry', reason: error instanceof Error ? error.message : String(error) }));
        if (!(await this.record(row, outcome, conversation, row.kind === 'email' ? 'email' : channel?.type ?? 'unknown'))) return false;
      }
      // A known list, or a short page, was the whole queue: nothing more to look for (new items come with a new pass).
      if (known !== undefined || queued.length < DELIVERY_PAGE) return true;
    }
  }

  /** Applies an outcome; false when the item must be retried later (the rest waits behind it). */
  private async record(row: MessageRow, outcome: DeliveryOutcome, conversation: ConversationRow, channelType: string): Promise<boolean> {
    const now = isoNow(this.clock);
    if (outcome.kind === 'sent') {
      // Most accounts listen for no message.sent: then the status is one statement, without a transaction around it.
      if (await this.webhookEvents.wants(this.db, row.accountId, 'message.sent')) {
        await this.transactions.run(async (tx) => {
          if (await repositories(tx).messages.markSent(row.id, outcome.providerMessageId, now)) await this.webhookEvents.record(tx, row.accountId, { type: 'message.sent', messageId: row.id, at: now });
        });
      } else {
        await this.pass.markSent(row.id, outcome.providerMessageId, now);
      }
      this.events.emit('message.sent', { accountId: row.accountId, conversationId: row.conversationId, messageId: row.id, channelType, queuedAt: row.createdAt });
      return true;
    }
    const attempts = row.attempts + 1;
    if (outcome.kind === 'failed' || attempts >= this.config.deliveryMaxAttempts) {
      const reason = outcome.kind === 'failed' ? outcome.reason : `gave up after ${attempts} attempts: ${outcome.reason}`;
      await this.db.transaction().execute(async (tx) => {
        const repos = repositories(tx);
        await repos.messages.markFailed(row.id, reason, now);
        await this.webhookEvents.record(tx, row.accountId, { type: 'message.failed', messageId: row.id, at: now });
        await repos.analytics.add(row.accountId, failureTallies({ day: now.slice(0, 10), botId: conversation.botId, channelId: row.channelId }, reason));
      });
      this.events.emit('message.failed', { accountId: row.accountId, conversationId: row.conversationId, messageId: row.id, reason, channelType });
      return true;
    }
    const delay = Math.min(MAX_RETRY_MS, outcome.retryAfterMs ?? this.config.deliveryRetryMs * 2 ** row.attempts);
    const at = new Date(this.clock().getTime() + delay);
    await this.repos.messages.markRetry(row.id, outcome.reason, at.toISOString(), now);
    await this.wakeAt(conversation.id, at, { ...row, attempts });
    return false;
  }

  private async wakeAt(conversationId: number, at: Date, row: MessageRow): Promise<void> {
    const data: WakeJob = { conversationId };
    await this.jobs.send(QUEUES.wake, data, { runAt: at, key: `wake:${row.id}:${row.attempts}` });
  }

  private async deliverOne(row: MessageRow, conversation: ConversationRow, channel: ChannelRecord | undefined): Promise<DeliveryOutcome> {
    const item = this.readItem(row);
    if (item instanceof StoredFormatError) return { kind: 'failed', reason: item.reason };
    if (item.kind === 'email') return this.mailer.send(item);
    if (item.kind === 'note') return this.textNote(item, row);
    if (channel === undefined) return { kind: 'failed', reason: 'the channel was deleted' };
    const adapter = this.adapterOf(channel);
    if (adapter === undefined) return { kind: 'failed', reason: `no adapter delivers on "${channel.type}" channels` };
    await this.rate.take(channel, adapter.pace?.(channel, item) ?? unpaced(channel.type), conversation.address);
    const outcome = await adapter.deliver({ messageId: row.id, conversationId: conversation.id, channel, address: conversation.address, message: item, attempt: row.attempts + 1 });
    if (outcome.kind === 'retry' && outcome.holdChannel === true && outcome.retryAfterMs !== undefined) await this.rate.hold(channel.id, outcome.retryAfterMs);
    return outcome;
  }

  /** The stored item; one a newer release stored (or damaged) fails visibly with the reason, and the outbox goes on. */
  private readItem(row: MessageRow): OutboundItem | StoredFormatError {
    try {
      return outboundItemFormat.parse(row.content);
    } catch (err) {
      if (!(err instanceof StoredFormatError)) throw err;
      countUnreadable(err.format);
      this.log.error({ err, messageId: row.id, conversationId: row.conversationId, version: err.version }, 'a queued outbound item cannot be read by this release; it is marked failed');
      return err;
    }
  }

  /** A note with a recipient phone goes out as a text through the SMS channel it names. */
  private async textNote(note: OutboundNote, row: MessageRow): Promise<DeliveryOutcome> {
    if (note.recipientPhone === null || note.channelId === null) return { kind: 'sent', providerMessageId: null };
    const channel = await this.channels.find(note.channelId);
    if (channel === undefined || channel.accountId !== row.accountId) return { kind: 'failed', reason: `channel ${note.channelId} is not a channel of this account` };
    const adapter = this.adapterOf(channel);
    if (adapter === undefined) return { kind: 'failed', reason: `no adapter delivers on "${channel.type}" channels` };
    const message: OutboundMessage = { ...emptyMessage(), text: note.text };
    await this.rate.take(channel, adapter.pace?.(channel, message) ?? unpaced(channel.type));
    return adapter.deliver({ messageId: row.id, conversationId: row.conversationId, channel, address: note.recipientPhone, message, attempt: row.attempts + 1 });
  }
}
