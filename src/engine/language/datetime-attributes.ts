// The `datetime:*` attributes: the clock's instant seen in the configured time zone.
import { DateTime } from 'luxon';
import { javaPatternToLuxon } from './java-date-pattern.js';

export const DATETIME_DEFAULT_FORMATS = {
  date: 'yyyy-MM-dd',
  time: 'HH:mm:ss',
  datetime: "yyyy-MM-dd'T'HH:mm:ss",
} as const;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const NUMERIC: Record<string, (d: DateTime) => number | string> = {
  year: (d) => d.year,
  quarterOfYear: (d) => d.quarter,
  monthName: (d) => MONTHS[d.month - 1]!,
  monthNumber: (d) => d.month,
  dayOfYear: (d) => d.ordinal,
  dayOfMonth: (d) => d.day,
  dayOfWeekNumber: (d) => d.weekday,
  dayOfWeekName: (d) => WEEKDAYS[d.weekday - 1]!,
  weekOfMonth: (d) => Math.ceil(d.day / 7),
  weekOfYear: (d) => d.weekNumber,
  hour: (d) => d.hour,
  minute: (d) => d.minute,
  second: (d) => d.second,
};

export const DATETIME_NAMES: readonly string[] = [...Object.keys(DATETIME_DEFAULT_FORMATS), ...Object.keys(NUMERIC)];

export function isDateTimeName(name: string): boolean {
  return Object.hasOwn(DATETIME_DEFAULT_FORMATS, name) || Object.hasOwn(NUMERIC, name);
}

/** Formats a DateTime with a Java pattern; undefined when the pattern is not one we support. */
export function formatJava(date: DateTime, pattern: string): string | undefined {
  const luxon = javaPatternToLuxon(pattern);
  return luxon === null ? undefined : date.toFormat(luxon);
}

/**
 * The value of `datetime:<name>` (format only for date, time and datetime; blank means the
 * default). Undefined for an unknown name; an unsupported format renders empty.
 */
export function dateTimeAttribute(name: string, format: string | null, now: Date, zone: string): string | undefined {
  const date = DateTime.fromJSDate(now, { zone });
  if (Object.hasOwn(DATETIME_DEFAULT_FORMATS, name)) {
    const key = name as keyof typeof DATETIME_DEFAULT_FORMATS;
    const pattern = format === null || format.trim() === '' ? DATETIME_DEFAULT_FORMATS[key] : format;
    return formatJava(date, pattern) ?? '';
  }
  const read = Object.hasOwn(NUMERIC, name) ? NUMERIC[name] : undefined;
  return read === undefined ? undefined : String(read(date));
}
