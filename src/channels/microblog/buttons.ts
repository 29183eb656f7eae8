// The definition's buttons and quick replies in a DM: answering ones as quick-reply options, links, calls, places and events as lines of text.
import type { RenderedButton } from '../../engine/index.js';
import {
  buttonLine, buttonTitle, calendarUrl, calendarWords, httpUrl, mapsUrl, tapValue,
} from '../shared/button-text.js';
import { truncate } from '../shared/text.js';
import { DM_LIMITS, type QuickReplyOption } from './dm-event.js';

/** An option the person can tap, or a line of text saying what the button offers (a DM has no link or call buttons). */
export type ButtonResult = { kind: 'option'; option: QuickReplyOption } | { kind: 'line'; text: string };

function line(b: RenderedButton, detail: string | null): ButtonResult {
  return { kind: 'line', text: buttonLine(b, detail) };
}

/**
 * What a tap sends back as quick_reply_response.metadata: postbackData, else payload, else the title, the
 * values the runner remembers for a choice. Past the API's 1000 characters the title goes instead (the
 * label is the DM's text, which the runner matches too).
 */
export function optionMetadata(b: RenderedButton): string {
  const value = tapValue(b);
  return value.length <= DM_LIMITS.optionMetadata ? value : truncate(buttonTitle(b), DM_LIMITS.optionMetadata);
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
      return line(b, calendarUrl(b) ?? calendarWords(b));
    default: {
      // postback, text, and what a DM has no picker for (location, datetime): an option the bot can match.
      const option: QuickReplyOption = { label: truncate(buttonTitle(b), DM_LIMITS.optionLabel), metadata: optionMetadata(b) };
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
