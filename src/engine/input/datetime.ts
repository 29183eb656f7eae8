// Reading a date and time written the way people write them ("tomorrow at 3pm", "next Monday", "2025-03-05 14:00").
import * as chrono from 'chrono-node';
import { DateTime } from 'luxon';

/**
 * The date-time the text names, as `yyyy-MM-dd'T'HH:mm:ss` in the bot's time zone (the form the
 * datetime attributes use), or null. Relative words are read from `now` in that zone; a date
 * without a time is taken at midnight.
 */
export function parseDateTime(text: string, now: Date, timeZone: string): string | null {
  const zoned = DateTime.fromJSDate(now, { zone: timeZone });
  // chrono works on wall-clock fields; give it the zone's wall clock and read its answer back the same way.
  const reference = new Date(zoned.year, zoned.month - 1, zoned.day, zoned.hour, zoned.minute, zoned.second);
  const results = chrono.parse(text, { instant: reference }, { forwardDate: true });
  const first = results[0];
  if (first === undefined) return null;
  // Most of the message must be the date: "my order 42 is late" is not a date answer.
  const covered = first.text.replace(/\s+/g, '').length / Math.max(1, text.replace(/\s+/g, '').length);
  if (covered < 0.5) return null;
  const c = first.start;
  const local = DateTime.fromObject({
    year: c.get('year') ?? zoned.year,
    month: c.get('month') ?? zoned.month,
    day: c.get('day') ?? zoned.day,
    hour: c.isCertain('hour') ? c.get('hour') ?? 0 : 0,
    minute: c.isCertain('minute') ? c.get('minute') ?? 0 : 0,
    second: c.isCertain('second') ? c.get('second') ?? 0 : 0,
  }, { zone: timeZone });
  return local.isValid ? local.toFormat("yyyy-MM-dd'T'HH:mm:ss") : null;
}
