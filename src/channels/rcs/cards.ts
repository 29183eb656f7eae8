// Rich cards for RBM: a standalone card (orientation, image alignment, media height) and carousels of 2 to 10 cards.
import type { CountryCode } from 'libphonenumber-js/max';
import type { CardLayout, RenderedButton } from '../../engine/index.js';
import {
  RBM_LIMITS, type CardContent, type CarouselCard, type MediaHeight, type StandaloneCard,
} from './agent-message.js';
import type { CardWidth } from './settings.js';
import { clip, suggestionsOf, type Rendered } from './suggestions.js';

/** What one card shows, whichever part of a message it came from. */
export interface CardParts {
  title: string | null;
  description: string | null;
  media: string | null;
  thumbnailUrl: string | null;
  mediaHeight: MediaHeight | null;
  buttons: readonly RenderedButton[];
}

function cardContent(card: CardParts, country: CountryCode | undefined, height: MediaHeight): Rendered<CardContent> {
  const suggestions = suggestionsOf(card.buttons, RBM_LIMITS.cardSuggestions, country);
  if (!suggestions.ok) return suggestions;
  if (card.title === null && card.description === null && card.media === null) {
    return { ok: false, reason: 'a rich card needs a title, a description or media' };
  }
  return {
    ok: true,
    value: {
      ...(card.title !== null ? { title: clip(card.title, RBM_LIMITS.cardTitle) } : {}),
      ...(card.description !== null ? { description: clip(card.description, RBM_LIMITS.cardDescription) } : {}),
      ...(card.media !== null ? { media: { height, contentInfo: { fileUrl: card.media, ...(card.thumbnailUrl ? { thumbnailUrl: card.thumbnailUrl } : {}) } } } : {}),
      ...(suggestions.value.length > 0 ? { suggestions: suggestions.value } : {}),
    },
  };
}

/** A horizontal card shows its media beside the text, so without media it is drawn vertical. */
export function standaloneCard(card: CardParts, layout: CardLayout, country: CountryCode | undefined): Rendered<StandaloneCard> {
  const content = cardContent(card, country, card.mediaHeight ?? layout.mediaHeight ?? 'MEDIUM');
  if (!content.ok) return content;
  if (layout.cardOrientation === 'HORIZONTAL' && card.media !== null) {
    return { ok: true, value: { cardOrientation: 'HORIZONTAL', thumbnailImageAlignment: layout.imageAlignment ?? 'LEFT', cardContent: content.value } };
  }
  return { ok: true, value: { cardOrientation: 'VERTICAL', cardContent: content.value } };
}

/** 2 to 10 cards (more are cut at 10); small cards cannot have tall media, so TALL becomes MEDIUM there. */
export function carouselCard(cards: readonly CardParts[], width: CardWidth, country: CountryCode | undefined): Rendered<CarouselCard> {
  const contents: CardContent[] = [];
  for (const [i, card] of cards.slice(0, RBM_LIMITS.carouselMax).entries()) {
    let height = card.mediaHeight ?? 'MEDIUM';
    if (width === 'SMALL' && height === 'TALL') height = 'MEDIUM';
    const content = cardContent(card, country, height);
    if (!content.ok) return { ok: false, reason: `carousel card ${i + 1}: ${content.reason}` };
    contents.push(content.value);
  }
  return { ok: true, value: { cardWidth: width, cardContents: contents } };
}
