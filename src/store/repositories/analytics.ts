// The analytics rollups: counts added in the caller's transaction, and read back summed over days, bots and channels.
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { runCompiled } from './compiled.js';
import type { Database } from '../schema.js';
import { addDays } from '../../time.js';

/** The journal's metric for a text the bot did not understand (key: the text); folded into analytics_unrecognised. */
export const UNRECOGNISED_TEXT = 'unrecognised_text';

/** One addition to a count; `n` may be negative (a conversation's drop-off moves from one interaction to the next). */
export interface Tally {
  day: string;
  botId: number;
  channelId: number;
  metric: string;
  key: string;
  n: number;
}

/** What a read sums over: days from and to (inclusive, yyyy-mm-dd), and optionally one bot or one channel. */
export interface AnalyticsScope {
  accountId: number;
  from: string;
  to: string;
  botId?: number;
  channelId?: number;
}

/** A sum of counts; `day` and `channelId` are null when the sum is over all of them. */
export interface CountRow { day: string | null; channelId: number | null; metric: string; key: string; count: number }
export interface UnrecognisedRow { text: string; count: number; lastAt: string }

const tallyKey = (t: Tally) => `${t.day}\u0000${t.botId}\u0000${t.channelId}\u0000${t.metric}\u0000${t.key}`;

