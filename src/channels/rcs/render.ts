// A rendered bot message as the RBM agent messages that show it, in order: text, file, standalone card or carousel, with chips on the last.
import type { CountryCode } from 'libphonenumber-js/max';
import type { OutboundMessage, RenderedButton, RenderedCard } from '../../engine/index.js';
import { RBM_LIMITS, type AgentContentMessage, type AgentMessage, type Suggestion } from './agent-message.js';
import { carouselCard, standaloneCard, type CardParts } from './cards.js';
import type { CardWidth } from './settings.js';
import { suggestionsOf, type Rendered } from './suggestions.js';

export interface RenderOptions {
  carouselCardWidth: CardWidth;
  /** The human's country: a national number on a call button is read in it. */
  country: CountryCode | undefined;
}

/** RBM shows suggestions only under a message; a message of buttons alone gets this as its text. */
export const CHIPS_ONLY_TEXT = '…';

/** Splits text into pieces RBM takes, at a line break or space when there is one near the limit. */
export function splitText(text: string, max: number = RBM_LIMITS.text): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > max) {
    let cut = Math.max(rest.lastIndexOf('\n', max), rest.lastIndexOf(' ', max));
    if (cut < max / 2) cut = max;
    const code = rest.charCodeAt(cut - 1);
    if (cut === max && code >= 0xd800 && code <= 0xdbff) cut -= 1;
    pieces.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  if (rest !== '') pieces.push(rest);
  return pieces;
}

function cardOf(c: RenderedCard): CardParts {
  return { title: c.title, description: c.description, media: c.media, thumbnailUrl: c.thumbnailUrl, mediaHeight: c.mediaHeight, buttons: c.buttons };
}

/** Custom JSON carrying an AgentMessage (`{ "contentMessage": … }`) is sent as written: authors reach RBM features the definition has no field for. */
function customAgentMessage(json: OutboundMessage['json']): AgentMessage | null {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return null;
  const content = json.contentMessage;
  return content !== null && typeof content === 'object' && !Array.isArray(content) ? (json as unknown as AgentMessage) : null;
}

function textParts(m: OutboundMessage): AgentContentMessage[] {
  const text = [m.title, m.text].filter((t): t is string => t !== null && t !== '').join('\n');
  return text === '' ? [] : splitText(text).map((piece) => ({ text: piece }));
}

function chips(buttons: readonly RenderedButton[], options: RenderOptions): Rendered<Suggestion[]> {
  return suggestionsOf(buttons, RBM_LIMITS.suggestions, options.country);
}

/** Puts the message's chips under its last part (RBM shows them only under the newest message). */
function withChips(parts: AgentContentMessage[], suggestions: Suggestion[]): AgentMessage[] {
  if (parts.length === 0 && suggestions.length > 0) parts.push({ text: CHIPS_ONLY_TEXT });
  if (suggestions.length > 0) parts[parts.length - 1] = { ...parts[parts.length - 1]!, suggestions };
  return parts.map((contentMessage) => ({ contentMessage }));
}

export function renderAgentMessages(m: OutboundMessage, options: RenderOptions): Rendered<AgentMessage[]> {
  const custom = customAgentMessage(m.json);
  if (custom !== null) return { ok: true, value: [custom] };
  const fileParts: AgentContentMessage[] = m.media === null ? [] : [{ contentInfo: { fileUrl: m.media } }];

  if (m.carousel.length > 0) {
    const suggestions = chips([...m.buttons, ...m.quickReplies], options);
    if (!suggestions.ok) return suggestions;
    const layout = m.richCard ?? m.carousel[0]!;
    const card = m.carousel.length === 1
      ? standaloneCard(cardOf(m.carousel[0]!), layout, options.country)
      : carouselCard(m.carousel.map(cardOf), options.carouselCardWidth, options.country);
    if (!card.ok) return card;
    const richCard = 'cardContents' in card.value ? { carouselCard: card.value } : { standaloneCard: card.value };
    return { ok: true, value: withChips([...textParts(m), ...fileParts, { richCard }], suggestions.value) };
  }

  // A card needs something to show; a layout on a message of buttons alone is not a card.
  if (m.richCard !== null && (m.title ?? m.text ?? m.media) !== null) {
    const parts: CardParts = {
      title: m.title, description: m.text, media: m.media, thumbnailUrl: m.richCard.thumbnailUrl, mediaHeight: m.richCard.mediaHeight, buttons: m.buttons,
    };
    const card = standaloneCard(parts, m.richCard, options.country);
    if (!card.ok) return card;
    const suggestions = chips(m.quickReplies, options);
    if (!suggestions.ok) return suggestions;
    return { ok: true, value: withChips([{ richCard: { standaloneCard: card.value } }], suggestions.value) };
  }

  const suggestions = chips([...m.buttons, ...m.quickReplies], options);
  if (!suggestions.ok) return suggestions;
  const parts = [...fileParts, ...textParts(m)];
  if (parts.length === 0 && suggestions.value.length === 0) return { ok: false, reason: 'the message has nothing RCS can show' };
  return { ok: true, value: withChips(parts, suggestions.value) };
}
