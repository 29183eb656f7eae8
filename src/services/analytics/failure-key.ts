// A failed message as analytics count it: once under `failed` (what totals and days read), and once under `failures`
// by its reason (what the channels' table reads), cut at 200 characters as the upgrade's count of earlier failures cuts it.
import type { Tally } from '../../store/index.js';

export function failureKey(reason: string | null): string {
  return reason === null ? '' : Array.from(reason).slice(0, 200).join('');
}

export function failureTallies(on: Pick<Tally, 'day' | 'botId' | 'channelId'>, reason: string | null): Tally[] {
  return [{ ...on, metric: 'failed', key: '', n: 1 }, { ...on, metric: 'failures', key: failureKey(reason), n: 1 }];
}
