// populate: a carousel, quick replies or buttons generated from a JSON array in an attribute, the first item serving as template.
import type { MessageModel, PopulateModel } from '../definition/model.js';
import { LIMITS } from '../definition/limits.js';
import { isJsonObject, jsonToText, parseJson, type JsonValue } from '../language/json-value.js';
import { parseReference } from '../language/reference.js';
import { resolveJson } from '../language/resolve.js';
import type { RunContext } from '../run-context.js';
import { choiceOf, isChoice, renderButton, renderCard, renderMessage, type RenderedMessage } from './message.js';

/** The items to populate from: the attribute's JSON array (a path into it allowed), else none. */
function itemsOf(from: string | null, run: RunContext): JsonValue[] {
  if (from === null) return [];
  const ref = parseReference(from);
  if (ref === null || ref.kind !== 'attribute') return [];
  let value = resolveJson(ref, run.language);
  if (typeof value === 'string') {
    const parsed = parseJson(value);
    value = parsed.ok ? parsed.value : undefined;
  }
  return Array.isArray(value) ? value : [];
}

/** The attributes one item is visible as: the whole item under `attribute`, and its fields by name when allowed. */
function scratchFor(item: JsonValue, populate: PopulateModel): Map<string, string> {
  const values = new Map<string, string>();
  if (populate.allowInnerAttributes && isJsonObject(item)) {
    for (const [key, value] of Object.entries(item)) values.set(key, jsonToText(value));
  }
  values.set(populate.attribute ?? 'item', jsonToText(item));
  return values;
}

export function renderPopulated(model: MessageModel, populate: PopulateModel, run: RunContext, pointer = ''): RenderedMessage {
  const items = itemsOf(populate.from, run);
  const kind = model.carousel.length > 0 ? 'carousel' : model.quickReplies.length > 0 ? 'quickReplies' : model.buttons.length > 0 ? 'buttons' : null;
  if (kind === null) {
    run.issue(pointer, 'populate needs a carousel card, quick reply or button to use as the template; the message was sent as written.');
    return renderMessage(model, run.language);
  }
  const limit = kind === 'carousel' ? LIMITS.carousel.max : kind === 'quickReplies' ? LIMITS.quickReplies : LIMITS.buttons;
  const rest: MessageModel = { ...model, [kind]: [] };
  const rendered = renderMessage(rest, run.language);
  items.slice(0, limit).forEach((item, i) => {
    run.index = i;
    run.withScratch(scratchFor(item, populate), () => {
      if (kind === 'carousel') {
        const card = renderCard(model.carousel[0]!, run.language);
        rendered.message.carousel.push(card);
        model.carousel[0]!.buttons.forEach((b, k) => {
          if (isChoice(b)) rendered.choices.push(choiceOf(b, card.buttons[k]!));
        });
      } else {
        const template = model[kind][0]!;
        const button = renderButton(template, run.language);
        rendered.message[kind].push(button);
        if (isChoice(template)) rendered.choices.push(choiceOf(template, button));
      }
    });
  });
  // sys:index exists only during population.
  run.index = null;
  return rendered;
}
