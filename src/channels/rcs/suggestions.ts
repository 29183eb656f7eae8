// Buttons and quick replies as RBM suggestions: replies for postback/text, actions for links, calls, locations and calendar events.
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import type { RenderedButton } from '../../engine/index.js';
import { RBM_LIMITS, type OpenUrlAction, type Suggestion } from './agent-message.js';

export type Rendered<T> = { ok: true; value: T } | { ok: false; reason: string };

/** Cuts text to `max` UTF-16 units with an ellipsis, never splitting a surrogate pair. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = max - 1;
  const last = text.charCodeAt(cut - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut -= 1;
  return `${text.slice(0, cut)}…`;
}

/** Labels RBM requires where the author gave no title. */
const DEFAULT_LABELS: Record<string, string> = {
  weburl: 'Open', call: 'Call', location: 'Share location', viewLocation: 'View location', calendar: 'Add to calendar',
};

const WEBVIEW_MODES = new Set(['FULL', 'HALF', 'TALL']);

function describe(b: RenderedButton): string {
  return `${b.type} button${b.title === null ? '' : ` "${clip(b.title, 40)}"`}`;
}

/**
 * What comes back when the human taps it: the same value the runner remembers for the choice
 * (postbackData, else payload), so a tap selects it; the title when that is too long for RBM, which
 * the runner also matches.
 */
export function postbackOf(b: RenderedButton, text: string): string {
  const data = b.postbackData ?? b.payload ?? b.title ?? text;
  return data.length <= RBM_LIMITS.postbackData ? data : clip(b.title ?? text, RBM_LIMITS.postbackData);
}

function openUrl(b: RenderedButton): Rendered<OpenUrlAction> {
  let url: URL | null = null;
  try { url = b.payload === null ? null : new URL(b.payload); } catch { /* reported below */ }
  if (url === null || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    return { ok: false, reason: `${describe(b)}: its payload must be an http(s) URL` };
  }
  const mode = b.webviewViewMode?.toUpperCase() ?? null;
  const webview = (mode !== null && WEBVIEW_MODES.has(mode)) || b.application?.toUpperCase() === 'WEBVIEW';
  if (!webview) return { ok: true, value: { url: url.toString() } };
  return {
    ok: true,
    value: {
      url: url.toString(), application: 'WEBVIEW', webviewViewMode: (mode !== null && WEBVIEW_MODES.has(mode) ? mode : 'FULL') as 'FULL' | 'HALF' | 'TALL',
      ...(b.description ? { description: b.description } : {}),
    },
  };
}

/** RBM dials E.164 numbers; a national number is read in the human's own country. */
function dialNumber(b: RenderedButton, country: CountryCode | undefined): Rendered<string> {
  const parsed = b.payload === null ? undefined : parsePhoneNumberFromString(b.payload, country);
  if (parsed === undefined || !parsed.isPossible()) return { ok: false, reason: `${describe(b)}: its payload must be a phone number` };
  return { ok: true, value: parsed.number };
}

function timestamp(value: string | null): string | null {
  if (value === null) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** One suggestion; null for a button RBM has no counterpart for (a date-time picker). */
export function suggestionOf(b: RenderedButton, country: CountryCode | undefined): Rendered<Suggestion | null> {
  const text = clip(b.title ?? DEFAULT_LABELS[b.type] ?? '', RBM_LIMITS.suggestionText);
  const postbackData = postbackOf(b, text);
  switch (b.type) {
    case 'datetime':
      return { ok: true, value: null };
    case 'weburl': {
      const action = openUrl(b);
      return action.ok ? { ok: true, value: { action: { text, postbackData, openUrlAction: action.value } } } : action;
    }
    case 'call': {
      const phone = dialNumber(b, country);
      return phone.ok ? { ok: true, value: { action: { text, postbackData, dialAction: { phoneNumber: phone.value } } } } : phone;
    }
    case 'location':
      return { ok: true, value: { action: { text, postbackData, shareLocationAction: {} } } };
    case 'viewLocation': {
      if (b.latLong === null && !b.query) return { ok: false, reason: `${describe(b)}: it needs latLong or query` };
      const place = b.latLong !== null
        ? { latLong: { latitude: b.latLong.latitude, longitude: b.latLong.longitude }, ...(b.label ? { label: b.label } : {}) }
        : { query: b.query!, ...(b.label ? { label: b.label } : {}) };
      return { ok: true, value: { action: { text, postbackData, viewLocationAction: place } } };
    }
    case 'calendar': {
      const startTime = timestamp(b.startTime);
      const endTime = timestamp(b.endTime);
      if (startTime === null || endTime === null) return { ok: false, reason: `${describe(b)}: startTime and endTime must be ISO date-times` };
      if (endTime < startTime) return { ok: false, reason: `${describe(b)}: endTime is before startTime` };
      const title = clip(b.eventTitle ?? b.title ?? text, RBM_LIMITS.calendarTitle);
      const description = b.description ? { description: clip(b.description, RBM_LIMITS.calendarDescription) } : {};
      return { ok: true, value: { action: { text, postbackData, createCalendarEventAction: { startTime, endTime, title, ...description } } } };
    }
    default:
      // postback, text, and any other type a definition may carry: a tap answers with its text and postback data.
      if (text === '') return { ok: false, reason: `${describe(b)}: it needs a title to show` };
      return { ok: true, value: { reply: { text, postbackData } } };
  }
}

/** Suggestions for buttons in order, at most `max` (RBM's limit where they are shown). */
export function suggestionsOf(buttons: readonly RenderedButton[], max: number, country: CountryCode | undefined): Rendered<Suggestion[]> {
  const out: Suggestion[] = [];
  for (const b of buttons) {
    if (out.length === max) break;
    const s = suggestionOf(b, country);
    if (!s.ok) return s;
    if (s.value !== null) out.push(s.value);
  }
  return { ok: true, value: out };
}
