// A journey's definition as stored (versioned JSON) and as checked when written: the channel and interaction it
// starts, its goal, and when it may reach people (sending-window.ts).
import { implicitlyVersioned } from '../../engine/index.js';
import { UnprocessableError } from '../../errors.js';
import { isTimeZone, minutesOf, type DailyHours, type Schedule } from './sending-window.js';

export interface JourneyDefinition {
  /** The channel it starts conversations on (an RCS channel falls back to its SMS channel for numbers without RCS). */
  channelId: number;
  /** The interaction, workflow or action of the channel's bot each start runs. */
  script: string;
  /** The interaction whose entry counts a human as converted; null: none. */
  goal: string | null;
  schedule: Schedule;
}

/** What a request gives; absent parts take their defaults. */
export interface DefinitionInput {
  channelId: number;
  script: string;
  goal?: string | null;
  schedule?: {
    timeZone?: string;
    window?: DailyHours | null;
    days?: number[] | null;
    quietHours?: Record<string, DailyHours>;
  };
}

const isHours = (v: unknown): boolean => typeof v === 'object' && v !== null
  && typeof (v as DailyHours).from === 'string' && typeof (v as DailyHours).to === 'string';

/** A definition as journeys.definition and journey_versions keep it (version 1 names no version). */
export const JOURNEY_DEFINITION_FORMAT = implicitlyVersioned<JourneyDefinition>('journey definition', (doc) => {
  const s = doc.schedule as Record<string, unknown> | undefined;
  return Number.isSafeInteger(doc.channelId) && typeof doc.script === 'string' && (doc.goal === null || typeof doc.goal === 'string')
    && s !== undefined && typeof s.timeZone === 'string' && (s.window === null || isHours(s.window))
    && (s.days === null || Array.isArray(s.days)) && typeof s.quietHours === 'object' && s.quietHours !== null
    && Object.values(s.quietHours).every(isHours);
});

function hours(field: string, value: DailyHours): DailyHours {
  for (const end of ['from', 'to'] as const) {
    if (minutesOf(value[end]) === null) throw new UnprocessableError(`${field}.${end} "${value[end]}" is not a time of day as HH:MM (00:00–23:59).`);
  }
  return { from: value.from, to: value.to };
}

/** The definition a request describes, checked (the channel and script are checked against the account by the service). */
export function definitionOf(input: DefinitionInput): JourneyDefinition {
  const s = input.schedule ?? {};
  const timeZone = s.timeZone ?? 'UTC';
  if (!isTimeZone(timeZone)) throw new UnprocessableError(`schedule.timeZone "${timeZone}" is not an IANA time zone (for example "Europe/Paris").`);
  const days = s.days ?? null;
  if (days !== null && (days.length === 0 || days.some((d) => !Number.isInteger(d) || d < 1 || d > 7))) {
    throw new UnprocessableError('schedule.days lists ISO weekdays, 1 (Monday) to 7 (Sunday), at least one.');
  }
  const quietHours: Record<string, DailyHours> = {};
  for (const [country, value] of Object.entries(s.quietHours ?? {})) {
    if (!/^[A-Z]{2}$/.test(country)) throw new UnprocessableError(`schedule.quietHours: "${country}" is not a country code (ISO 3166-1 alpha-2, such as "US").`);
    quietHours[country] = hours(`schedule.quietHours.${country}`, value);
  }
  const script = input.script.trim();
  if (script === '') throw new UnprocessableError('script names the interaction each start runs; it is empty.');
  const goal = input.goal?.trim() || null;
  return {
    channelId: input.channelId, script, goal,
    schedule: { timeZone, window: s.window ? hours('schedule.window', s.window) : null, days: days === null ? null : [...new Set(days)].sort(), quietHours },
  };
}
