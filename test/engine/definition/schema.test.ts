// The JSON Schemas: the Limits table, required fields, enums, patterns and extra properties.
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../src/engine/definition/limits.js';
import { botWith, experienceWith, linesOf } from './definitions.js';

const A = '/workflows/0/actions/0';
const B = '/interactions/0/actions/0';
const long = (n: number) => 'x'.repeat(n);
const message = (fields: Record<string, unknown>) => experienceWith([{ send: { message: fields } }]);
const button = (fields: Record<string, unknown>) => message({ buttons: [{ type: 'postback', title: 't', payload: 'p', ...fields }] });

describe('schema: the Limits table', () => {
  it.each([
    ['experience name, empty', { name: '', workflows: [] }, '/name: The experience definition field "name" must not be empty.'],
    ['experience name, 101 characters', { name: long(101), workflows: [] }, '/name: The experience definition field "name" is 101 characters long; the limit is 100.'],
    ['message text', message({ text: long(LIMITS.messageText + 1) }), `${A}/send/message/text: The message field "text" is 3073 characters long; the limit is 3072.`],
    ['message title', message({ title: long(201) }), `${A}/send/message/title: The message field "title" is 201 characters long; the limit is 200.`],
    ['buttons on a message', message({ buttons: Array(5).fill({ type: 'text' }) }), `${A}/send/message/buttons: The message field "buttons" has 5 items; the limit is 4.`],
    ['buttons on a rich card', message({ carousel: [{ title: 'a', buttons: Array(5).fill({ type: 'text' }) }, { title: 'b' }] }), `${A}/send/message/carousel/0/buttons: The rich card field "buttons" has 5 items; the limit is 4.`],
    ['quick replies', message({ quickReplies: Array(12).fill({ type: 'location' }) }), `${A}/send/message/quickReplies: The message field "quickReplies" has 12 items; the limit is 11.`],
    ['carousel, too few', message({ carousel: [{ title: 'a' }] }), `${A}/send/message/carousel: The message field "carousel" has 1 item; at least 2 are required.`],
    ['carousel, too many', message({ carousel: Array(11).fill({ title: 'a' }) }), `${A}/send/message/carousel: The message field "carousel" has 11 items; the limit is 10.`],
    ['rich card title', message({ carousel: [{ title: long(201) }, { title: 'b' }] }), `${A}/send/message/carousel/0/title: The rich card field "title" is 201 characters long; the limit is 200.`],
    ['rich card description', message({ carousel: [{ description: long(2001) }, { title: 'b' }] }), `${A}/send/message/carousel/0/description: The rich card field "description" is 2001 characters long; the limit is 2000.`],
    ['button title', button({ title: long(26) }), `${A}/send/message/buttons/0/title: The button field "title" is 26 characters long; the limit is 25.`],
    ['button payload', button({ payload: long(1001) }), `${A}/send/message/buttons/0/payload: The button field "payload" is 1001 characters long; the limit is 1000.`],
    ['quick reply title', message({ quickReplies: [{ type: 'text', title: long(26) }] }), `${A}/send/message/quickReplies/0/title: The quick reply field "title" is 26 characters long; the limit is 25.`],
    ['quick reply payload', message({ quickReplies: [{ type: 'text', title: 't', payload: long(1001) }] }), `${A}/send/message/quickReplies/0/payload: The quick reply field "payload" is 1001 characters long; the limit is 1000.`],
  ])('%s', (_label, definition, line) => {
    expect(linesOf(definition)).toContain(line);
  });

  it('accepts content exactly at every limit', () => {
    const atLimits = experienceWith([
      { send: { message: { text: long(3072), title: long(200), buttons: Array(4).fill({ type: 'postback', title: long(25), payload: long(1000) }), quickReplies: Array(11).fill({ type: 'text', title: long(25), payload: long(1000) }) } } },
      { send: { message: { carousel: Array(10).fill({ title: long(200), description: long(2000), buttons: Array(4).fill({ type: 'text' }) }) } } },
    ]);
    expect(linesOf({ ...atLimits, name: long(100) })).toEqual([]);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(linesOf(message({ text: '😀'.repeat(3072) }))).toEqual([]);
  });
});

