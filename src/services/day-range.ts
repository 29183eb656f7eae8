// A range of whole UTC days as the API takes it (`from`, `to`, both counted): checked, with the defaults every such
// query shares (the 30 days up to today; `from` alone: 30 days from it, not past today), at most MAX_RANGE_DAYS long.
import { UnprocessableError } from '../errors.js';
import { addDays, daysSpanned, isCalendarDay } from '../time.js';

export const DEFAULT_RANGE_DAYS = 30;
export const MAX_RANGE_DAYS = 367;

const minDay = (a: string, b: string) => (a < b ? a : b);

export function dayRange(q: { from?: string | undefined; to?: string | undefined }, today: string): { from: string; to: string } {
  for (const [name, value] of [['from', q.from], ['to', q.to]] as const) {
    if (value !== undefined && !isCalendarDay(value)) throw new UnprocessableError(`${name}: ${JSON.stringify(value)} is not a day (yyyy-mm-dd).`);
  }
  const to = q.to ?? (q.from !== undefined ? minDay(addDays(q.from, DEFAULT_RANGE_DAYS - 1), today) : today);
  const from = q.from ?? addDays(to, -(DEFAULT_RANGE_DAYS - 1));
  if (from > to) throw new UnprocessableError(`from (${from}) is after to (${to}).`);
  const days = daysSpanned(from, to);
  if (days > MAX_RANGE_DAYS) throw new UnprocessableError(`The range holds ${days} days; at most ${MAX_RANGE_DAYS} are read at once.`);
  return { from, to };
}
