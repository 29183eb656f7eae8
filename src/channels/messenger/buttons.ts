// The definition's buttons and quick replies as the platform's: postback, URL and call buttons, text quick replies; the rest degraded.
import type { RenderedButton } from '../../engine/index.js';
import {
  buttonLine, buttonTitle, calendarUrl, calendarWords, httpUrl, mapsUrl, tapValue,
} from '../shared/button-text.js';
import { truncate } from '../shared/text.js';
import { LIMITS, type QuickReply, type SendButton, type WebviewHeight } from './send-message.js';

/** A button the platform shows, or, when it cannot show one, a line of text saying what the button offered. */
export type ButtonResult = { kind: 'button'; button: SendButton } | { kind: 'line'; text: string };

/** Types that open something rather than answer: the platform has no quick reply for them, so they become template buttons. */
export const LINK_TYPES = new Set(['weburl', 'call', 'viewLocation', 'calendar']);

const HEIGHT: Record<string, WebviewHeight> = { FULL: 'full', HALF: 'compact', TALL: 'tall' };

/**
 * What a tap sends back: the value the runner remembers for the choice. Past the platform's 1000 characters the
 * title goes instead, uncut, which the runner matches too.
 */
export function choicePayload(b: RenderedButton): string {
  const value = tapValue(b);
  return value.length <= LIMITS.payload ? value : buttonTitle(b);
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

function line(b: RenderedButton, detail: string | null): ButtonResult {
  return { kind: 'line', text: buttonLine(b, detail) };
}

/** A template button for one of the definition's buttons (or a link-type quick reply). */
export function buttonOf(b: RenderedButton): ButtonResult {
  const title = buttonTitle(b);
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
      return url === null ? line(b, calendarWords(b)) : { kind: 'button', button: webUrl(title, url, b.webviewViewMode) };
    }
    default:
      // postback, text, and what the platform has no picker for (location, datetime): a postback the bot can match.
      return { kind: 'button', button: { type: 'postback', title: truncate(title, LIMITS.buttonTitle), payload: choicePayload(b) } };
  }
}

/** A text quick reply for one of the definition's answering quick replies (link types become buttons instead). */
export function quickReplyOf(b: RenderedButton): QuickReply {
  const image = httpUrl(b.imageUrl);
  return { content_type: 'text', title: truncate(buttonTitle(b), LIMITS.quickReplyTitle), payload: choicePayload(b), ...(image ? { image_url: image } : {}) };
}
