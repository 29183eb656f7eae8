// The consent ledger read back (docs/consent.md): a human's opt-ins and opt-outs with where each came from, their state
// per channel family now, and the account's entries over a range of days as CSV for an audit.
import { ownedBy } from '../errors.js';
import type { ConsentRow, Repositories } from '../store/index.js';
import { addDays, apiDate, isoNow, utcDay, type Clock } from '../time.js';
import { dayRange } from './day-range.js';
import { csvLines } from './analytics/csv.js';

export interface ConsentEvent { family: string; state: 'in' | 'out'; source: string; channelId: number | null; proof: string | null; date: string }

/** Entries read per statement while an export streams. */
const EXPORT_PAGE = 5000;

const present = (r: ConsentRow): ConsentEvent => ({ family: r.family, state: r.state, source: r.source, channelId: r.channel_id, proof: r.proof, date: apiDate(r.created_at) });

export class ConsentService {
  constructor(private readonly repos: Repositories, private readonly clock: Clock) {}

  /** Every entry of the human, oldest first, and the newest per family: their consent now. */
  async ofHuman(accountId: number, humanId: number): Promise<{ humanId: number; current: ConsentEvent[]; events: ConsentEvent[] }> {
    ownedBy(await this.repos.humans.find(humanId), accountId, 'Human', humanId);
    const events = (await this.repos.consent.ofHuman(humanId)).map(present);
    const current = new Map<string, ConsentEvent>();
    for (const e of events) current.set(e.family, e);
    return { humanId, current: [...current.values()].sort((a, b) => a.family.localeCompare(b.family)), events };
  }

  /** The range an export covers: both days counted, as every range of days the API takes (day-range.ts). */
  range(from: string | undefined, to: string | undefined): { from: string; to: string } {
    return dayRange({ from, to }, utcDay(Date.parse(isoNow(this.clock))));
  }

  /** The account's entries in the range as CSV, a page at a time (an export never holds the ledger in memory). */
  async *csv(accountId: number, range: { from: string; to: string }): AsyncGenerator<string> {
    const header = ['date', 'humanId', 'family', 'state', 'source', 'channelId', 'proof'];
    yield csvLines([header]);
    const start = `${range.from}T00:00:00.000Z`;
    const end = `${addDays(range.to, 1)}T00:00:00.000Z`;
    for (let after = 0; ;) {
      const rows = await this.repos.consent.page(accountId, start, end, after, EXPORT_PAGE);
      if (rows.length === 0) return;
      yield csvLines(rows.map((r) => [apiDate(r.created_at), r.human_id, r.family, r.state, r.source, r.channel_id, r.proof]));
      after = rows[rows.length - 1]!.id;
    }
  }
}
