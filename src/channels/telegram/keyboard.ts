// The definition's buttons and quick replies as an inline keyboard: callback buttons that answer, URL buttons that open; the rest as lines.
import type { RenderedButton } from '../../engine/index.js';
import { buttonLine, buttonTitle, calendarUrl, calendarWords, httpUrl, mapsUrl, tapValue } from '../shared/button-text.js';
import { type InlineButton, LIMITS } from './bot-message.js';

/** Quick replies share a row while the row's titles stay this short together (three at most), as Telegram's own bots lay them. */
const ROW_CHARACTERS = 30;
const ROW_BUTTONS = 3;

/** `text` cut to at most `max` UTF-8 bytes, never inside a character. */
export function cutToBytes(text: string, max: number): string {
  let out = '';
  let size = 0;
  for (const ch of text) {
    const bytes = Buffer.byteLength(ch);
    if (size + bytes > max) break;
    out += ch;
    size += bytes;
  }
  return out;
}

/**
 * What a tap sends back (callback_data, 1-64 bytes): the value the runner remembers for the choice; past 64 bytes the
 * title (cut to fit), since the tap comes back with the button's text too, which the runner matches.
 */
export function callbackData(b: RenderedButton): string {
  const value = tapValue(b);
  if (value !== '' && Buffer.byteLength(value) <= LIMITS.callbackDataBytes) return value;
  return cutToBytes(buttonTitle(b), LIMITS.callbackDataBytes) || '?';
}

/** A button the keyboard shows, or, when Telegram has no such button (a phone call), a line of text. */
function buttonOf(b: RenderedButton): InlineButton | string {
  const text = buttonTitle(b);
  const link = (url: string | null, otherwise: string | null): InlineButton | string => (url === null ? buttonLine(b, otherwise) : { text, url });
  switch (b.type) {
    case 'weburl':
      return link(httpUrl(b.payload), b.payload);
    case 'call':
      // Inline buttons open http(s) and tg:// links only; Telegram makes a number written in the text tappable.
      return buttonLine(b, b.payload);
    case 'viewLocation':
      return link(mapsUrl(b), null);
    case 'calendar':
      return link(calendarUrl(b), calendarWords(b));
    default:
      // postback, text, and what Telegram has no inline picker for (location, datetime): an answer the bot can match.
      return { text, callback_data: callbackData(b) };
  }
}

/** Quick replies packed into rows: short titles side by side, long ones alone. */
function packRows(buttons: InlineButton[]): InlineButton[][] {
  const rows: InlineButton[][] = [];
  let row: InlineButton[] = [];
  let width = 0;
  for (const b of buttons) {
    if (row.length > 0 && (row.length >= ROW_BUTTONS || width + b.text.length > ROW_CHARACTERS)) {
      rows.push(row);
      row = [];
      width = 0;
    }
    row.push(b);
    width += b.text.length;
  }
  if (row.length > 0) rows.push(row);
  return rows;
}

export interface Keyboard {
  rows: InlineButton[][];
  /** What no button could show, to be written in the message's text. */
  lines: string[];
}

/** Buttons one a row (their titles are longer), quick replies packed after them. */
export function keyboardOf(buttons: RenderedButton[], quickReplies: RenderedButton[]): Keyboard {
  const lines: string[] = [];
  const keep = (list: RenderedButton[]): InlineButton[] => list.map(buttonOf).filter((b): b is InlineButton => {
    if (typeof b === 'string') lines.push(b);
    return typeof b !== 'string';
  });
  const rows = [...keep(buttons).map((b) => [b]), ...packRows(keep(quickReplies))];
  return { rows, lines };
}
