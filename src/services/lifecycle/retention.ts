// Message history retention per account: the setting, and the daily job (on the durable job queue) that deletes older history.
import type { JobQueue } from '../../jobs/index.js';
import { type Database, RetentionRepository } from '../../store/index.js';
import type { Kysely } from 'kysely';
import { NotFoundError } from '../../errors.js';
import type { Clock } from '../../time.js';

export const RETENTION_QUEUE = 'retention.purge';

const DAY_MS = 86_400_000;
/** The purge runs at this hour (UTC), when most accounts are quietest. */
const PURGE_HOUR_UTC = 3;

export interface RetentionSetting {
  /** Days of message history kept; null keeps everything. */
  messageRetentionDays: number | null;
}

export interface PurgeReport {
  accounts: number;
  messages: number;
  events: number;
  /** Files people sent over WhatsApp or Telegram. */
  media: number;
}

/** The next PURGE_HOUR_UTC strictly after `now`. */
export function nextPurgeAt(now: Date): Date {
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), PURGE_HOUR_UTC));
  return at.getTime() > now.getTime() ? at : new Date(at.getTime() + DAY_MS);
}

export class RetentionService {
  private readonly repo: RetentionRepository;

  constructor(db: Kysely<Database>, private readonly jobs: JobQueue, private readonly clock: Clock) {
    this.repo = new RetentionRepository(db);
  }

  async get(accountId: number): Promise<RetentionSetting> {
    const days = await this.repo.days(accountId);
    if (days === undefined) throw new NotFoundError(`Account ${accountId} does not exist.`);
    return { messageRetentionDays: days };
  }

  async set(accountId: number, setting: RetentionSetting): Promise<RetentionSetting> {
    await this.repo.setDays(accountId, setting.messageRetentionDays);
    return this.get(accountId);
  }

  /** Deletes, for every account with a retention, the history older than it; what the daily job runs. */
  async purge(): Promise<PurgeReport> {
    const now = this.clock().getTime();
    const report: PurgeReport = { accounts: 0, messages: 0, events: 0, media: 0 };
    for (const { accountId, days } of await this.repo.accountsWithRetention()) {
      const gone = await this.repo.purge(accountId, new Date(now - days * DAY_MS).toISOString());
      report.accounts += 1;
      report.messages += gone.messages;
      report.events += gone.events;
      report.media += gone.media;
    }
    return report;
  }

  /**
   * Makes sure the next daily run is queued. Its key names the day, so every process asking (each one on start, and each
   * run for the next day) stores one job for that day between them.
   */
  async schedule(): Promise<void> {
    const at = nextPurgeAt(this.clock());
    await this.jobs.send(RETENTION_QUEUE, {}, { runAt: at, key: `purge:${at.toISOString().slice(0, 10)}`, retryLimit: 3, retryDelayMs: 60_000 });
  }

  /** The job: purge, then queue tomorrow's run (a failed purge is retried by the queue; tomorrow's run is queued all the same). */
  async runJob(): Promise<void> {
    try {
      await this.purge();
    } finally {
      await this.schedule();
    }
  }
}
