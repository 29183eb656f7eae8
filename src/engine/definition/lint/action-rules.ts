// Rules on actions and their parts: one step per action, send contents, requests, waits and data capture.
import { arrayAt, given, isObject, objectAt, stringAt, stringList, type RawObject } from '../json-read.js';
import { CHANNEL_TYPE_NAMES, isChannelTypeName } from '../../../channel-types.js';
import { LIMITS } from '../limits.js';
import { pointerJoin, type ProblemList } from '../problem.js';
import { checkAttributeReference, checkWritableAttribute } from './attribute-names.js';
import type { LintVisitor } from './walk.js';

/**
 * The spec's mutually exclusive action fields. We add dataCapture and the experience format's
 * delay, which are steps of their own too (see docs/bot-language.md).
 */
export const EXCLUSIVE_ACTION_FIELDS = [
  'send', 'dataCapture', 'waitFor', 'delay', 'startDialog', 'finishDialog', 'assignTags',
  'subscribe', 'execute', 'goto', 'pause', 'updateSettings', 'answer', 'classify',
] as const;

const SEND_KINDS = ['message', 'email', 'request', 'note', 'rss', 'json'] as const;
const EXCLUSIVE_SEND = ['message', 'note', 'rss'] as const;
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
const OPTION_FIELDS = new Set(['select', 'checkbox', 'radio']);

function quoted(keys: readonly string[]): string {
  return keys.map((k) => `"${k}"`).join(', ');
}

/**
 * The Limits table's "carousel cards: min 2". With populate the cards sent are generated from the
 * first one, its template, so a populated carousel needs just that one (see docs/bot-language.md).
 */
function carouselSize(send: RawObject, pointer: string, problems: ProblemList): void {
  const message = objectAt(send, 'message');
  const carousel = message === undefined ? undefined : arrayAt(message, 'carousel');
  if (carousel === undefined) return;
  const at = pointerJoin(pointer, 'message', 'carousel');
  const n = carousel.length;
  if (given(send, 'populate')) {
    if (n === 0) problems.add(at, 'populate uses the first carousel card as its template, so the carousel needs one.');
  } else if (n < LIMITS.carousel.min) {
    problems.add(at, `The message field "carousel" has ${n} item${n === 1 ? '' : 's'}; at least ${LIMITS.carousel.min} are required.`);
  }
}

export function actionRules(problems: ProblemList): LintVisitor {
  return {
    action(node, pointer) {
      const steps = EXCLUSIVE_ACTION_FIELDS.filter((key) => Object.hasOwn(node, key));
      if (steps.length > 1) {
        problems.add(pointer, `An action does one of ${EXCLUSIVE_ACTION_FIELDS.join(', ')}; this one has ${quoted(steps)}.`);
      }
      const channel = stringAt(node, 'channel');
      if (channel !== undefined && !isChannelTypeName(channel)) {
        problems.add(pointerJoin(pointer, 'channel'), `"${channel}" is not a channel type; known types are ${CHANNEL_TYPE_NAMES.join(', ')}.`);
      }
      if (Object.hasOwn(node, 'assignTags') && stringList(node.assignTags).some((tag) => tag.trim() === '')) {
        problems.add(pointerJoin(pointer, 'assignTags'), 'Tag names must not be blank.');
      }
    },
    send(node, pointer) {
      const present = EXCLUSIVE_SEND.filter((key) => given(node, key));
      if (present.length > 1) problems.add(pointer, `A send action carries one of "message", "note" and "rss"; this one has ${quoted(present)}.`);
      if (!SEND_KINDS.some((key) => given(node, key))) {
        problems.add(pointer, `A send action needs at least one of ${quoted(SEND_KINDS)}.`);
      }
      if (given(node, 'populate') && !given(node, 'message')) {
        problems.add(pointerJoin(pointer, 'populate'), 'populate builds message items, so it needs a "message" in the same send action.');
      }
      carouselSize(node, pointer, problems);
    },
    answer(node, pointer) {
      for (const field of ['attribute', 'sourcesAttribute'] as const) {
        const name = stringAt(node, field);
        if (name !== undefined) checkWritableAttribute(name, pointerJoin(pointer, field), problems);
      }
    },
    classify(node, pointer) {
      const name = stringAt(node, 'attribute');
      if (name !== undefined) checkWritableAttribute(name, pointerJoin(pointer, 'attribute'), problems);
    },
    request(node, pointer) {
      const response = stringAt(node, 'response');
      if (response !== undefined) checkWritableAttribute(response, pointerJoin(pointer, 'response'), problems);
      const headers = stringAt(node, 'responseHeaders');
      if (headers !== undefined) checkWritableAttribute(headers, pointerJoin(pointer, 'responseHeaders'), problems);
      const method = stringAt(node, 'method') ?? 'GET';
      const format = stringAt(node, 'dataFormat') ?? 'text';
      if (!BODY_METHODS.has(method)) return;
      if (!given(node, 'content')) {
        problems.add(pointer, `A ${method} request needs "content".`);
        return;
      }
      const content = node.content;
      if (format === 'json' && typeof content === 'string' && !content.trimStart().startsWith('{')) {
        problems.add(pointerJoin(pointer, 'content'), 'With dataFormat "json", content must be an object or a string that begins with "{".');
      }
    },
    waitFor(node, pointer) {
      arrayAt(node, 'keywords')?.forEach((keyword, i) => {
        const attribute = isObject(keyword) ? stringAt(keyword, 'attribute') : undefined;
        if (attribute !== undefined) checkWritableAttribute(attribute, pointerJoin(pointer, 'keywords', i, 'attribute'), problems);
      });
    },
    dataCapture(node, pointer) {
      arrayAt(node, 'fields')?.forEach((field, i) => {
        if (!isObject(field)) return;
        const at = pointerJoin(pointer, 'fields', i);
        const type = stringAt(field, 'type');
        const options = arrayAt(field, 'options');
        if (type !== undefined && OPTION_FIELDS.has(type) && (options === undefined || options.length === 0)) {
          problems.add(at, `A ${type} field needs a non-empty "options" list.`);
        }
        const attribute = stringAt(field, 'attribute');
        if (attribute !== undefined) checkWritableAttribute(attribute, pointerJoin(at, 'attribute'), problems);
      });
    },
    populate(node, pointer) {
      const from = stringAt(node, 'from');
      if (from !== undefined) checkAttributeReference(from, pointerJoin(pointer, 'from'), problems);
      const attribute = stringAt(node, 'attribute');
      if (attribute !== undefined) checkWritableAttribute(attribute, pointerJoin(pointer, 'attribute'), problems);
    },
  };
}
