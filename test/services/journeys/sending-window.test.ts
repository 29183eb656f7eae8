// When a journey may reach a human, on a virtual clock: the window and weekdays in their own zone, their country's
// quiet hours, every zone of a number whose range spans several, and days when daylight saving time changes.
import { describe, expect, it } from 'vitest';
import { nextSendingTime, SendingTimes, type Schedule } from '../../../src/services/journeys/sending-window.js';
import { phonePlace } from '../../../src/lookup/phone-time-zones.js';

const schedule = (s: Partial<Schedule> = {}): Schedule => ({ timeZone: 'UTC', window: { from: '09:00', to: '20:00' }, days: null, quietHours: {}, ...s });
const at = (iso: string) => new Date(iso);
const next = (now: string, phone: string, s: Schedule) => nextSendingTime(at(now), phonePlace(phone)!, s)?.toISOString() ?? null;

describe('the sending window', () => {
  it('reads a number\'s country and zone from its range', () => {
    expect(phonePlace('+12125550111')).toEqual({ country: 'US', zones: ['America/New_York'] });
    expect(phonePlace('+33612345678')).toEqual({ country: 'FR', zones: ['Europe/Paris'] });
    expect(phonePlace('not a number')).toBeNull();
  });

  it('holds the window in two zones: Paris now, New York at 09:00 there', () => {
    // 08:30 UTC on a Monday in March: 09:30 in Paris, 03:30 in New York (EST until 8 March).
    expect(next('2026-03-02T08:30:00.000Z', '+33612345678', schedule())).toBe('2026-03-02T08:30:00.000Z');
    expect(next('2026-03-02T08:30:00.000Z', '+12125550111', schedule())).toBe('2026-03-02T14:00:00.000Z');
    // 19:59 in Paris still starts; 20:00 waits for the morning.
    expect(next('2026-03-02T18:59:00.000Z', '+33612345678', schedule())).toBe('2026-03-02T18:59:00.000Z');
    expect(next('2026-03-02T19:00:00.000Z', '+33612345678', schedule())).toBe('2026-03-03T08:00:00.000Z');
  });

  it('keeps each country\'s quiet hours inside the window, and only that country\'s', () => {
    const lunch = schedule({ quietHours: { FR: { from: '12:00', to: '14:00' } } });
    // 12:30 in Paris is quiet; 06:30 in New York is outside the window, and France's quiet hours do not apply there.
    expect(next('2026-03-02T11:30:00.000Z', '+33612345678', lunch)).toBe('2026-03-02T13:00:00.000Z');
    expect(next('2026-03-02T17:30:00.000Z', '+12125550111', lunch)).toBe('2026-03-02T17:30:00.000Z');
    // Quiet hours across midnight, and no window: 21:00–08:00 in New York.
    const nights = schedule({ window: null, quietHours: { US: { from: '21:00', to: '08:00' } } });
    expect(next('2026-03-03T02:00:00.000Z', '+12125550111', nights)).toBe('2026-03-03T13:00:00.000Z');
  });

  it('waits for an allowed weekday, and follows daylight saving time', () => {
    const weekdays = schedule({ days: [1, 2, 3, 4, 5] });
    // Saturday 7 March 2026, noon in New York: Monday 9 March at 09:00, which is EDT by then (13:00 UTC).
    expect(next('2026-03-07T17:00:00.000Z', '+12125550111', weekdays)).toBe('2026-03-09T13:00:00.000Z');
  });

  it('waits for hours every zone of a number shares, else the journey\'s own zone decides', () => {
    // An unknown +1 area code may ring anywhere from Guam (UTC+10) to Newfoundland (UTC−3:30): of 09:00–20:00 they share
    // 23:00–23:30 UTC (09:00 in Guam, 19:30 in St John's).
    const place = phonePlace('+19995550123')!;
    expect(place.zones.length).toBeGreaterThan(10);
    const s = schedule({ timeZone: 'America/Chicago' });
    expect(nextSendingTime(at('2026-03-02T12:00:00.000Z'), place, s)?.toISOString()).toBe('2026-03-02T23:00:00.000Z');
    // Of 09:00–12:00 they share nothing: the journey's zone decides (09:00 in Chicago).
    const mornings = schedule({ timeZone: 'America/Chicago', window: { from: '09:00', to: '12:00' } });
    expect(nextSendingTime(at('2026-03-02T12:00:00.000Z'), place, mornings)?.toISOString()).toBe('2026-03-02T15:00:00.000Z');
    // A number naming no zone at all: the journey's zone.
    expect(nextSendingTime(at('2026-03-02T12:00:00.000Z'), { country: null, zones: [] }, s)?.toISOString()).toBe('2026-03-02T15:00:00.000Z');
  });

  it('answers null when no minute of the next eight days is allowed, and remembers answers per place', () => {
    expect(nextSendingTime(at('2026-03-02T12:00:00.000Z'), { country: 'US', zones: ['America/New_York'] },
      schedule({ window: { from: '09:00', to: '10:00' }, quietHours: { US: { from: '08:00', to: '11:00' } } }))).toBeNull();
    const times = new SendingTimes(at('2026-03-02T08:30:00.000Z'), schedule());
    const paris = phonePlace('+33612345678')!;
    expect(times.of(paris)).toBe(times.of(phonePlace('+33698765432')!));
  });
});
