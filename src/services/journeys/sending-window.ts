// When a journey may reach a human: inside its sending window and weekdays, outside their country's quiet hours, in
// every time zone their number may ring in; the first such minute from now, on any clock (tests move a virtual one).

/** Local times as `HH:MM`; `from` after `to` spans midnight (21:00–08:00). */
export interface DailyHours { from: string; to: string }

export interface Schedule {
  /** For humans whose number names no zone (no phone, or a range without one). */
  timeZone: string;
  /** Local hours sends may start in; null: any hour. */
  window: DailyHours | null;
  /** ISO weekdays sends may start on (1 Monday … 7 Sunday); null: every day. */
  days: number[] | null;
  /** Hours no send starts in, per country (ISO 3166-1 alpha-2), on top of the window. */
  quietHours: Record<string, DailyHours>;
}

export interface Place { country: string | null; zones: readonly string[] }

const MINUTE = 60_000;
/** How far ahead the first allowed minute is looked for: a week and a day covers any window and weekdays. */
const HORIZON_MINUTES = 8 * 24 * 60;
const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(zone: string): Intl.DateTimeFormat {
  let f = formats.get(zone);
  if (f === undefined) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formats.set(zone, f);
  }
  return f;
}

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    formatIn(zone);
    return true;
  } catch {
    return false;
  }
}

/** `HH:MM` (00:00–23:59) as minutes of the day; null when it is not one. */
export function minutesOf(hhmm: string): number | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  return m === null ? null : Number(m[1]) * 60 + Number(m[2]);
}

function within(minute: number, hours: DailyHours): boolean {
  const from = minutesOf(hours.from) ?? 0;
  const to = minutesOf(hours.to) ?? 0;
  if (from === to) return true;
  return from < to ? minute >= from && minute < to : minute >= from || minute < to;
}

function local(at: number, zone: string): { weekday: number; minute: number } {
  let weekday = 1;
  let hour = 0;
  let minute = 0;
  for (const part of formatIn(zone).formatToParts(at)) {
    if (part.type === 'weekday') weekday = WEEKDAYS[part.value] ?? 1;
    else if (part.type === 'hour') hour = Number(part.value);
    else if (part.type === 'minute') minute = Number(part.value);
  }
  return { weekday, minute: hour * 60 + minute };
}

function allowedIn(at: number, zone: string, schedule: Schedule, quiet: DailyHours | undefined): boolean {
  const t = local(at, zone);
  if (schedule.days !== null && !schedule.days.includes(t.weekday)) return false;
  if (schedule.window !== null && !within(t.minute, schedule.window)) return false;
  return quiet === undefined || !within(t.minute, quiet);
}

function firstAllowed(now: number, zones: readonly string[], schedule: Schedule, quiet: DailyHours | undefined): number | null {
  const allowed = (at: number) => zones.every((zone) => allowedIn(at, zone, schedule, quiet));
  if (allowed(now)) return now;
  let at = Math.floor(now / MINUTE) * MINUTE + MINUTE;
  for (let i = 0; i < HORIZON_MINUTES; i++, at += MINUTE) if (allowed(at)) return at;
  return null;
}

/**
 * The first instant from `now` a send may start for a human at `place`: now itself when it is allowed, else the
 * first whole minute that is, in every zone the number may ring in (a number whose range spans zones waits for the
 * hours they share). When those zones share none, the journey's own zone decides; null when no minute of the next
 * eight days is allowed (a window no weekday opens).
 */
export function nextSendingTime(now: Date, place: Place, schedule: Schedule): Date | null {
  const quiet = place.country === null ? undefined : schedule.quietHours[place.country];
  const t = now.getTime();
  const zones = place.zones.length > 0 ? place.zones : [schedule.timeZone];
  const found = firstAllowed(t, zones, schedule, quiet) ?? (place.zones.length > 1 ? firstAllowed(t, [schedule.timeZone], schedule, quiet) : null);
  return found === null ? null : new Date(found);
}

/** Remembers answers per place for one instant: an audience's humans mostly share a handful of places. */
export class SendingTimes {
  private readonly known = new Map<string, Date | null>();

  constructor(private readonly now: Date, private readonly schedule: Schedule) {}

  of(place: Place): Date | null {
    const key = `${place.country ?? ''}|${place.zones.join(',')}`;
    let at = this.known.get(key);
    if (at === undefined) {
      at = nextSendingTime(this.now, place, this.schedule);
      this.known.set(key, at);
    }
    return at;
  }
}
