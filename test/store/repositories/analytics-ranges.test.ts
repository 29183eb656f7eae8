// A range of days read as whole months from the month rows and its ragged ends from the day rows, each day once.
import { describe, expect, it } from 'vitest';
import { monthOf, rangeRows, withMonths } from '../../../src/store/repositories/analytics.js';

describe('rangeRows', () => {
  it('reads a range inside one month from its days', () => {
    expect(rangeRows('2026-03-05', '2026-03-20')).toEqual({ days: [['2026-03-05', '2026-03-20']], months: null });
    expect(rangeRows('2026-03-02', '2026-04-30')).toEqual({ days: [['2026-03-02', '2026-03-31']], months: ['M2026-04', 'M2026-04'] });
  });

  it('reads whole months from the month rows and the ends from the days', () => {
    expect(rangeRows('2025-12-05', '2026-11-30')).toEqual({ days: [['2025-12-05', '2025-12-31']], months: ['M2026-01', 'M2026-11'] });
    expect(rangeRows('2026-01-01', '2026-12-04')).toEqual({ days: [['2026-12-01', '2026-12-04']], months: ['M2026-01', 'M2026-11'] });
    expect(rangeRows('2024-02-29', '2025-03-01')).toEqual({
      days: [['2024-02-29', '2024-02-29'], ['2025-03-01', '2025-03-01']], months: ['M2024-03', 'M2025-02'],
    });
  });

  it('takes no month that is not whole, a February of a leap year included', () => {
    expect(rangeRows('2024-02-01', '2024-02-28')).toEqual({ days: [['2024-02-01', '2024-02-28']], months: null });
    expect(rangeRows('2024-02-01', '2024-02-29')).toEqual({ days: [], months: ['M2024-02', 'M2024-02'] });
  });

  it('keeps each tally on its day and its month; a month sorts after every day', () => {
    expect(withMonths([{ day: '2026-12-04', botId: 1, channelId: 2, metric: 'entered', key: 'menu', n: 1 }]).map((t) => t.day)).toEqual(['2026-12-04', 'M2026-12']);
    expect(monthOf('2026-12-31') > '2026-12-31' && monthOf('2020-01-01') > '2099-12-31').toBe(true);
  });
});
