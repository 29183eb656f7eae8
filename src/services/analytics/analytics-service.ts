// Analytics read from the rollups (never from the history): totals, days, channels, interactions and unrecognised texts.
import type { AnalyticsScope, CountRow, Repositories, UnrecognisedRow } from '../../store/index.js';
import { addDays, type Clock, utcDay } from '../../time.js';
import { dayRange } from '../day-range.js';

/** The longest range one request sums: a year and a day (a leap year's whole). */
export { MAX_RANGE_DAYS } from '../day-range.js';

export interface AnalyticsQuery {
  from?: string;
  to?: string;
  botId?: number;
  channelId?: number;
}

/** The figures one day, one channel or the whole range adds up to. */
export interface Figures {
  conversations: number;
  messagesIn: number;
  /** Outbound messages: the bot's, people's (agents) and automatic keyword replies (STOP, HELP). */
  messagesOut: { bot: number; agent: number; keyword: number; total: number };
  /** The bot handed the conversation to people (a step turned it off). */
  handoffs: number;
  /** A person took the conversation over from the bot. */
  takeovers: number;
  /** Conversations started that no step handed over and nobody took over: conversations − handoffs − takeovers (never below 0). */
  contained: number;
  /** contained / conversations; null with no conversation. */
  containment: number | null;
  unrecognised: number;
  optouts: number;
  /** People's replies that ended a wait for a person (a handoff, or the human asking for one). */
  agentFirstReplies: number;
  /** The average wait before them, in seconds; null without any. */
  agentFirstReplySeconds: number | null;
  delivered: number;
  read: number;
  failed: number;
}

export interface Range { from: string; to: string }

export interface InteractionFigures {
  interaction: string;
  entered: number;
  finished: number;
  /** Conversations whose last interaction entered this one is (entered in the range). */
  left: number;
  /** Of those, the ones that did not finish it: they went quiet in the middle of it. */
  dropped: number;
  /** dropped / entered; null when nothing entered it. */
  dropOff: number | null;
}
export interface ChannelFigures extends Figures { channelId: number; failures: { reason: string; count: number }[] }

function emptyFigures(): Figures {
  return {
    conversations: 0, messagesIn: 0, messagesOut: { bot: 0, agent: 0, keyword: 0, total: 0 }, handoffs: 0, takeovers: 0, contained: 0,
    containment: null, unrecognised: 0, optouts: 0, agentFirstReplies: 0, agentFirstReplySeconds: null, delivered: 0, read: 0, failed: 0,
  };
}

/** The seconds waited before people's first replies, summed per figures until `settle` makes them an average. */
const waited = new WeakMap<Figures, number>();

/** Adds one rollup row to the figures it belongs to. */
function addRow(f: Figures, r: CountRow): void {
  switch (r.metric) {
    case 'conversations': f.conversations += r.count; break;
    case 'messages_in': f.messagesIn += r.count; break;
    case 'messages_out': {
      const by = r.key === 'agent' || r.key === 'keyword' ? r.key : 'bot';
      f.messagesOut[by] += r.count;
      f.messagesOut.total += r.count;
      break;
    }
    case 'handoffs': f.handoffs += r.count; break;
    case 'takeovers': f.takeovers += r.count; break;
    case 'unrecognised': f.unrecognised += r.count; break;
    case 'optouts': f.optouts += r.count; break;
    case 'first_replies': f.agentFirstReplies += r.count; break;
    case 'first_reply_seconds': waited.set(f, (waited.get(f) ?? 0) + r.count); break;
    case 'delivered': f.delivered += r.count; break;
    case 'read': f.read += r.count; break;
    case 'failed': f.failed += r.count; break;
  }
}

function settle<T extends Figures>(f: T): T {
  f.contained = Math.max(0, f.conversations - f.handoffs - f.takeovers);
  f.containment = f.conversations === 0 ? null : f.contained / f.conversations;
  f.agentFirstReplySeconds = f.agentFirstReplies === 0 ? null : Math.round((waited.get(f) ?? 0) / f.agentFirstReplies);
  return f;
}

const FIGURE_METRICS = [
  'conversations', 'messages_in', 'messages_out', 'handoffs', 'takeovers', 'unrecognised', 'optouts', 'first_replies', 'first_reply_seconds',
  'delivered', 'read', 'failed',
];

