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

function layout(l: CardLayoutModel, ctx: LanguageContext): CardLayout {
  return { cardOrientation: l.cardOrientation, mediaHeight: l.mediaHeight, imageAlignment: l.imageAlignment, thumbnailUrl: text(l.thumbnailUrl, ctx) };
}

export function renderCard(card: RichCardModel, ctx: LanguageContext): RenderedCard {
  return {
    ...layout(card, ctx),
    title: text(card.title, ctx),
    description: text(card.description, ctx),
    media: text(card.media, ctx),
    mediaType: card.mediaType,
    buttons: card.buttons.map((b) => renderButton(b, ctx)),
  };
}

/** Button types a click of which comes back as a message: those are choices; links and calls are not. */
const ANSWERING = new Set(['postback', 'text']);

/** Whether a click on this button or quick reply comes back to the bot as a choice. */
export function isChoice(model: ButtonModel | QuickReplyModel): boolean {
  return ANSWERING.has(model.type) || model.execute !== null;
}

export function choiceOf(model: ButtonModel | QuickReplyModel, rendered: RenderedButton): Choice {
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
  message.richCard = model.richCard === null ? null : layout(model.richCard, ctx);
  model.buttons.forEach((b) => {
    const rendered = renderButton(b, ctx);
    message.buttons.push(rendered);
    if (isChoice(b)) choices.push(choiceOf(b, rendered));
  });
  model.quickReplies.forEach((q) => {
    const rendered = renderButton(q, ctx);
    message.quickReplies.push(rendered);
    if (isChoice(q)) choices.push(choiceOf(q, rendered));
  });
  model.carousel.forEach((card) => {
    const rendered = renderCard(card, ctx);
    message.carousel.push(rendered);
    card.buttons.forEach((b, i) => {
      if (isChoice(b)) choices.push(choiceOf(b, rendered.buttons[i]!));
    });
  });
  return { message, choices };
}
