// datetime:* attributes in a time zone with an injected clock, and Java date patterns.
import { describe, expect, it } from 'vitest';
import { dateTimeAttribute, DATETIME_NAMES } from '../../../src/engine/language/datetime-attributes.js';
import { javaPatternToLuxon } from '../../../src/engine/language/java-date-pattern.js';
import { renderTemplate } from '../../../src/engine/language/render.js';
import { fixture, NOW } from './context-fixture.js';

describe('datetime attributes', () => {
  // NOW is Tuesday 2024-03-05 14:07:09 UTC; in New York that is 09:07:09 (EST, UTC-5).
  it.each([
    ['date', 'UTC', '2024-03-05'],
    ['time', 'UTC', '14:07:09'],
    ['datetime', 'UTC', '2024-03-05T14:07:09'],
    ['datetime', 'America/New_York', '2024-03-05T09:07:09'],
    ['date', 'Pacific/Kiritimati', '2024-03-06'],
    ['year', 'UTC', '2024'],
    ['quarterOfYear', 'UTC', '1'],
    ['monthName', 'UTC', 'March'],
    ['monthNumber', 'UTC', '3'],
    ['dayOfYear', 'UTC', '65'],
    ['dayOfMonth', 'UTC', '5'],
    ['dayOfWeekNumber', 'UTC', '2'],
    ['dayOfWeekName', 'UTC', 'Tuesday'],
    ['weekOfMonth', 'UTC', '1'],
    ['weekOfYear', 'UTC', '10'],
    ['hour', 'UTC', '14'],
    ['hour', 'America/New_York', '9'],
    ['minute', 'UTC', '7'],
    ['second', 'UTC', '9'],
  ])('datetime:%s in %s', (name, zone, expected) => {
    expect(dateTimeAttribute(name, null, NOW, zone)).toBe(expected);
  });

  it('covers every attribute of the spec table', () => {
    expect([...DATETIME_NAMES].sort()).toEqual([
      'date', 'datetime', 'dayOfMonth', 'dayOfWeekName', 'dayOfWeekNumber', 'dayOfYear', 'hour', 'minute',
      'monthName', 'monthNumber', 'quarterOfYear', 'second', 'time', 'weekOfMonth', 'weekOfYear', 'year',
    ]);
  });

  it('counts weeks of the month from the first day: days 29-31 are week 5', () => {
    expect(dateTimeAttribute('weekOfMonth', null, new Date('2024-03-29T12:00:00Z'), 'UTC')).toBe('5');
    expect(dateTimeAttribute('weekOfMonth', null, new Date('2024-03-07T12:00:00Z'), 'UTC')).toBe('1');
    expect(dateTimeAttribute('weekOfMonth', null, new Date('2024-03-08T12:00:00Z'), 'UTC')).toBe('2');
  });

  it('gives day 366 and Sunday = 7 where they occur', () => {
    expect(dateTimeAttribute('dayOfYear', null, new Date('2024-12-31T12:00:00Z'), 'UTC')).toBe('366');
    expect(dateTimeAttribute('dayOfWeekNumber', null, new Date('2024-03-10T12:00:00Z'), 'UTC')).toBe('7');
  });

  it('is undefined for unknown names', () => {
    expect(dateTimeAttribute('fortnight', null, NOW, 'UTC')).toBeUndefined();
    expect(dateTimeAttribute('constructor', null, NOW, 'UTC')).toBeUndefined();
  });

  it.each([
    ['{datetime:date(dd/MM/yyyy)}', '05/03/2024'],
    ["{datetime:datetime(yyyy-MM-dd'T'HH:mm:ss)}", '2024-03-05T15:07:09'],
    ["{datetime:datetime(yyyy-MM-dd'T'HH:mm:ssXXX)}", '2024-03-05T15:07:09+01:00'],
    ['{datetime:time(h:mm a)}', '3:07 PM'],
    ['{datetime:date(EEEE d MMMM yyyy)}', 'Tuesday 5 March 2024'],
    ['{datetime:date()}', '2024-03-05'],
    ['[{datetime:date(yyyy-MM-dd qqqq)}]', '[]'],
    ["{datetime:time(h 'o''clock')}", "3 o'clock"],
    ["{datetime:time(h''mm)}", "3'07"],
  ])('%s in Europe/Paris → %s', (src, expected) => {
    expect(renderTemplate(src, fixture({}, { timeZone: 'Europe/Paris' }).ctx)).toBe(expected);
  });

  it('follows the injected clock', () => {
    const { ctx } = fixture({}, { now: new Date('1999-12-31T23:59:59Z') });
    expect(renderTemplate('{datetime:year}-{datetime:monthNumber}-{datetime:second}', ctx)).toBe('1999-12-59');
  });
});

describe('javaPatternToLuxon', () => {
  it.each([
    ["yyyy-MM-dd'T'HH:mm:ss", "yyyy'-'MM'-'dd'T'HH':'mm':'ss"],
    ['dd/MM/yy', "dd'/'MM'/'yy"],
    ['D', 'o'],
    ['DDD', 'ooo'],
    ['EEE, d MMM', "EEE', 'd' 'MMM"],
    ['w', 'W'],
    ['SSS', 'SSS'],
    ['XXX', 'ZZ'],
    ['Z', 'ZZZ'],
  ])('%s → %s', (java, luxon) => {
    expect(javaPatternToLuxon(java)).toBe(luxon);
  });

  it.each(['qqqq', 'F', 'n', "'open", 'K'])('refuses %j', (java) => {
    expect(javaPatternToLuxon(java)).toBeNull();
  });
});
