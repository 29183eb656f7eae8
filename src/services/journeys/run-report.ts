// A journey run's report (GET /v1/journeys/{id}/runs/{runId}): its entries counted by status and reason, its messages by
// delivery status, replies, opt-outs and conversions, read at most as often as ReusedCounts allows.
import { consentFamily } from '../../channel-types.js';
import type { JourneyRunRepository, JourneyRunRow, Repositories, RunCounts } from '../../store/index.js';
import { apiDate } from '../../time.js';
import { ReusedCounts } from '../reused-counts.js';
import type { JourneyDefinition } from './journey-definition.js';

export interface JourneyRun {
  id: number;
  journeyId: number;
  version: number;
  trigger: 'human' | 'segment';
  key: string;
  /**
   * entering (the audience is being read), running (entries wait for their time), sending (every human started; their
   * interactions' messages have not all left), done, cancelled.
   */
  status: JourneyRunRow['status'] | 'sending';
  /** Humans of the audience read so far. */
  targeted: number;
  /** Humans the key had entered already (by an earlier run). */
  alreadyEntered: number;
  /** Entries waiting for their sending time. */
  waiting: number;
  /** Conversations started. */
  started: number;
  cancelled: number;
  skipped: { noConsent: number; unreachable: number; quietHours: number; expired: number };
  /** Humans started whose interaction has not run yet (its messages do not exist yet). */
  pending: number;
  /** What the started conversations' first run sent, by delivery status. */
  messages: { queued: number; sent: number; delivered: number; read: number; failed: number };
  /** Started humans who wrote back on the channel since. */
  replied: number;
  /** Started humans who opted out of the channel's family since. */
  optedOut: number;
  /** Started humans whose conversation entered the journey's goal. */
  converted: number;
  /** When the next waiting entry is due; null when none waits. */
  nextDue: string | null;
  startsAt: string | null;
  expiresAt: string | null;
  dateCreated: string;
  dateCompleted: string | null;
}

/** What a report is made of, read together. */
interface RunTally { counts: RunCounts; status: Record<string, number>; optedOut: number; pending: number }

export class RunReports {
  private readonly counted = new ReusedCounts<RunTally>();

  constructor(private readonly runs: JourneyRunRepository, private readonly repos: Repositories,
    private readonly definitionOf: (run: JourneyRunRow) => Promise<JourneyDefinition>) {}

  /** The run's report: its counts read at most as often as ReusedCounts allows (a run of 100,000 takes a while to count). */
  async of(run: JourneyRunRow): Promise<JourneyRun> {
    const { counts, status, optedOut, pending } = await this.counted.get(`${run.id}:${run.status}`, () => this.count(run));
    const next = counts.waiting === 0 ? null : await this.runs.nextDue(run.id);
    const entered = counts.waiting + counts.started + counts.cancelled + Object.values(counts.skipped).reduce((a, b) => a + b, 0);
    const messages = { queued: status.queued ?? 0, sent: status.sent ?? 0, delivered: status.delivered ?? 0, read: status.read ?? 0, failed: status.failed ?? 0 };
    const leaving = run.status === 'done' && (pending > 0 || messages.queued > 0);
    return {
      id: run.id, journeyId: run.journey_id, version: run.version, trigger: run.trigger, key: run.trigger_key, status: leaving ? 'sending' : run.status,
      targeted: run.targeted, alreadyEntered: Math.max(0, run.targeted - entered),
      waiting: counts.waiting, started: counts.started, cancelled: counts.cancelled,
      skipped: {
        noConsent: counts.skipped.no_consent ?? 0, unreachable: counts.skipped.unreachable ?? 0,
        quietHours: counts.skipped.quiet_hours ?? 0, expired: counts.skipped.expired ?? 0,
      },
      pending, messages,
      replied: counts.replied, optedOut, converted: counts.converted,
      nextDue: next === null ? null : apiDate(next),
      startsAt: run.starts_at === null ? null : apiDate(run.starts_at),
      expiresAt: run.expires_at === null ? null : apiDate(run.expires_at),
      dateCreated: apiDate(run.created_at), dateCompleted: run.completed_at === null ? null : apiDate(run.completed_at),
    };
  }

  private async count(run: JourneyRunRow): Promise<RunTally> {
    const definition = await this.definitionOf(run);
    const family = consentFamily((await this.repos.channels.find(definition.channelId))?.channelType ?? '');
    // Pending first: a run marks its event done and stores its messages in one commit, so messages counted after the
    // pending events include every one of theirs (as batch counts do).
    const pending = await this.runs.pendingEvents(run.batch_id);
    const counts = await this.runs.counts(run.id);
    const status = await this.repos.batches.statusCounts(run.batch_id);
    const optedOut = family === null ? 0 : await this.runs.optedOutSince({ id: run.id, journeyId: run.journey_id, accountId: run.account_id, since: run.created_at }, family);
    return { counts, status, optedOut, pending };
  }
}
