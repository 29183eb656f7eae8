// The definition's buttons and quick replies in a DM: answering ones as quick-reply options, links, calls, places and events as lines of text.
import type { RenderedButton } from '../../engine/outbound.js';
import { DM_LIMITS, type QuickReplyOption } from './dm-event.js';
import { truncate } from './text.js';

/** An option the person can tap, or a line of text saying what the button offers (a DM has no link or call buttons). */
export type ButtonResult = { kind: 'option'; option: QuickReplyOption } | { kind: 'line'; text: string };

const DEFAULT_TITLE: Record<string, string> = {
  weburl: 'Open', call: 'Call', viewLocation: 'View location', calendar: 'Add to calendar', location: 'Send location', datetime: 'Pick a time',
};

function fullTitle(b: RenderedButton): string {
  return b.title ?? (b.type === 'viewLocation' ? b.label : null) ?? (b.type === 'calendar' ? b.eventTitle : null) ?? DEFAULT_TITLE[b.type] ?? b.payload ?? b.type;
}

function httpUrl(value: string | null): string | null {
  if (value === null || !/^https?:\/\/\S+$/i.test(value.trim())) return null;
  try {
    return new URL(value.trim()).toString();
  } catch {
    return null;
  }
}

function mapsUrl(b: RenderedButton): string | null {
  const where = b.latLong !== null ? `${b.latLong.latitude},${b.latLong.longitude}` : b.query;
  return where === null ? null : `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(where)}`;
}

function calendarStamp(iso: string | null): string | null {
  if (iso === null) return null;
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? null : at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** A calendar event as a link that opens it, filled in, in a web calendar. */
function calendarUrl(b: RenderedButton): string | null {
  const start = calendarStamp(b.startTime);
  const end = calendarStamp(b.endTime);
  if (start === null || end === null) return null;
  const url = new URL('https://calendar.google.com/calendar/render');
  url.searchParams.set('action', 'TEMPLATE');
  url.searchParams.set('text', b.eventTitle ?? fullTitle(b));
  url.searchParams.set('dates', `${start}/${end}`);
  if (b.description !== null) url.searchParams.set('details', b.description);
  return url.toString();
}

function line(b: RenderedButton, detail: string | null): ButtonResult {
  const title = fullTitle(b);
  return { kind: 'line', text: detail === null || detail === title ? title : `${title}: ${detail}` };
}

/**
 * What a tap sends back as quick_reply_response.metadata: postbackData, else payload, else the title, the
 * values the runner remembers for a choice. Past the API's 1000 characters the title goes instead (the
 * label is the DM's text, which the runner matches too).
 */
export function optionMetadata(b: RenderedButton): string {
  const value = b.postbackData ?? b.payload ?? fullTitle(b);
  return value.length <= DM_LIMITS.optionMetadata ? value : truncate(fullTitle(b), DM_LIMITS.optionMetadata);
}

/**
 * The line shown under an option's label: a button's `description`, or a quick reply's `description` (not a field
 * of the spec's QuickReply, kept among the author's extra fields for channels that show it).
 */
function optionDescription(b: RenderedButton): string | null {
  const extra = b.extra.description;
  const value = b.description ?? (typeof extra === 'string' ? extra : null);
  return value === null || value.trim() === '' ? null : value.trim();
}

/** One of the definition's buttons or quick replies in a DM. */
export function buttonOf(b: RenderedButton): ButtonResult {
  switch (b.type) {
    case 'weburl':
      return line(b, httpUrl(b.payload) ?? b.payload);
    case 'call':
      return line(b, b.payload === null ? null : b.payload.trim().replace(/^tel:/i, ''));
    case 'viewLocation':
      return line(b, mapsUrl(b));
    case 'calendar':
      return line(b, calendarUrl(b) ?? ([b.eventTitle, b.startTime, b.endTime].filter((p) => p !== null).join(' ') || null));
    default: {
      // postback, text, and what a DM has no picker for (location, datetime): an option the bot can match.
      const option: QuickReplyOption = { label: truncate(fullTitle(b), DM_LIMITS.optionLabel), metadata: optionMetadata(b) };
      const description = optionDescription(b);
      if (description !== null) option.description = truncate(description, DM_LIMITS.optionDescription);
      return { kind: 'option', option };
    }
  }
}

export interface MappedButtons {
  options: QuickReplyOption[];
  lines: string[];
}

export function mapButtons(buttons: readonly RenderedButton[]): MappedButtons {
  const out: MappedButtons = { options: [], lines: [] };
  for (const b of buttons) {
    const result = buttonOf(b);
    if (result.kind === 'option') out.options.push(result.option);
    else out.lines.push(result.text);
  }
  return out;
}