/** The tallies with equal keys added together, and those that come to nothing left out: one row each for one statement. */
export function mergeTallies(tallies: readonly Tally[]): Tally[] {
  const merged = new Map<string, Tally>();
  for (const t of tallies) {
    const key = tallyKey(t);
    const seen = merged.get(key);
    if (seen === undefined) merged.set(key, { ...t });
    else seen.n += t.n;
  }
  // In key order: concurrent transactions on PostgreSQL then lock the rows they share in the same order (no deadlock).
  return [...merged.values()].filter((t) => t.n !== 0).sort((a, b) => (a.metric < b.metric ? -1 : a.metric > b.metric ? 1 : 0)
    || (a.day < b.day ? -1 : a.day > b.day ? 1 : 0) || a.botId - b.botId || a.channelId - b.channelId
    || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * Each count is kept twice: on its day (`yyyy-mm-dd`) and on its month (`Myyyy-mm`, which sorts after every day, so a
 * range of days never takes a month in). A long range reads its whole months from the month rows and only its ragged
 * ends from the days: a year is a twelfth of the rows.
 */
export const monthOf = (day: string): string => `M${day.slice(0, 7)}`;

/** The tallies as the rows they add to: each on its day and on its month. */
export function withMonths(tallies: readonly Tally[]): Tally[] {
  return tallies.flatMap((t) => [t, { ...t, day: monthOf(t.day) }]);
}

/** The day rows and month rows that together cover from…to (inclusive days) once each. */
export function rangeRows(from: string, to: string): { days: [string, string][]; months: [string, string] | null } {
  const firstFull = from.endsWith('-01') ? from.slice(0, 7) : addDays(`${from.slice(0, 7)}-28`, 4).slice(0, 7);
  const next = addDays(to, 1);
  const lastFull = next.endsWith('-01') ? to.slice(0, 7) : addDays(`${to.slice(0, 7)}-01`, -1).slice(0, 7);
  if (firstFull > lastFull) return { days: [[from, to]], months: null };
  const days: [string, string][] = [];
  if (from < `${firstFull}-01`) days.push([from, addDays(`${firstFull}-01`, -1)]);
  const afterLast = addDays(`${lastFull}-28`, 4).slice(0, 7);
  if (to >= `${afterLast}-01`) days.push([`${afterLast}-01`, to]);
  return { days, months: [`M${firstFull}`, `M${lastFull}`] };
}

/** The scope's account, bot and channel, without the account's trial channels, as conditions on the table `alias`. */
function scopeWhere(alias: string, scope: AnalyticsScope, trial: readonly number[]) {
  const t = sql.raw(alias);
  return sql.join([
    sql`${t}.account_id = ${scope.accountId}`,
    ...(scope.botId === undefined ? [] : [sql`${t}.bot_id = ${scope.botId}`]),
    ...(scope.channelId === undefined ? [] : [sql`${t}.channel_id = ${scope.channelId}`]),
    ...(trial.length === 0 ? [] : [sql`${t}.channel_id NOT IN (${sql.join(trial.map((id) => sql`${id}`))})`]),
  ], sql` AND `);
}

export class AnalyticsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Appends the tallies of one account to the journal (merged first: one row per key), by one statement compiled once:
   * the rows go as one JSON parameter (SQLite) or arrays (PostgreSQL), whatever their number.
   */
  async add(accountId: number, tallies: readonly Tally[]): Promise<void> {
    const rows = mergeTallies(tallies);
    if (rows.length === 0) return;
    const postgres = this.db.getExecutor().adapter instanceof PostgresAdapter;
    if (postgres) {
      await runCompiled(this.db, 'analytics.journal', (db) => sql`INSERT INTO analytics_deltas (account_id, day, bot_id, channel_id, metric, key, n)
        SELECT ${0}::integer, t.day, t.bot_id, t.channel_id, t.metric, t.key, t.n
        FROM unnest(${[]}::text[], ${[]}::int[], ${[]}::int[], ${[]}::text[], ${[]}::text[], ${[]}::bigint[]) AS t(day, bot_id, channel_id, metric, key, n)`.compile(db),
      [accountId, rows.map((t) => t.day), rows.map((t) => t.botId), rows.map((t) => t.channelId), rows.map((t) => t.metric), rows.map((t) => t.key), rows.map((t) => t.n)]);
      return;
    }
    await runCompiled(this.db, 'analytics.journal', (db) => sql`INSERT INTO analytics_deltas (account_id, day, bot_id, channel_id, metric, key, n)
      SELECT ${0}, json_extract(j.value, '$[0]'), json_extract(j.value, '$[1]'), json_extract(j.value, '$[2]'), json_extract(j.value, '$[3]'),
        json_extract(j.value, '$[4]'), json_extract(j.value, '$[5]')
      FROM json_each(${''}) j`.compile(db),
    [accountId, JSON.stringify(rows.map((t) => [t.day, t.botId, t.channelId, t.metric, t.key, t.n]))]);
  }

  /**
   * Folds up to `limit` journal rows into the rollups (each on its day and its month) and deletes them: call it in a
   * transaction, which then holds them (PostgreSQL: rows another process folds meanwhile are skipped, not waited for).
   * Returns how many it folded.
   */
  async fold(limit: number, skipLocked: boolean): Promise<number> {
    let q = this.db.selectFrom('analytics_deltas').selectAll().orderBy('id').limit(limit);
    if (skipLocked) q = q.forUpdate().skipLocked();
    const deltas = await q.execute();
    if (deltas.length === 0) return 0;
    const accounts = new Set((await this.db.selectFrom('accounts').select('id').where('id', 'in', [...new Set(deltas.map((d) => d.account_id))]).execute()).map((a) => a.id));
    const byAccount = new Map<number, Tally[]>();
    for (const d of deltas) {
      // An account deleted since: its counts went with it.
      if (!accounts.has(d.account_id)) continue;
      const list = byAccount.get(d.account_id) ?? [];
      list.push({ day: d.day, botId: d.bot_id, channelId: d.channel_id, metric: d.metric, key: d.key, n: Number(d.n) });
      byAccount.set(d.account_id, list);
    }
    const at = new Date().toISOString();
    for (const [accountId, all] of [...byAccount].sort((a, b) => a[0] - b[0])) {
      // The texts not understood go to their own table (when last seen: this fold, within a second of it).
      const texts = mergeTallies(all.filter((t) => t.metric === UNRECOGNISED_TEXT));
      for (let i = 0; i < texts.length; i += 500) {
        await this.db.insertInto('analytics_unrecognised')
          .values(texts.slice(i, i + 500).map((t) => ({ account_id: accountId, day: t.day, bot_id: t.botId, channel_id: t.channelId, text: t.key, count: t.n, last_at: at })))
          .onConflict((oc) => oc.columns(['account_id', 'day', 'bot_id', 'channel_id', 'text'])
            .doUpdateSet({ count: sql`analytics_unrecognised.count + excluded.count`, last_at: sql`excluded.last_at` }))
          .execute();
      }
      const tallies = all.filter((t) => t.metric !== UNRECOGNISED_TEXT);
      const rows = mergeTallies(withMonths(tallies));
      for (let i = 0; i < rows.length; i += 500) {
        await this.db.insertInto('analytics_counts')
          .values(rows.slice(i, i + 500).map((t) => ({ account_id: accountId, day: t.day, bot_id: t.botId, channel_id: t.channelId, metric: t.metric, key: t.key, count: t.n })))
          .onConflict((oc) => oc.columns(['account_id', 'metric', 'day', 'bot_id', 'channel_id', 'key'])
            .doUpdateSet({ count: sql`analytics_counts.count + excluded.count` }))
          .execute();
      }
    }
    const ids = deltas.map((d) => d.id);
    for (let i = 0; i < ids.length; i += 1000) await this.db.deleteFrom('analytics_deltas').where('id', 'in', ids.slice(i, i + 1000)).execute();
    return deltas.length;
  }

  /** Adds tallies counted on a conversation's bot (read from the conversation: a status report knows only its message). */
  async addForConversation(accountId: number, conversationId: number, tallies: readonly Omit<Tally, 'botId'>[]): Promise<void> {
    const conversation = await this.db.selectFrom('conversations').select('bot_id').where('id', '=', conversationId).executeTakeFirst();
    if (conversation === undefined) return;
    await this.add(accountId, tallies.map((t) => ({ ...t, botId: conversation.bot_id })));
  }

  /**
   * The counts of the scope summed per metric and key, and per day or channel when `by` says so (the database adds them
   * up: a year of an interaction-rich bot is hundreds of thousands of rows); trial channels (the console's "try it") left out.
   */
  async counts(scope: AnalyticsScope, metrics: readonly string[], by: 'total' | 'day' | 'channel'): Promise<CountRow[]> {
    const trial = await this.trialChannels(scope.accountId);
    // Per day: the day rows; otherwise whole months from the month rows and the ends from the days. A statement per
    // range (an OR of ranges made SQLite read every day of the metrics), each adding the journal's rows of its days not
    // folded yet: one statement sees one snapshot, so a fold in between neither hides a row nor shows it twice.
    const rows = by === 'day' ? { days: [[scope.from, scope.to] as [string, string]], months: null } : rangeRows(scope.from, scope.to);
    const ranges = [...rows.days.map((r) => ({ range: r, months: false })), ...(rows.months === null ? [] : [{ range: rows.months, months: true }])];
    const group = by === 'day' ? sql.raw('day') : by === 'channel' ? sql.raw('channel_id') : sql.raw("''");
    const filters = (t: 'c' | 'd') => sql.join([
      scopeWhere(t, scope, trial), sql`${sql.raw(t)}.metric IN (${sql.join(metrics.map((m) => sql`${m}`))})`,
    ], sql` AND `);
    const summed = new Map<string, CountRow>();
    for (const { range: [from, to], months } of ranges) {
      // The journal keeps days: a month range takes the journal rows whose day falls in its months.
      const journalDay = months ? sql`d.day >= ${`${from.slice(1)}-01`} AND d.day <= ${`${to.slice(1)}-31`}` : sql`d.day >= ${from} AND d.day <= ${to}`;
      const { rows: sums } = await sql<{ g: string | number; metric: string; key: string; total: string | number }>`
        SELECT g, metric, key, sum(n) AS total FROM (
          SELECT ${group} AS g, c.metric, c.key, c.count AS n FROM analytics_counts c WHERE ${filters('c')} AND c.day >= ${from} AND c.day <= ${to}
          UNION ALL
          SELECT ${group} AS g, d.metric, d.key, d.n FROM analytics_deltas d WHERE ${filters('d')} AND ${journalDay}
        ) u GROUP BY g, metric, key`.execute(this.db);
      for (const r of sums) {
        const day = by === 'day' ? String(r.g) : null;
        const channelId = by === 'channel' ? Number(r.g) : null;
        const id = `${day}\u0000${channelId}\u0000${r.metric}\u0000${r.key}`;
        const seen = summed.get(id);
        if (seen === undefined) summed.set(id, { day, channelId, metric: r.metric, key: r.key, count: Number(r.total) });
        else seen.count += Number(r.total);
      }
    }
    return [...summed.values()];
  }

  /** The texts not understood in the scope, most frequent first (with the journal's not folded yet, in the same statement). */
  async unrecognised(scope: AnalyticsScope, limit: number): Promise<UnrecognisedRow[]> {
    const trial = await this.trialChannels(scope.accountId);
    const filters = (t: 'u' | 'd') => sql.join([
      scopeWhere(t, scope, trial), sql`${sql.raw(t)}.day >= ${scope.from}`, sql`${sql.raw(t)}.day <= ${scope.to}`,
    ], sql` AND `);
    const now = new Date().toISOString();
    const { rows } = await sql<{ text: string; total: string | number; last_at: string }>`
      SELECT text, sum(n) AS total, max(last_at) AS last_at FROM (
        SELECT u.text, u.count AS n, u.last_at FROM analytics_unrecognised u WHERE ${filters('u')}
        UNION ALL
        SELECT d.key AS text, d.n, CAST(${now} AS TEXT) AS last_at FROM analytics_deltas d WHERE d.metric = ${UNRECOGNISED_TEXT} AND ${filters('d')}
      ) x GROUP BY text ORDER BY sum(n) DESC, max(last_at) DESC, text LIMIT ${limit}`.execute(this.db);
    return rows.map((r) => ({ text: r.text, count: Number(r.total), lastAt: r.last_at }));
  }

  /** The account's trial channels, read first: most accounts have none, and then the sums need no filter at all. */
  private async trialChannels(accountId: number): Promise<number[]> {
    const rows = await this.db.selectFrom('channels').select('id').where('account_id', '=', accountId).where('trial', '=', 1).execute();
    return rows.map((r) => r.id);
  }
}
