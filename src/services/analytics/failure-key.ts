// A failed message as analytics count it: once under `failed` (what totals and days read), and once under `failures`
// by its reason (what the channels' table reads), cut at 200 characters as the upgrade's count of earlier failures cuts it.
import type { Tally } from '../../store/index.js';

export function failureKey(reason: string | null): string {
  return reason === null ? '' : Array.from(reason).slice(0, 200).join('');
}

/** `on`: the day and channel, and the bot when the caller knows it (a status report does not: the store reads it). */
export function failureTallies<On extends Pick<Tally, 'day' | 'channelId'>>(on: On, reason: string | null): (On & Pick<Tally, 'metric' | 'key' | 'n'>)[] {
  return [{ ...on, metric: 'failed', key: '', n: 1 }, { ...on, metric: 'failures', key: failureKey(reason), n: 1 }];
}
