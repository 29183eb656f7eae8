// Button templates (text and up to three buttons) and generic-template elements (cards), within the platform's limits.
import type { MediaType, RenderedButton } from '../../engine/index.js';
import { httpUrl } from '../shared/button-text.js';
import { splitText, truncate } from '../shared/text.js';
import { buttonOf } from './buttons.js';
import { mediaKind } from '../shared/media-kind.js';
import { LIMITS, NO_TEXT, type Attachment, type GenericElement, type SendButton } from './send-message.js';

/** Buttons the platform shows, and lines of text for those it cannot (a national number on a call button, a non-URL link). */
export interface MappedButtons {
  buttons: SendButton[];
  lines: string[];
}

export function mapButtons(rendered: readonly RenderedButton[]): MappedButtons {
  const out: MappedButtons = { buttons: [], lines: [] };
  for (const b of rendered) {
    const result = buttonOf(b);
    if (result.kind === 'button') out.buttons.push(result.button);
    else out.lines.push(result.text);
  }
  return out;
}

/** Button templates three buttons at a time: the first carries `text` (at most 640 characters), the others "…". */
export function buttonTemplates(text: string, buttons: readonly SendButton[]): Attachment[] {
  const out: Attachment[] = [];
  for (let i = 0; i < buttons.length; i += LIMITS.buttons) {
    out.push({ type: 'template', payload: { template_type: 'button', text: i === 0 ? text : NO_TEXT, buttons: buttons.slice(i, i + LIMITS.buttons) } });
  }
  return out;
}

export interface CardInput {
  title: string | null;
  description: string | null;
  media: string | null;
  mediaType: MediaType | null;
  thumbnailUrl: string | null;
  buttons: readonly RenderedButton[];
}

export interface CardRendering {
  /** null when the card would be a title alone, which the platform refuses: it is shown as a line of text instead. */
  element: GenericElement | null;
  /** Buttons past the platform's three per card. */
  extraButtons: SendButton[];
  /** Text for what the card cannot show (its title when it has nothing else, degraded buttons). */
  lines: string[];
}

function titleAndSubtitle(card: CardInput): { title: string; subtitle: string | null } {
  if (card.title !== null) return { title: truncate(card.title, LIMITS.elementTitle), subtitle: card.description === null ? null : truncate(card.description, LIMITS.elementSubtitle) };
  // A card without a title: its description fills the title, and what does not fit goes on in the subtitle.
  const [first = NO_TEXT, ...rest] = splitText(card.description ?? NO_TEXT, LIMITS.elementTitle);
  return { title: first, subtitle: rest.length === 0 ? null : truncate(rest.join(' '), LIMITS.elementSubtitle) };
}

export function cardElement(card: CardInput): CardRendering {
  const { title, subtitle } = titleAndSubtitle(card);
  const element: GenericElement = { title };
  if (subtitle !== null) element.subtitle = subtitle;
  const media = httpUrl(card.media);
  if (media !== null && mediaKind(media, card.mediaType) === 'image') {
    element.image_url = media;
  } else {
    // A video, sound or document cannot be a card's picture: a tap on the card opens it, and its thumbnail shows.
    const thumbnail = httpUrl(card.thumbnailUrl);
    if (thumbnail !== null) element.image_url = thumbnail;
    if (media !== null) element.default_action = { type: 'web_url', url: media };
  }
  const mapped = mapButtons(card.buttons);
  if (mapped.buttons.length > 0) element.buttons = mapped.buttons.slice(0, LIMITS.buttons);
  const extraButtons = mapped.buttons.slice(LIMITS.buttons);
  const showable = element.subtitle !== undefined || element.image_url !== undefined || element.default_action !== undefined || element.buttons !== undefined;
  if (!showable) return { element: null, extraButtons, lines: [card.title ?? card.description ?? NO_TEXT, ...mapped.lines] };
  return { element, extraButtons, lines: mapped.lines };
}
