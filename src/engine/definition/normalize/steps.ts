// Normalizing an action's one step (send, wait, delay, dialog, execute …) and the action around it.
import type { DefinitionFormat } from '../format.js';
import { DATA_CAPTURE_FIELD_TYPES, DEFAULT_WAIT_TIMEOUT, WAIT_DATA } from '../limits.js';
import { isObject, type RawObject } from '../json-read.js';
import type { ActionModel, ActionStep, AnswerModel, ClassifyModel, DataCaptureModel, DelayModel, WaitData, WaitModel } from '../model.js';
import { fromAssignAttributes, fromUpdateAttribute } from './assignments.js';
import { conditionList, validationOf } from './conditions.js';
import { durationMs, flag, integer, list, object, objects, oneOf, text } from './read.js';
import { populate, send } from './send.js';

function waitFor(node: RawObject): WaitModel {
  const timeout = text(node, 'timeout') ?? DEFAULT_WAIT_TIMEOUT;
  return {
    data: list(node, 'data').filter((d): d is WaitData => (WAIT_DATA as readonly string[]).includes(d)),
    content: text(node, 'content') ?? '',
    keywords: objects(node, 'keywords').map((k) => ({ name: text(k, 'name') ?? '', attribute: text(k, 'attribute') ?? '' })),
    executeOnError: list(node, 'executeOnError'),
    executeOnTimeout: list(node, 'executeOnTimeout'),
    timeout,
    timeoutMs: durationMs(timeout) ?? 0,
  };
}

function delay(node: RawObject): DelayModel {
  const timeout = text(node, 'timeout');
  return {
    milliseconds: integer(node, 'seconds', 0) * 1000 + integer(node, 'milliseconds', 0),
    executeOnTimeout: list(node, 'executeOnTimeout'),
    timeout,
    timeoutMs: timeout === null ? null : durationMs(timeout),
  };
}

function dataCapture(node: RawObject): DataCaptureModel {
  const source = object(node, 'populate');
  return {
    fields: objects(node, 'fields').map((field) => ({
      type: oneOf(field, 'type', DATA_CAPTURE_FIELD_TYPES, 'text'),
      attribute: text(field, 'attribute') ?? '',
      title: text(field, 'title'),
      placeholder: text(field, 'placeholder'),
      required: flag(field, 'required', false),
      options: list(field, 'options'),
      multi: flag(field, 'multi', false),
    })),
    displayMode: oneOf(node, 'displayMode', ['message', 'popup'] as const, 'message'),
    submitButton: text(node, 'submitButton') ?? '',
    executeOnSubmit: text(node, 'executeOnSubmit'),
    dismissButton: text(node, 'dismissButton'),
    executeOnDismiss: text(node, 'executeOnDismiss'),
    populate: source === null ? null : populate(source),
  };
}

function classify(node: RawObject): ClassifyModel {
  return {
    text: text(node, 'text') ?? '{sys:text}',
    among: list(node, 'among'),
    model: text(node, 'model'),
    instructions: text(node, 'instructions'),
    attribute: text(node, 'attribute'),
    fallback: list(node, 'fallback'),
    dailyTokenLimit: typeof node.dailyTokenLimit === 'number' ? node.dailyTokenLimit : null,
  };
}

function answer(node: RawObject): AnswerModel {
  const bases = node.knowledgeBases;
  const refs = (Array.isArray(bases) ? bases : [bases]).filter((b): b is string | number => typeof b === 'string' || typeof b === 'number');
  const limit = (key: string): number | null => (typeof node[key] === 'number' ? node[key] : null);
  return {
    knowledgeBases: refs,
    question: text(node, 'question') ?? '{sys:text}',
    instructions: text(node, 'instructions'),
    model: text(node, 'model'),
    extractive: flag(node, 'extractive', false),
    maxTokens: integer(node, 'maxTokens', 300),
    passages: integer(node, 'passages', 4),
    minRelevance: typeof node.minRelevance === 'number' ? node.minRelevance : 0.5,
    attribute: text(node, 'attribute'),
    sourcesAttribute: text(node, 'sourcesAttribute'),
    send: flag(node, 'send', true),
    fallback: list(node, 'fallback'),
    conversationTokenLimit: limit('conversationTokenLimit'),
    dailyTokenLimit: limit('dailyTokenLimit'),
  };
}

/** The action's step; lint has made sure there is at most one. */
function stepOf(node: RawObject): ActionStep | null {
  const has = (key: string): boolean => Object.hasOwn(node, key);
  const child = (key: string): RawObject => (isObject(node[key]) ? node[key] : {});
  if (has('send')) return { kind: 'send', send: send(child('send')) };
  if (has('dataCapture')) return { kind: 'dataCapture', dataCapture: dataCapture(child('dataCapture')) };
  if (has('waitFor')) return { kind: 'waitFor', waitFor: waitFor(child('waitFor')) };
  if (has('delay')) return { kind: 'delay', delay: delay(child('delay')) };
  if (has('startDialog')) {
    const dialog = child('startDialog');
    return {
      kind: 'startDialog',
      dialog: {
        name: text(dialog, 'name'),
        context: text(dialog, 'context'),
        executeOnCancel: list(dialog, 'executeOnCancel'),
        executeOnBreakOut: list(dialog, 'executeOnBreakOut'),
      },
    };
  }
  if (has('finishDialog')) return { kind: 'finishDialog' };
  if (has('assignTags')) return { kind: 'assignTags', tags: list(node, 'assignTags') };
  if (has('subscribe')) return { kind: 'subscribe', subscribe: flag(node, 'subscribe', true) };
  if (has('execute')) return { kind: 'execute', targets: list(node, 'execute') };
  if (has('goto')) return { kind: 'goto', target: text(node, 'goto') ?? '' };
  if (has('pause')) {
    const pause = child('pause');
    return { kind: 'pause', milliseconds: integer(pause, 'seconds', 0) * 1000 + integer(pause, 'milliseconds', 0) };
  }
  if (has('answer')) return { kind: 'answer', answer: answer(child('answer')) };
  if (has('classify')) return { kind: 'classify', classify: classify(child('classify')) };
  if (has('updateSettings')) {
    const settings = child('updateSettings');
    const bot = object(settings, 'bot');
    const conversation = object(settings, 'conversation');
    return {
      kind: 'updateSettings',
      settings: {
        botEnabled: bot !== null && typeof bot.enabled === 'boolean' ? bot.enabled : null,
        conversationPriority: conversation === null ? null : oneOf(conversation, 'priority', ['normal', 'high'] as const, null),
      },
    };
  }
  return null;
}

export function action(node: RawObject, pointer: string, format: DefinitionFormat): ActionModel {
  const update = object(node, 'updateAttribute');
  const assign = object(node, 'assignAttributes');
  return {
    name: text(node, 'name'),
    pointer,
    conditions: conditionList(node),
    channel: text(node, 'channel'),
    assignments: [
      ...(update === null ? [] : fromUpdateAttribute(update, format)),
      ...(assign === null ? [] : fromAssignAttributes(assign)),
    ],
    step: stepOf(node),
    validation: validationOf(object(node, 'validation')),
  };
}
