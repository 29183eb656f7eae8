// A button in words and links, for platforms that cannot show it as it is: its title, the web page a map or calendar button opens, the line it becomes.
import type { RenderedButton } from '../../engine/index.js';

const DEFAULT_TITLE: Record<string, string> = {
  weburl: 'Open', call: 'Call', viewLocation: 'View location', calendar: 'Add to calendar', location: 'Send location', datetime: 'Pick a time',
};

/** The title a button is shown with, uncut: the author's title, else what the type offers (a place's label, an event's title, a default). */
export function buttonTitle(b: RenderedButton): string {
  return b.title ?? (b.type === 'viewLocation' ? b.label : null) ?? (b.type === 'calendar' ? b.eventTitle : null) ?? DEFAULT_TITLE[b.type] ?? b.payload ?? b.type;
}

/**
 * What a tap sends back: postbackData, else payload, else the title, the values the runner remembers for a choice.
 * Platforms cap its length; what goes past the cap is the caller's rule (the runner matches the title too).
 */
export function tapValue(b: RenderedButton): string {
  return b.postbackData ?? b.payload ?? buttonTitle(b);
}

/** `value` as an absolute http(s) URL, normalized; null when it is not one. */
export function httpUrl(value: string | null): string | null {
  if (value === null || !/^https?:\/\/\S+$/i.test(value.trim())) return null;
  try {
    return new URL(value.trim()).toString();
  } catch {
    return null;
  }
}

/** A map search for a viewLocation button's coordinates (or its query); null when it has neither. */
export function mapsUrl(b: RenderedButton): string | null {
  const where = b.latLong !== null ? `${b.latLong.latitude},${b.latLong.longitude}` : b.query;
  return where === null ? null : `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(where)}`;
}

function calendarStamp(iso: string | null): string | null {
  if (iso === null) return null;
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? null : at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** A calendar button's event as a link that opens it, filled in, in a web calendar; null without readable start and end times. */
export function calendarUrl(b: RenderedButton): string | null {
  const start = calendarStamp(b.startTime);
  const end = calendarStamp(b.endTime);
  if (start === null || end === null) return null;
  const url = new URL('https://calendar.google.com/calendar/render');
  url.searchParams.set('action', 'TEMPLATE');
  url.searchParams.set('text', b.eventTitle ?? buttonTitle(b));
  url.searchParams.set('dates', `${start}/${end}`);
  if (b.description !== null) url.searchParams.set('details', b.description);
  return url.toString();
}

/** A calendar button's event written out (title and times) when it cannot be a link; null when it names none of them. */
export function calendarWords(b: RenderedButton): string | null {
  return [b.eventTitle, b.startTime, b.endTime].filter((p) => p !== null).join(' ') || null;
}

/** The line of text a button becomes: "Title: detail", or the title alone when there is no detail or it says the same. */
export function buttonLine(b: RenderedButton, detail: string | null): string {
  const title = buttonTitle(b);
  return detail === null || detail === title ? title : `${title}: ${detail}`;
}
