// Rendering a definition's Message into what channels send: tags replaced everywhere text is allowed; choices remembered.
import type { ButtonModel, CardLayoutModel, MessageModel, QuickReplyModel, RichCardModel } from '../definition/model.js';
import type { LanguageContext } from '../language/context.js';
import { renderTemplate } from '../language/render.js';
import { emptyMessage, type CardLayout, type OutboundMessage, type RenderedButton, type RenderedCard } from '../outbound.js';
import type { Choice } from '../state.js';

function text(value: string | null, ctx: LanguageContext): string | null {
  if (value === null) return null;
  const rendered = renderTemplate(value, ctx);
  return rendered === '' ? null : rendered;
}

export function renderButton(b: ButtonModel | QuickReplyModel, ctx: LanguageContext): RenderedButton {
  const button = 'eventTitle' in b ? b : null;
  return {
    type: b.type,
    title: text(b.title, ctx),
    payload: text(b.payload, ctx),
    postbackData: text(b.postbackData, ctx),
    description: button === null ? null : text(button.description, ctx),
    application: b.application,
    webviewViewMode: b.webviewViewMode,
    eventTitle: button === null ? null : text(button.eventTitle, ctx),
    startTime: button === null ? null : text(button.startTime, ctx),
    endTime: button === null ? null : text(button.endTime, ctx),
    query: button === null ? null : text(button.query, ctx),
    latLong: button?.latLong ?? null,
    label: button === null ? null : text(button.label, ctx),
    imageUrl: 'imageUrl' in b ? text(b.imageUrl, ctx) : null,
    extra: b.extra,
  };
}

function layout(l: CardLayoutModel | null): CardLayout | null {
  return l === null ? null : { cardOrientation: l.cardOrientation, mediaHeight: l.mediaHeight, imageAlignment: l.imageAlignment, thumbnailUrl: l.thumbnailUrl };
}

export function renderCard(card: RichCardModel, ctx: LanguageContext): RenderedCard {
  return {
    ...layout(card)!,
    title: text(card.title, ctx),
    description: text(card.description, ctx),
    media: text(card.media, ctx),
    mediaType: card.mediaType,
    buttons: card.buttons.map((b) => renderButton(b, ctx)),
  };
}

/** Button types a click of which comes back as a message: those are choices; links and calls are not. */
const ANSWERING = new Set(['postback', 'text']);

function choiceOf(model: ButtonModel | QuickReplyModel, rendered: RenderedButton): Choice {
  return { title: rendered.title, payload: rendered.postbackData ?? rendered.payload, execute: model.execute };
}

export interface RenderedMessage {
  message: OutboundMessage;
  choices: Choice[];
}

export function renderMessage(model: MessageModel, ctx: LanguageContext): RenderedMessage {
  const message = emptyMessage();
  const choices: Choice[] = [];
  message.text = text(model.text, ctx);
  message.title = text(model.title, ctx);
  message.media = text(model.media, ctx);
  message.mediaType = model.mediaType;
  message.richCard = layout(model.richCard);
  model.buttons.forEach((b) => {
    const rendered = renderButton(b, ctx);
    message.buttons.push(rendered);
    if (ANSWERING.has(b.type) || b.execute !== null) choices.push(choiceOf(b, rendered));
  });
  model.quickReplies.forEach((q) => {
    const rendered = renderButton(q, ctx);
    message.quickReplies.push(rendered);
    if (ANSWERING.has(q.type) || q.execute !== null) choices.push(choiceOf(q, rendered));
  });
  model.carousel.forEach((card) => {
    const rendered = renderCard(card, ctx);
    message.carousel.push(rendered);
    card.buttons.forEach((b, i) => {
      if (ANSWERING.has(b.type) || b.execute !== null) choices.push(choiceOf(b, rendered.buttons[i]!));
    });
  });
  return { message, choices };
}
