// The records every message or request reads and that rarely change (channels, bots, token rows, webhook targets), kept in
// memory and dropped in every process when a service changes one (docs/scaling.md, "What each process keeps in memory").
import type { Kysely } from 'kysely';
import {
  type BotRepository, type BotRow, CachedReads, type ChangeFeed, type ChannelRepository, type ChannelRow, type Database,
  type JourneyRepository, type TokenRepository, type TokenRow, WebhookRepository,
} from '../store/index.js';

/** An enabled webhook subscription as event recording needs it: which events it takes. */
export interface WebhookTarget {
  id: number;
  eventTypes: readonly string[];
}

/** The reads behind the caches. */
export interface RecordReaders {
  channels: Pick<ChannelRepository, 'find'>;
  bots: Pick<BotRepository, 'find'>;
  tokens: Pick<TokenRepository, 'find'>;
  journeys: Pick<JourneyRepository, 'onChannel'>;
}

/** The journeys on a channel: their ids, and each goal interaction with the journeys whose goal it is. */
export interface ChannelJourneys {
  ids: readonly number[];
  goals: ReadonlyMap<string, readonly number[]>;
}

export class CachedRecords {
  private readonly channels: CachedReads<ChannelRow | null>;
  private readonly bots: CachedReads<BotRow | null>;
  private readonly tokens: CachedReads<TokenRow | null>;
  private readonly webhooks: CachedReads<readonly WebhookTarget[]>;
  private readonly journeys: CachedReads<ChannelJourneys>;

  constructor(feed: ChangeFeed, private readonly repos: RecordReaders) {
    this.channels = new CachedReads(feed, 'channel', 10_000);
    this.bots = new CachedReads(feed, 'bot', 10_000);
    this.tokens = new CachedReads(feed, 'token', 10_000);
    this.webhooks = new CachedReads(feed, 'webhooks', 10_000);
    this.journeys = new CachedReads(feed, 'journeys-on-channel', 10_000);
  }

  /** The channel's journeys: a reply there, or a run entering a goal, counts for their runs (most channels have none). */
  async journeysOn(channelId: number): Promise<ChannelJourneys> {
    return this.journeys.get(channelId, async () => {
      const rows = await this.repos.journeys.onChannel(channelId);
      const goals = new Map<string, number[]>();
      for (const { id, goal } of rows) if (goal !== null) goals.set(goal, [...(goals.get(goal) ?? []), id]);
      return { ids: rows.map((r) => r.id), goals };
    });
  }

  async channel(id: number): Promise<ChannelRow | undefined> {
    return (await this.channels.get(id, async () => (await this.repos.channels.find(id)) ?? null)) ?? undefined;
  }

  async bot(id: number): Promise<BotRow | undefined> {
    return (await this.bots.get(id, async () => (await this.repos.bots.find(id)) ?? null)) ?? undefined;
  }

  async token(jti: string): Promise<TokenRow | undefined> {
    return (await this.tokens.get(jti, async () => (await this.repos.tokens.find(jti)) ?? null)) ?? undefined;
  }

  /**
   * The account's enabled webhook subscriptions; most accounts have none, and every message asks. `db` reads them on a
   * miss: the caller's open transaction, since on SQLite a read beside it would wait for it to end.
   */
  async webhookTargets(accountId: number, db: Kysely<Database>): Promise<readonly WebhookTarget[]> {
    return this.webhooks.get(accountId, async () =>
      (await new WebhookRepository(db).enabledFor(accountId)).map((w) => ({ id: w.id, eventTypes: w.eventTypes })));
  }

  // Each is called once the change has committed; every process drops its copy.
  changedChannel(id: number): Promise<void> { return this.channels.invalidate(id); }
  changedBot(id: number): Promise<void> { return this.bots.invalidate(id); }
  changedToken(jti: string): Promise<void> { return this.tokens.invalidate(jti); }
  changedWebhooks(accountId: number): Promise<void> { return this.webhooks.invalidate(accountId); }
  changedJourneys(channelId: number): Promise<void> { return this.journeys.invalidate(channelId); }
}
