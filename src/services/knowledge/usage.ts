// Token usage of answers by bot and day (GET /v1/usage), read from the daily rollup written with each answer.
import type { Kysely } from 'kysely';
import { UnprocessableError } from '../../errors.js';
import type { Database } from '../../store/index.js';
import { addDays, type Clock, daysSpanned, utcDay } from '../../time.js';

export interface UsageDay {
  day: string;
  botId: number;
  answers: number;
  fallbacks: number;
  promptTokens: number;
  completionTokens: number;
}

export interface UsageReport {
  from: string;
  to: string;
  days: UsageDay[];
  totals: { answers: number; fallbacks: number; promptTokens: number; completionTokens: number };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MAX_DAYS = 366;

export class UsageService {
  constructor(private readonly db: Kysely<Database>, private readonly clock: Clock) {}

  /** Days from `from` to `to` (UTC, inclusive; default the last 30), one row per bot and day with answers. */
  async report(accountId: number, query: { from?: string; to?: string; botId?: number }): Promise<UsageReport> {
    const day = (name: string, value: string): string => {
      if (!DAY.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) throw new UnprocessableError(`${name}: a date yyyy-mm-dd is required.`);
      return value;
    };
    // `to` is checked first: the default `from` is counted back from it.
    const to = day('to', query.to ?? utcDay(this.clock().getTime()));
    const from = day('from', query.from ?? addDays(to, -29));
    if (from > to) throw new UnprocessableError('from is after to.');
    if (daysSpanned(from, to) > MAX_DAYS) throw new UnprocessableError(`At most ${MAX_DAYS} days at once.`);
    let q = this.db.selectFrom('knowledge_usage_daily').selectAll().where('account_id', '=', accountId).where('day', '>=', from).where('day', '<=', to);
    if (query.botId !== undefined) q = q.where('bot_id', '=', query.botId);
    const rows = await q.orderBy('day').orderBy('bot_id').execute();
    const days = rows.map((r) => ({
      day: r.day, botId: r.bot_id, answers: Number(r.answers), fallbacks: Number(r.fallbacks), promptTokens: Number(r.prompt_tokens), completionTokens: Number(r.completion_tokens),
    }));
    const totals = days.reduce((t, d) => ({
      answers: t.answers + d.answers, fallbacks: t.fallbacks + d.fallbacks, promptTokens: t.promptTokens + d.promptTokens, completionTokens: t.completionTokens + d.completionTokens,
    }), { answers: 0, fallbacks: 0, promptTokens: 0, completionTokens: 0 });
    return { from, to, days, totals };
  }
}
