// Rules on message content the schema cannot say: "at least one of", media with mediaType, per-type button fields.
import { given, isObject, numberAt, objectAt, stringAt, type RawObject } from '../json-read.js';
import { pointerJoin, type ProblemList } from '../problem.js';
import { DateTime } from 'luxon';
import type { LintVisitor } from './walk.js';

const MESSAGE_PARTS = ['text', 'media', 'carousel', 'buttons', 'quickReplies', 'richCard', 'title'] as const;
const URI = /^[A-Za-z][A-Za-z0-9+.-]*:\S+$/;
const PHONE = /^\+?[\d\s().-]{3,}$/;

/** Given and not empty: a blank string or an empty list carries nothing. */
function carries(node: RawObject, key: string): boolean {
  if (!given(node, key)) return false;
  const value = node[key];
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

function hasTag(text: string): boolean {
  return text.includes('{');
}

function requireFields(node: RawObject, pointer: string, fields: readonly string[], what: string, problems: ProblemList): void {
  for (const field of fields) {
    if (!carries(node, field)) problems.add(pointer, `${what} needs "${field}".`);
  }
}

function mediaRule(node: RawObject, pointer: string, what: string, problems: ProblemList): void {
  if (given(node, 'mediaType') && !carries(node, 'media')) problems.add(pointer, `${what} has a mediaType, so it needs "media".`);
}

function isoTime(node: RawObject, key: string, pointer: string, problems: ProblemList): void {
  const value = stringAt(node, key);
  if (value === undefined || hasTag(value)) return;
  if (!DateTime.fromISO(value).isValid) problems.add(pointerJoin(pointer, key), `"${key}" must be an ISO 8601 date-time (got "${value}").`);
}

/** Fields RBM needs for each suggestion type; weburl, postback and call come from the spec, the rest are ours. */
function buttonRules(node: RawObject, pointer: string, problems: ProblemList, kind: 'button' | 'quick reply'): void {
  const type = stringAt(node, 'type');
  const what = `A ${type ?? ''} ${kind}`;
  if (kind === 'button') {
    if (type === 'weburl' || type === 'postback' || type === 'call') requireFields(node, pointer, ['title', 'payload'], what, problems);
  } else {
    if (type === 'text' || type === 'postback') requireFields(node, pointer, ['title'], what, problems);
    if (type === 'weburl' || type === 'call') requireFields(node, pointer, ['payload'], what, problems);
  }
  const payload = stringAt(node, 'payload');
  if (payload !== undefined && payload !== '' && !hasTag(payload)) {
    if (type === 'weburl' && !URI.test(payload)) problems.add(pointerJoin(pointer, 'payload'), `The payload of a weburl ${kind} must be a URL (got "${payload}").`);
    if (type === 'call' && !PHONE.test(payload)) problems.add(pointerJoin(pointer, 'payload'), `The payload of a call ${kind} must be a phone number (got "${payload}").`);
  }
  if (type === 'calendar' && kind === 'button') {
    requireFields(node, pointer, ['eventTitle', 'startTime', 'endTime'], what, problems);
    isoTime(node, 'startTime', pointer, problems);
    isoTime(node, 'endTime', pointer, problems);
  }
  if (type === 'viewLocation' && kind === 'button') {
    const latLong = objectAt(node, 'latLong');
    const located = latLong !== undefined && numberAt(latLong, 'latitude') !== undefined && numberAt(latLong, 'longitude') !== undefined;
    if (!located && !carries(node, 'query')) problems.add(pointer, `A viewLocation button needs "latLong" (latitude and longitude) or "query".`);
  }
}

function layoutRule(node: RawObject, pointer: string, problems: ProblemList): void {
  if (given(node, 'imageAlignment') && stringAt(node, 'cardOrientation') === 'VERTICAL') {
    problems.add(pointerJoin(pointer, 'imageAlignment'), 'imageAlignment applies to HORIZONTAL cards only.');
  }
}

export function messageRules(problems: ProblemList): LintVisitor {
  return {
    message(node, pointer) {
      if (!MESSAGE_PARTS.some((key) => carries(node, key))) {
        problems.add(pointer, 'A message must carry at least one of text, media (with or without mediaType), carousel, buttons, quickReplies, richCard and title.');
      }
      mediaRule(node, pointer, 'The message', problems);
      const card = node.richCard;
      if (isObject(card)) layoutRule(card, pointerJoin(pointer, 'richCard'), problems);
    },
    richCard(node, pointer) {
      if (!(['title', 'description', 'media'] as const).some((key) => carries(node, key))) {
        problems.add(pointer, 'A rich card needs at least one of title, description and media.');
      }
      mediaRule(node, pointer, 'The rich card', problems);
      layoutRule(node, pointer, problems);
    },
    button(node, pointer) {
      buttonRules(node, pointer, problems, 'button');
    },
    quickReply(node, pointer) {
      buttonRules(node, pointer, problems, 'quick reply');
    },
  };
}
