// Storing what arrives: the human found or created from the channel's address, the conversation, the event in its inbox.
import type { Kysely } from 'kysely';
import { consentFamily, isPhoneType } from '../../channel-types.js';
import type { InboundEnvelope, InboundRouter, Ingested, IngestPort } from '../../channels/index.js';
import { type ConversationEvent, initialState } from '../../engine/index.js';
import { type Database, type Dialect, ingestFirstContact, ingestKnown, type KnownIngest, repositories, type Transactions } from '../../store/index.js';
import { isoNow, type Clock } from '../../time.js';
import type { EventRecorder } from '../webhooks/record.js';
import type { ClaimedConversation } from './pump.js';

/** The pump, as the ingest hands it work: the claim it may take for it, and the kick. */
export interface IngestPump {
  /** This process's name in claims. */
  readonly owner: string;
  /** The lease end for a claim taken now, or null when this process should not take one (see ConversationPump.claimUntil). */
  claimUntil(): string | null;
  kick(conversationId: number, claimed?: ClaimedConversation): void;
}

export class Ingest implements IngestPort {
  constructor(
    private readonly db: Kysely<Database>,
    /** Where the ingest's transaction is opened (grouped with others' on SQLite). */
    private readonly transactions: Transactions,
    private readonly clock: Clock,
    private readonly pump: IngestPump,
    /** Webhook events are recorded as jobs in the ingest transaction. */
    private readonly webhookEvents: EventRecorder,
    /** On PostgreSQL a returning human's message is stored by one statement (store/repositories/known-ingest.ts). */
    private readonly dialect: Dialect,
  ) {}

  /** Hears each inbound message stored (or recognized as a provider's retry), for metrics; in memory, after the commit. */
  private stored: ((channelType: string, duplicate: boolean) => void) | null = null;

  onMessageStored(listener: (channelType: string, duplicate: boolean) => void): void {
    this.stored = listener;
  }

  /** Providers that hand an inbound event to another channel's conversation (an SMS reply to an RCS message sent by SMS). */
  private readonly routers: InboundRouter[] = [];

  addRouter(router: InboundRouter): void {
    this.routers.push(router);
  }

