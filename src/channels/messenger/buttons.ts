// The definition's buttons and quick replies as the platform's: postback, URL and call buttons, text quick replies; the rest degraded.
import type { RenderedButton } from '../../engine/outbound.js';
import { LIMITS, type QuickReply, type SendButton, type WebviewHeight } from './send-message.js';
import { truncate } from './text.js';

/** A button the platform shows, or, when it cannot show one, a line of text saying what the button offered. */
export type ButtonResult = { kind: 'button'; button: SendButton } | { kind: 'line'; text: string };

/** Types that open something rather than answer: the platform has no quick reply for them, so they become template buttons. */
export const LINK_TYPES = new Set(['weburl', 'call', 'viewLocation', 'calendar']);

const HEIGHT: Record<string, WebviewHeight> = { FULL: 'full', HALF: 'compact', TALL: 'tall' };

const DEFAULT_TITLE: Record<string, string> = {
  weburl: 'Open', call: 'Call', viewLocation: 'View location', calendar: 'Add to calendar', location: 'Send location', datetime: 'Pick a time',
};

export function httpUrl(value: string | null): string | null {
  if (value === null || !/^https?:\/\/\S+$/i.test(value.trim())) return null;
  try {
    return new URL(value.trim()).toString();
  } catch {
    return null;
  }
}

function fullTitle(b: RenderedButton): string {
  return b.title ?? (b.type === 'viewLocation' ? b.label : null) ?? (b.type === 'calendar' ? b.eventTitle : null) ?? DEFAULT_TITLE[b.type] ?? b.payload ?? b.type;
}

/**
 * What a tap sends back: postbackData, else payload, else the title, the values the runner remembers for a
 * choice. Past the platform's 1000 characters the title goes instead, which the runner matches too.
 */
export function choicePayload(b: RenderedButton): string {
  const value = b.postbackData ?? b.payload ?? fullTitle(b);
  return value.length <= LIMITS.payload ? value : fullTitle(b);
}

function webUrl(title: string, url: string, mode: string | null): SendButton {
  const ratio = mode === null ? undefined : HEIGHT[mode.toUpperCase()];
  return { type: 'web_url', title: truncate(title, LIMITS.buttonTitle), url, ...(ratio ? { webview_height_ratio: ratio } : {}) };
}

/** A number the platform dials: `+`, country code and number, nothing else. */
export function e164(value: string | null): string | null {
  if (value === null) return null;
  const compact = value.trim().replace(/^tel:/i, '').replace(/[\s\-.()]/g, '');
  return /^\+[1-9]\d{6,14}$/.test(compact) ? compact : null;
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

/** A calendar event as a link that opens it, filled in, in a web calendar: the platform has no calendar button. */
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

/** A template button for one of the definition's buttons (or a link-type quick reply). */
export function buttonOf(b: RenderedButton): ButtonResult {
  const title = fullTitle(b);
  switch (b.type) {
    case 'weburl': {
      const url = httpUrl(b.payload);
      return url === null ? line(b, b.payload) : { kind: 'button', button: webUrl(title, url, b.webviewViewMode) };
    }
    case 'call': {
      const number = e164(b.payload);
      return number === null ? line(b, b.payload) : { kind: 'button', button: { type: 'phone_number', title: truncate(title, LIMITS.buttonTitle), payload: number } };
    }
    case 'viewLocation': {
      const url = mapsUrl(b);
      return url === null ? line(b, null) : { kind: 'button', button: webUrl(title, url, b.webviewViewMode) };
    }
    case 'calendar': {
      const url = calendarUrl(b);
      return url === null ? line(b, [b.eventTitle, b.startTime, b.endTime].filter((p) => p !== null).join(' ') || null) : { kind: 'button', button: webUrl(title, url, b.webviewViewMode) };
    }
    default:
      // postback, text, and what the platform has no picker for (location, datetime): a postback the bot can match.
      return { kind: 'button', button: { type: 'postback', title: truncate(title, LIMITS.buttonTitle), payload: choicePayload(b) } };
  }
}

/** A text quick reply for one of the definition's answering quick replies (link types become buttons instead). */
export function quickReplyOf(b: RenderedButton): QuickReply {
  const image = httpUrl(b.imageUrl);
  return { content_type: 'text', title: truncate(fullTitle(b), LIMITS.quickReplyTitle), payload: choicePayload(b), ...(image ? { image_url: image } : {}) };
}
