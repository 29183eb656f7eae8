// The account at a glance, for the console's overview: channels, conversations, today's messages per channel type, failures.
import type { OverviewCounts, Repositories } from '../store/index.js';
import { apiDate, type Clock } from '../time.js';

export interface Overview extends OverviewCounts {
  /** Where "today" starts: midnight UTC, in the API's date format. */
  since: string;
}

export class OverviewService {
  constructor(private readonly repos: Pick<Repositories, 'overview'>, private readonly clock: Clock) {}

  async today(accountId: number): Promise<Overview> {
    const now = this.clock();
    const midnight = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())).toISOString();
    return { since: apiDate(midnight), ...(await this.repos.overview.counts(accountId, midnight)) };
  }
}
