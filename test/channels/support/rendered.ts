// Rendered buttons and cards as the engine hands them to channels, every field empty unless a test gives it.
import type { RenderedButton, RenderedCard } from '../../../src/engine/outbound.js';

export function renderedButton(type: string, fields: Partial<RenderedButton> = {}): RenderedButton {
  return {
    type, title: null, payload: null, postbackData: null, description: null, application: null, webviewViewMode: null, eventTitle: null,
    startTime: null, endTime: null, query: null, latLong: null, label: null, imageUrl: null, extra: {}, ...fields,
  };
}

export function renderedCard(fields: Partial<RenderedCard> = {}): RenderedCard {
  return { title: null, description: null, media: null, mediaType: null, buttons: [], cardOrientation: null, mediaHeight: null, imageAlignment: null, thumbnailUrl: null, ...fields };
}
