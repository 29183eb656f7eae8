// dateFormat(<datetime>,<format1>,<format2>): re-formats a date-time; empty string on any failure.
import { DateTime } from 'luxon';
import type { LanguageContext } from '../context.js';
import { DATETIME_DEFAULT_FORMATS, formatJava } from '../datetime-attributes.js';
import { javaPatternToLuxon } from '../java-date-pattern.js';
import { attributeOrText, textArgument } from './arguments.js';

/**
 * Parses text with a Java pattern (blank: ISO 8601). A value without an offset is read in the
 * context's zone; one with an offset keeps it, so the output shows the same wall-clock time.
 */
export function parseDateTime(text: string, pattern: string, zone: string): DateTime | undefined {
  const options = { zone, setZone: true };
  if (pattern.trim() === '') {
    const date = DateTime.fromISO(text, options);
    return date.isValid ? date : undefined;
  }
  const luxon = javaPatternToLuxon(pattern);
  if (luxon === null) return undefined;
  const date = DateTime.fromFormat(text, luxon, options);
  return date.isValid ? date : undefined;
}

export function dateFormat(args: readonly string[], ctx: LanguageContext): string {
  if (args.length !== 3) return '';
  const from = textArgument(args[1]);
  const to = textArgument(args[2]);
  const given = (args[0] ?? '').trim();
  let date = given === '' ? undefined : parseDateTime(given, from, ctx.timeZone);
  if (date === undefined) {
    const stored = attributeOrText(args[0], ctx);
    if (stored !== given && stored !== '') date = parseDateTime(stored, from, ctx.timeZone);
  }
  if (date === undefined) return '';
  return formatJava(date, to.trim() === '' ? DATETIME_DEFAULT_FORMATS.datetime : to) ?? '';
}