  /** Stores an inbound event and wakes the conversation; returns once it is durable, before it is handled. */
  async receive(received: InboundEnvelope): Promise<Ingested> {
    let envelope = received;
    for (const route of this.routers) envelope = (await route(envelope)) ?? envelope;
    const now = isoNow(this.clock);
    const { channel } = envelope;
    const oneStatement = await this.oneStatement(envelope, now);
    const stored = oneStatement && (await this.receiveKnown(oneStatement) ?? await this.receiveFirst(envelope, oneStatement));
    const result = stored ?? await this.transactions.run(async (tx) => {
      const repos = repositories(tx);
      // Someone who wrote before: their conversation in one statement; a first contact finds or makes the human first.
      const known = await repos.conversations.findByAddress(channel.id, envelope.address);
      const { humanId, newHuman } = known !== undefined ? { humanId: known.humanId, newHuman: false } : await this.humanFor(tx, envelope, now);
      if (envelope.capability !== undefined) await repos.humanRecords.setRcs(humanId, envelope.capability.rcsEnabled, envelope.capability.rcsFeatures, now);
      const { row, created } = known !== undefined ? { row: known, created: false } : await repos.conversations.findOrCreate({
        accountId: channel.accountId, botId: channel.botId, channelId: channel.id, humanId, address: envelope.address, state: JSON.stringify(initialState()),
      }, now, newHuman);
      // Webhooks: conversation.started, committed with the conversation.
      if (created) await this.webhookEvents.record(tx, channel.accountId, { type: 'conversation.started', conversationId: row.id, at: now });
      const eventId = await repos.inbox.add({
        conversationId: row.id, channelId: channel.id, kind: envelope.event.kind, dedupKey: dedupKeyOf(envelope), payload: inboxPayload(envelope),
      }, now);
      let messageId: number | null = null;
      let previousMessageId: number | null = null;
      if (eventId !== null && envelope.event.kind === 'message') {
        // SQLite: the message before it, read in microseconds here, spares each web-chat socket reading this one back
        // (Ingested.previousMessageId). On PostgreSQL it would be a round trip more; the one-statement path names it.
        if (this.dialect === 'sqlite') previousMessageId = await repos.messages.lastId(row.id);
        messageId = await repos.messages.insert({
          accountId: channel.accountId, conversationId: row.id, channelId: channel.id, humanId, direction: 'in', kind: 'message',
          content: JSON.stringify(envelope.event), status: 'received', eventId, providerMessageId: envelope.providerMessageId,
        }, now);
        // Webhooks: message.received, committed with the message.
        await this.webhookEvents.record(tx, channel.accountId, { type: 'message.received', messageId, at: now });
      }
      // What the provider tells the bot with the event (Telegram's deep-link payload), readable when it runs.
      if (eventId !== null && envelope.attributes !== undefined) {
        for (const [name, value] of Object.entries(envelope.attributes)) {
          await repos.attributes.set(channel.accountId, { scope: 'human', ownerId: row.id }, name, value, now);
        }
      }
      const keyword = eventId === null ? undefined : envelope.keyword;
      if (keyword !== undefined && keyword.subscribed !== null) {
        const changed = (await repos.humanRecords.isSubscribed(keyword.channelId, humanId)) !== keyword.subscribed;
        if (changed) {
          await repos.humanRecords.setSubscribed(keyword.channelId, humanId, keyword.subscribed, now);
          await this.webhookEvents.record(tx, channel.accountId, { type: keyword.subscribed ? 'human.subscribed' : 'human.unsubscribed', channelId: keyword.channelId, humanId, source: 'keyword', at: now });
          if (!keyword.subscribed) await repos.analytics.add(channel.accountId, [{ day: now.slice(0, 10), botId: row.botId, channelId: keyword.channelId, metric: 'optouts', key: 'keyword', n: 1 }]);
        }
        // An opt-out holds for the family (docs/consent.md): STOP texted to one long code stops the account's other SMS
        // numbers too, as an RBM unsubscribe does the brand's other agents. An opt-in stays with the channel it came to.
        const family = keyword.subscribed ? null : consentFamily(channel.type);
        const others = family === null ? [] : (await repos.humanRecords.subscribedChannels(humanId))
          .filter((c) => c.id !== keyword.channelId && consentFamily(c.type) === family);
        for (const other of others) {
          await repos.humanRecords.setSubscribed(other.id, humanId, false, now);
          await this.webhookEvents.record(tx, channel.accountId, { type: 'human.unsubscribed', channelId: other.id, humanId, source: 'keyword', at: now });
        }
        // The ledger, once for the family: a word the human sent (STOP, /stop, START …) is a keyword; an event without
        // words (RCS UNSUBSCRIBE, a Telegram block) is the provider's.
        if (changed || others.length > 0) {
          const words = envelope.event.kind === 'message' ? envelope.event.text : null;
          await repos.consent.changed({ accountId: channel.accountId, channelId: keyword.channelId, channelType: channel.type, humanIds: [humanId], subscribed: keyword.subscribed,
            source: words === null ? 'provider' : 'keyword', proof: words === null ? null : words.slice(0, 200), at: now });
        }
      }
      if (keyword?.reply) {
        await repos.messages.insert({
          accountId: channel.accountId, conversationId: row.id, channelId: channel.id, humanId, direction: 'out', kind: 'message',
          content: JSON.stringify(keyword.reply), status: 'queued', eventId,
        }, now);
        await repos.analytics.add(channel.accountId, [{ day: now.slice(0, 10), botId: row.botId, channelId: channel.id, metric: 'messages_out', key: 'keyword', n: 1 }]);
      }
      // The claim for the run, in the same commit, when this process can run it at once: no statement of its own.
      const until = eventId === null ? null : this.pump.claimUntil();
      const claimed = until === null ? undefined : await repos.conversations.claimFree(row.id, this.pump.owner, now, until);
      return { conversationId: row.id, humanId, eventId, messageId, previousMessageId, storedAt: now, conversationCreated: created, claimed };
    });
    if (result.eventId !== null) this.pump.kick(result.conversationId, result.claimed);
    if (envelope.event.kind === 'message') this.stored?.(channel.type, result.eventId === null);
    const { claimed: _claimed, ...ingested } = result;
    return ingested;
  }

  /**
   * PostgreSQL, an event with nothing else to record (no keyword, no capability, no attributes, no webhook listening for
   * message.received): what the one-statement ingests store, read from the envelope once for both. Undefined: take
   * the transaction.
   */
  private async oneStatement(envelope: InboundEnvelope, now: string): Promise<KnownIngest | undefined> {
    const { channel, event } = envelope;
    if (this.dialect !== 'postgres' || envelope.capability !== undefined || envelope.keyword !== undefined || envelope.attributes !== undefined) return undefined;
    if (event.kind === 'message' && await this.webhookEvents.wants(this.db, channel.accountId, 'message.received')) return undefined;
    const until = this.pump.claimUntil();
    return {
      channelId: channel.id, address: envelope.address, kind: event.kind, dedupKey: dedupKeyOf(envelope), payload: inboxPayload(envelope),
      messageContent: event.kind === 'message' ? JSON.stringify(event) : null, providerMessageId: envelope.providerMessageId,
      claim: until === null ? null : { owner: this.pump.owner, until }, now,
    };
  }