export class AnalyticsService {
  constructor(
    private readonly repos: Pick<Repositories, 'analytics'>,
    private readonly clock: Clock,
    /** Throws (403, 404) unless the bot or channel is the account's. */
    private readonly owned: { bot: (accountId: number, id: number) => Promise<unknown>; channel: (accountId: number, id: number) => Promise<unknown> },
  ) {}

  /** The range asked (both days inclusive; by default the 30 days up to today, UTC) checked, and the bot or channel the account's. */
  async scope(accountId: number, q: AnalyticsQuery): Promise<AnalyticsScope & Range> {
    const { from, to } = dayRange(q, utcDay(this.clock().getTime()));
    if (q.botId !== undefined) await this.owned.bot(accountId, q.botId);
    if (q.channelId !== undefined) await this.owned.channel(accountId, q.channelId);
    return { accountId, from, to, ...(q.botId === undefined ? {} : { botId: q.botId }), ...(q.channelId === undefined ? {} : { channelId: q.channelId }) };
  }

  async totals(accountId: number, q: AnalyticsQuery): Promise<Range & Figures> {
    const scope = await this.scope(accountId, q);
    const f = emptyFigures();
    for (const r of await this.repos.analytics.counts(scope, FIGURE_METRICS, 'total')) addRow(f, r);
    return { from: scope.from, to: scope.to, ...settle(f) };
  }

  /** Every day of the range, in order, days without anything included. */
  async daily(accountId: number, q: AnalyticsQuery): Promise<Range & { days: (Figures & { day: string })[] }> {
    const scope = await this.scope(accountId, q);
    const days = new Map<string, Figures & { day: string }>();
    for (let d = scope.from; d <= scope.to; d = addDays(d, 1)) days.set(d, { day: d, ...emptyFigures() });
    for (const r of await this.repos.analytics.counts(scope, FIGURE_METRICS, 'day')) addRow(days.get(r.day!)!, r);
    return { from: scope.from, to: scope.to, days: [...days.values()].map(settle) };
  }

  /** Per channel that had anything in the range, with its failures by reason, most frequent first. */
  async channels(accountId: number, q: AnalyticsQuery): Promise<Range & { channels: ChannelFigures[] }> {
    const scope = await this.scope(accountId, q);
    const channels = new Map<number, ChannelFigures>();
    for (const r of await this.repos.analytics.counts(scope, [...FIGURE_METRICS, 'failures'], 'channel')) {
      let c = channels.get(r.channelId!);
      if (c === undefined) channels.set(r.channelId!, c = { channelId: r.channelId!, ...emptyFigures(), failures: [] });
      addRow(c, r);
      if (r.metric === 'failures') {
        const seen = c.failures.find((x) => x.reason === r.key);
        if (seen === undefined) c.failures.push({ reason: r.key, count: r.count });
        else seen.count += r.count;
      }
    }
    for (const c of channels.values()) c.failures.sort((a, b) => b.count - a.count || (a.reason < b.reason ? -1 : 1));
    return { from: scope.from, to: scope.to, channels: [...channels.values()].sort((a, b) => a.channelId - b.channelId).map(settle) };
  }

  /**
   * Per interaction: entered, finished (nothing left to run or wait for), left (conversations resting there) and dropped
   * (resting there unfinished), by the day each conversation entered it; most entered first.
   */
  async interactions(accountId: number, q: AnalyticsQuery): Promise<Range & { interactions: InteractionFigures[] }> {
    const scope = await this.scope(accountId, q);
    const by = new Map<string, InteractionFigures>();
    for (const r of await this.repos.analytics.counts(scope, ['entered', 'finished', 'left', 'dropped'], 'total')) {
      let i = by.get(r.key);
      if (i === undefined) by.set(r.key, i = { interaction: r.key, entered: 0, finished: 0, left: 0, dropped: 0, dropOff: null });
      i[r.metric as 'entered' | 'finished' | 'left' | 'dropped'] += r.count;
    }
    const interactions = [...by.values()].map((i) => ({ ...i, dropOff: i.entered === 0 ? null : Math.max(0, i.dropped) / i.entered }));
    interactions.sort((a, b) => b.entered - a.entered || (a.interaction < b.interaction ? -1 : 1));
    return { from: scope.from, to: scope.to, interactions };
  }

  async unrecognised(accountId: number, q: AnalyticsQuery, limit: number): Promise<Range & { texts: UnrecognisedRow[] }> {
    const scope = await this.scope(accountId, q);
    return { from: scope.from, to: scope.to, texts: await this.repos.analytics.unrecognised(scope, limit) };
  }
}