describe('schema: fields, types, enums and patterns', () => {
  it.each([
    ['unknown top-level field', { name: 'x', workflows: [], extra: 1 }, '/extra: The experience definition has an unknown field "extra"; allowed fields are "name", "workflows", "welcomeMessageExecute", "language", "id", "dateCreated", "currentRevision" and "latestRevision".'],
    ['workflow without intents', { name: 'x', workflows: [{ actions: [] }] }, '/workflows/0: The workflow is missing the required field "intents".'],
    ['interaction without actions', { name: 'x', interactions: [{ name: 'a' }] }, '/interactions/0: The interaction is missing the required field "actions".'],
    ['intent of the wrong type', experienceWith([], { intents: [5] }), '/workflows/0/intents/0: Item 0 of "intents" in the workflow must be a string or an object (got an integer).'],
    ['experience IntentObject needs a name', experienceWith([], { intents: [{ expressions: [] }] }), '/workflows/0/intents/0: The intent is missing the required field "name".'],
    ['bot Intent needs expressions', botWith([], { intents: [{ name: 'x' }] }), '/interactions/0/intents/0: The intent is missing the required field "expressions".'],
    ['bot Expression needs slots', botWith([], { expressions: [{ text: 'hi' }] }), '/interactions/0/expressions/0: The expression is missing the required field "slots".'],
    ['Slot needs all three fields', experienceWith([], { expressions: [{ text: 'x', slots: [{ name: 'a', type: 'b' }] }] }), '/workflows/0/expressions/0/slots/0: The slot is missing the required field "value".'],
    ['bot Keyword value needs expressions', botWith([], { keywords: [{ name: 'k', values: [{ value: 'v' }] }] }), '/interactions/0/keywords/0/values/0: The keyword value is missing the required field "expressions".'],
    ['unknown action field', experienceWith([{ sned: {} }]), `${A}/sned: The action has an unknown field "sned"; allowed fields are "name", "conditions", "validation", "channel", "send", "waitFor", "delay", "execute", "goto", "assignTags", "assignAttributes", "updateAttribute", "subscribe", "updateSettings", "pause", "answer" and "classify".`],
    ['experience action has no dataCapture', experienceWith([{ dataCapture: {} }]), `${A}/dataCapture: The action has an unknown field "dataCapture"; allowed fields are "name", "conditions", "validation", "channel", "send", "waitFor", "delay", "execute", "goto", "assignTags", "assignAttributes", "updateAttribute", "subscribe", "updateSettings", "pause", "answer" and "classify".`],
    ['finishDialog must be true', botWith([{ finishDialog: false }]), `${B}/finishDialog: The action field "finishDialog" must be true.`],
    ['mediaType enum', message({ mediaType: 'gif', media: 'https://x.example/a.gif' }), `${A}/send/message/mediaType: The message field "mediaType" must be one of "image", "video", "audio" or "file" (got "gif").`],
    ['media must be a URI', message({ media: 'not a uri' }), `${A}/send/message/media: The message field "media" must be an absolute URI or a tag (got "not a uri").`],
    ['button type enum', message({ buttons: [{ type: 'link' }] }), `${A}/send/message/buttons/0/type: The button field "type" must be one of "weburl", "postback", "call", "text", "location", "viewLocation", "calendar" or "datetime" (got "link").`],
    ['button needs a type', message({ buttons: [{ title: 'x' }] }), `${A}/send/message/buttons/0: The button is missing the required field "type".`],
    ['webviewViewMode enum', button({ webviewViewMode: 'WIDE' }), `${A}/send/message/buttons/0/webviewViewMode: The button field "webviewViewMode" must be one of "FULL", "HALF" or "TALL" (got "WIDE").`],
    ['cardOrientation enum', message({ richCard: { cardOrientation: 'DIAGONAL' } }), `${A}/send/message/richCard/cardOrientation: The rich card settings field "cardOrientation" must be one of "VERTICAL" or "HORIZONTAL" (got "DIAGONAL").`],
    ['waitFor content pattern', experienceWith([{ waitFor: { data: 'text', content: 'my answer' } }]), `${A}/waitFor/content: The wait action field "content" must match the pattern ^[a-zA-Z][a-zA-Z0-9_]*$ (got "my answer").`],
    ['waitFor data enum (string)', experienceWith([{ waitFor: { data: 'voice', content: 'a' } }]), `${A}/waitFor/data: The wait action field "data" must be one of "message", "text", "quick reply", "multi select", "number", "money", "distance", "coordinates", "datetime" or "file" (got "voice").`],
    ['waitFor data enum (array)', experienceWith([{ waitFor: { data: ['text', 'voice'], content: 'a' } }]), `${A}/waitFor/data/1: Item 1 of "data" in the wait action must be one of "message", "text", "quick reply", "multi select", "number", "money", "distance", "coordinates", "datetime" or "file" (got "voice").`],
    ['waitFor timeout', experienceWith([{ waitFor: { data: 'text', content: 'a', timeout: '5 minutes' } }]), `${A}/waitFor/timeout: The wait action field "timeout" must match the pattern ^[0-9]+(s|m|h|d)$ (got "5 minutes").`],
    ['wait keywords need name and attribute', experienceWith([{ waitFor: { data: 'text', content: 'a', keywords: [{ name: 'k' }] } }]), `${A}/waitFor/keywords/0: The wait keyword is missing the required field "attribute".`],
    ['attributePath pattern', experienceWith([{ assignAttributes: { attributes: [{ attributePath: 'bot:x', value: '1' }] } }]), `${A}/assignAttributes/attributes/0/attributePath: The attribute value field "attributePath" must match the pattern ^[a-zA-Z][a-zA-Z0-9_.]*$ (got "bot:x").`],
    ['multipleValues enum', experienceWith([{ assignAttributes: { attributes: [{ attributePath: 'x', value: '1', multipleValues: 'list' }] } }]), `${A}/assignAttributes/attributes/0/multipleValues: The attribute value field "multipleValues" must be one of "array" or "object" (got "list").`],
    ['request url pattern', experienceWith([{ send: { request: { url: 'www.example.com' } } }]), `${A}/send/request/url: The request action field "url" must match the pattern ^(?:(?:https?|ftp|file)://.*|\\{[^{}]+\\})$ (got "www.example.com").`],
    ['request method enum', experienceWith([{ send: { request: { url: 'https://x.example', method: 'HEAD' } } }]), `${A}/send/request/method: The request action field "method" must be one of "GET", "POST", "PUT", "PATCH" or "DELETE" (got "HEAD").`],
    ['request retries minimum', experienceWith([{ send: { request: { url: 'https://x.example', retries: -1 } } }]), `${A}/send/request/retries: The request action field "retries" must be at least 0 (got -1).`],
    ['request headers are strings', experienceWith([{ send: { request: { url: 'https://x.example', headers: { n: 1 } } } }]), `${A}/send/request/headers/n: The "headers" object field "n" must be a string (got an integer).`],
    ['email addresses', experienceWith([{ send: { email: { to: ['ok@example.com', 'nope'] } } }]), `${A}/send/email/to/1: Item 1 of "to" in the e-mail action must be an e-mail address or a tag (got "nope").`],
    ['email needs to', experienceWith([{ send: { email: { subject: 'x' } } }]), `${A}/send/email: The e-mail action is missing the required field "to".`],
    ['rss url', experienceWith([{ send: { rss: { url: 'feed' } } }]), `${A}/send/rss/url: The RSS action field "url" must be an absolute URI or a tag (got "feed").`],
    ['rss layout', experienceWith([{ send: { rss: { url: 'https://x.example/feed', preferedLayout: 'grid' } } }]), `${A}/send/rss/preferedLayout: The RSS action field "preferedLayout" must be one of "list" or "carousel" (got "grid").`],
    ['note needs text', experienceWith([{ send: { note: { channelId: 1 } } }]), `${A}/send/note: The note action is missing the required field "text".`],
    ['pause seconds', experienceWith([{ pause: { seconds: 1.5 } }]), `${A}/pause/seconds: The pause action field "seconds" must be an integer (got a number).`],
    ['delay milliseconds', experienceWith([{ delay: { milliseconds: -5 } }]), `${A}/delay/milliseconds: The delay action field "milliseconds" must be at least 0 (got -5).`],
    ['conversation priority', experienceWith([{ updateSettings: { conversation: { priority: 'urgent' } } }]), `${A}/updateSettings/conversation/priority: The conversation settings field "priority" must be one of "normal" or "high" (got "urgent").`],
    ['bot enabled', experienceWith([{ updateSettings: { bot: { enabled: 'yes' } } }]), `${A}/updateSettings/bot/enabled: The bot settings field "enabled" must be true or false (got a string).`],
    ['data capture required fields', botWith([{ dataCapture: { fields: [] } }]), `${B}/dataCapture: The data capture is missing the required field "displayMode".`],
    ['data capture non-empty fields', botWith([{ dataCapture: { fields: [], displayMode: 'popup', submitButton: 'Send' } }]), `${B}/dataCapture/fields: The data capture field "fields" must not be empty.`],
    ['data capture field types are case-sensitive', botWith([{ dataCapture: { fields: [{ type: 'Text', attribute: 'a' }], displayMode: 'popup', submitButton: 'Send' } }]), `${B}/dataCapture/fields/0/type: The data capture field's "type" must be one of "text", "select", "checkbox", "radio", "date", "time", "datetime", "switch", "email" or "phone" (got "Text").`],
    ['bot-format updateAttribute needs a value', botWith([{ updateAttribute: { attribute: 'x' } }]), `${B}/updateAttribute: The update attribute action is missing the required field "value".`],
    ['operator with two keys', experienceWith([{ conditions: [{ and: [{}], or: [{}] }], execute: 'other' }]), `${A}/conditions/0: An operator must have exactly one of "and", "or" and "not".`],
    ['operator with an empty list', experienceWith([{ conditions: [{ or: [] }], execute: 'other' }]), `${A}/conditions/0/or: The condition field "or" must not be empty.`],
    ['unknown condition field', experienceWith([{ conditions: [{ channel: 'rcs' }], execute: 'other' }]), `${A}/conditions/0/channel: The condition has an unknown field "channel"; allowed fields are "channelTypes", "channelIds", "tags", "deviceTypes", "devicePlatforms", "attribute", "equals", "notEquals", "contains", "notContains", "startsWith", "endsWith", "matches", "greaterThan", "greaterThanOrEqual", "lessThan", "lessThanOrEqual", "in", "notIn", "exists", "empty", "is" and "ignoreCase".`],
    ['validation needs conditions', experienceWith([], { validation: { executeOnError: 'other' } }), '/workflows/0/validation: The validation is missing the required field "conditions".'],
    ['language is a BCP 47 tag', { name: 'x', interactions: [], language: 'French' }, '/language: The bot definition field "language" must match the pattern ^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$ (got "French").'],
  ])('%s', (_label, definition, line) => {
    expect(linesOf(definition)).toContain(line);
  });

  it.each([['fr'], ['pt-BR'], ['zh-Hant-TW'], ['ja']])('language %s is accepted in both formats', (language) => {
    expect(linesOf({ name: 'x', interactions: [], language })).toEqual([]);
    expect(linesOf({ name: 'x', workflows: [], language })).toEqual([]);
  });

  it.each([
    ['Button', { type: 'postback', title: 't', payload: 'p', color: 'red' }],
    ['QuickReply', { type: 'location', icon: 'pin' }],
  ])('%s allows extra properties', (_label, item) => {
    const field = _label === 'Button' ? 'buttons' : 'quickReplies';
    expect(linesOf(message({ [field]: [item] }))).toEqual([]);
  });

  it('allows extra properties on RichCard, RichCardConfig, Note, Populate, AssignAttributes and AttributeValue', () => {
    const definition = experienceWith([
      { send: { message: { richCard: { cardOrientation: null, extra: 1 }, carousel: [{ title: 'a', x: 1 }, { title: 'b' }] }, populate: { from: 'items', y: 2 } } },
      { send: { note: { text: 'n', z: 3 } } },
      { assignAttributes: { attributes: [{ attributePath: 'a', value: '1', custom: true }], custom: true } },
    ]);
    expect(linesOf(definition)).toEqual([]);
  });

  it('accepts server fields so a fetched bot can be sent back', () => {
    expect(linesOf({ id: 3, name: 'b', dateCreated: '2024-01-01T00:00:00', currentRevision: 1, latestRevision: 2, interactions: [] })).toEqual([]);
  });

  it('accepts tags where a URI or e-mail address is expected', () => {
    const definition = experienceWith([
      { send: { message: { media: '{imageUrl}', mediaType: 'image' }, email: { to: '{sys:email}', cc: ['a@example.com'] }, request: { url: '{endpoint}' } } },
    ]);
    expect(linesOf(definition)).toEqual([]);
  });
});