  /** Someone who wrote before: the event, its message and the claim in one statement. Undefined: a first contact. */
  private async receiveKnown(rows: KnownIngest): Promise<(Ingested & { claimed?: ClaimedConversation | undefined }) | undefined> {
    const stored = await ingestKnown(this.db, rows);
    if (stored === undefined) return undefined;
    const { conversation, eventId, messageId, previousMessageId, claimed } = stored;
    return { conversationId: conversation.id, humanId: conversation.humanId, eventId, messageId, previousMessageId, storedAt: rows.now, conversationCreated: false, claimed };
  }

  /**
   * A first contact, when neither a phone number (which may name a human already) nor a webhook listening for the
   * human's subscription or the conversation's start asks for more: the human, the conversation, the event and its
   * message in one statement instead of a transaction of a dozen. A burst of new web-chat visitors waited for each
   * other's transactions on the pool's connections. Undefined: take the transaction.
   */
  private async receiveFirst(envelope: InboundEnvelope, rows: KnownIngest): Promise<(Ingested & { claimed?: ClaimedConversation | undefined }) | undefined> {
    const { channel, profile } = envelope;
    if (isPhoneType(channel.type) || (profile?.phone ?? null) !== null) return undefined;
    for (const type of ['human.subscribed', 'conversation.started'] as const) {
      if (await this.webhookEvents.wants(this.db, channel.accountId, type)) return undefined;
    }
    const stored = await ingestFirstContact(this.db, {
      ...rows, accountId: channel.accountId, botId: channel.botId, state: JSON.stringify(initialState()),
      profile: { firstName: profile?.firstName ?? null, lastName: profile?.lastName ?? null, email: profile?.email ?? null },
    });
    if (stored === undefined) return undefined;
    const { conversation, eventId, messageId } = stored;
    // A provider's retry of an event stored before (no event now): nothing to run, so the claim the conversation was made with goes.
    if (eventId === null && stored.claimed !== undefined) await repositories(this.db).conversations.releaseLease(conversation.id, this.pump.owner);
    const claimed = eventId === null ? undefined : stored.claimed;
    return { conversationId: conversation.id, humanId: conversation.humanId, eventId, messageId, previousMessageId: null, storedAt: rows.now, conversationCreated: true, claimed };
  }

  /** Adds an event of the system's own (a timer, a request's result, a script) to a conversation's inbox. */
  async enqueue(conversationId: number, event: ConversationEvent, dedupKey: string | null): Promise<number | null> {
    const repos = repositories(this.db);
    const conversation = await repos.conversations.find(conversationId);
    if (conversation === undefined) return null;
    const id = await repos.inbox.add({ conversationId, channelId: conversation.channelId, kind: event.kind, dedupKey, payload: JSON.stringify({ event, device: null }) }, isoNow(this.clock));
    if (id !== null) this.pump.kick(conversationId);
    return id;
  }

  /**
   * The human writing from the envelope's address, found or made (a first contact). `newHuman`: made by this transaction
   * and linked to the address by it, so it has no subscription or conversation row yet and none is looked for: four
   * statements fewer for a first message (the subscription's read, update and insert become one insert; the identity's
   * second read and the conversation's read go).
   */
  private async humanFor(tx: Kysely<Database>, envelope: InboundEnvelope, now: string): Promise<{ humanId: number; newHuman: boolean }> {
    const repos = repositories(tx);
    const { channel, address } = envelope;
    const known = await repos.identities.humanOf(channel.id, address);
    if (known !== undefined) return { humanId: known, newHuman: false };
    const phone = isPhoneType(channel.type) ? address : envelope.profile?.phone ?? null;
    const byPhone = phone === null ? undefined : await repos.humanRecords.idByPhone(channel.accountId, phone);
    const created = byPhone === undefined;
    const humanId = byPhone ?? await repos.humanRecords.create(channel.accountId, { ...envelope.profile, phone }, now);
    // A human who writes in is subscribed to the channel, unless they unsubscribed before.
    if (created) await repos.humanRecords.subscribeNew(channel.id, humanId, now);
    const subscribed = created || (!(await repos.humanRecords.hasSubscriptionRow(channel.id, humanId)) && await repos.humanRecords.setSubscribed(channel.id, humanId, true, now));
    // Webhooks: human.subscribed (first contact), committed with the subscription.
    if (subscribed) await this.webhookEvents.record(tx, channel.accountId, { type: 'human.subscribed', channelId: channel.id, humanId, source: 'first-contact', at: now });
    const linked = await repos.identities.link(channel.accountId, channel.id, address, humanId, now);
    // Another transaction linked the address first: its human is the one writing, and may have rows already.
    return { humanId: linked, newHuman: created && linked === humanId };
  }
}

/** The inbox's key for a provider's message id: a provider's retry of it is one event. */
function dedupKeyOf(envelope: InboundEnvelope): string | null {
  return envelope.providerMessageId === null ? null : `msg:${envelope.providerMessageId}`;
}

/** What the inbox keeps of an inbound event. */
function inboxPayload(envelope: InboundEnvelope): string {
  return JSON.stringify({ event: envelope.event, device: envelope.device ?? null });
}
