// What the bot sends, written as terminal text for a channel: title, text, media, numbered buttons and quick replies, cards, forms.
import type {
  ChannelCapabilities, Choice, OutboundItem, OutboundMessage, RenderedButton, RenderedForm,
} from '../../engine/index.js';

/** A numbered element the person can pick by typing its number. */
export interface NumberedOption {
  number: number;
  button: RenderedButton;
}

export interface TerminalView {
  lines: string[];
  /** Rich channels: every tappable element, numbered across the turn. Text channels: none (the runner reads the number). */
  options: NumberedOption[];
}

const INDENT = '     ';

/** Where a button leads, for the elements that do not answer the bot (links, calls, calendar entries, maps). */
function target(b: RenderedButton): string | null {
  switch (b.type) {
    case 'weburl':
      return b.payload === null ? null : `→ ${b.payload}`;
    case 'call':
      return b.payload === null ? null : `→ call ${b.payload}`;
    case 'calendar':
      return `→ calendar: ${b.eventTitle ?? ''} ${b.startTime ?? ''}–${b.endTime ?? ''}`.trimEnd();
    case 'viewLocation':
      return `→ map: ${b.query ?? (b.latLong === null ? '' : `${b.latLong.latitude},${b.latLong.longitude}`)}${b.label ? ` (${b.label})` : ''}`;
    case 'location':
      return '(share a location: /location LAT,LONG)';
    case 'datetime':
      return '(type a date and time)';
    default:
      return null;
  }
}

function label(b: RenderedButton): string {
  return b.title ?? b.label ?? b.eventTitle ?? b.type;
}

/** Numbers the elements of one turn: rich channels number everything, text channels the runner's choices only. */
class Numbering {
  readonly options: NumberedOption[] = [];

  private next = 1;

  constructor(private readonly rich: boolean, private readonly choices: readonly Choice[]) {}

  /** The number shown before an element, or null when it has none. */
  number(b: RenderedButton): number | null {
    if (this.rich) {
      const number = this.next++;
      this.options.push({ number, button: b });
      return number;
    }
    const index = this.choices.findIndex((c) => c.title === b.title && c.payload === (b.postbackData ?? b.payload));
    return index < 0 ? null : index + 1;
  }

  line(b: RenderedButton): string {
    const number = this.number(b);
    const to = target(b);
    return `${number === null ? '-' : `[${number}]`} ${label(b)}${to === null ? '' : ` ${to}`}`;
  }
}

function mediaLine(mediaType: string | null, media: string | null): string | null {
  return media === null ? null : `[${mediaType ?? 'media'}] ${media}`;
}

function formLines(form: RenderedForm): string[] {
  const lines = [`[form${form.displayMode === 'popup' ? '' : ', may be left unfilled'}] ${form.submitButton}${form.dismissButton ? ` / ${form.dismissButton}` : ''}`];
  for (const f of form.fields) {
    const options = f.options.length > 0 ? `: ${f.options.join(', ')}` : '';
    lines.push(`- ${f.title ?? f.name} (${f.type}${f.multi ? ', several' : ''}${f.required ? ', required' : ''})${options}${f.placeholder ? ` e.g. ${f.placeholder}` : ''}`);
  }
  return lines;
}

function messageLines(m: OutboundMessage, numbering: Numbering): string[] {
  const lines: string[] = [];
  if (m.title !== null) lines.push(`*${m.title}*`);
  if (m.text !== null) lines.push(...m.text.split('\n'));
  const media = mediaLine(m.mediaType, m.media);
  if (media !== null) lines.push(media);
  for (const b of m.buttons) lines.push(numbering.line(b));
  m.carousel.forEach((card, i) => {
    lines.push(`--- card ${i + 1} of ${m.carousel.length}${card.title === null ? '' : `: ${card.title}`}`);
    if (card.description !== null) lines.push(...card.description.split('\n').map((l) => `  ${l}`));
    const cardMedia = mediaLine(card.mediaType, card.media);
    if (cardMedia !== null) lines.push(`  ${cardMedia}`);
    for (const b of card.buttons) lines.push(`  ${numbering.line(b)}`);
  });
  if (m.quickReplies.length > 0) lines.push(m.quickReplies.map((q) => numbering.line(q)).join('  '));
  if (m.form !== null) lines.push(...formLines(m.form));
  if (m.json !== null) lines.push(`[custom JSON] ${JSON.stringify(m.json)}`);
  return lines;
}

function itemLines(item: OutboundItem, numbering: Numbering): string[] {
  switch (item.kind) {
    case 'message':
      return messageLines(item, numbering);
    case 'email': {
      const cc = item.cc.length > 0 ? `, cc ${item.cc.join(', ')}` : '';
      return [`[e-mail to ${item.to.join(', ')}${cc}] ${item.subject}`, ...item.text.split('\n')];
    }
    case 'note':
      return [`[note for staff${item.recipientPhone ? `, texted to ${item.recipientPhone}` : ''}] ${item.text}`];
  }
}

/**
 * Renders what one turn sent. On rich channels (web, rcs, fb, twr) every button, quick reply and
 * card button gets a number, counted across the turn, that the chat turns into a tap. On text
 * channels only the elements the runner reads as numbered answers get their numbers (`choices`,
 * the runner's list), since there the typed number goes to the bot as text, as it would by SMS.
 */
export function renderTurn(items: readonly OutboundItem[], capabilities: ChannelCapabilities, choices: readonly Choice[]): TerminalView {
  const numbering = new Numbering(!capabilities.numberedChoices, choices);
  const lines: string[] = [];
  for (const item of items) {
    const [first = '', ...rest] = itemLines(item, numbering);
    lines.push(`bot> ${first}`, ...rest.map((l) => `${INDENT}${l}`));
  }
  return { lines, options: numbering.options };
}
