// The lint pass: every rule beyond the schema, each with its exact problem sentence.
import { describe, expect, it } from 'vitest';
import { botWith, experienceWith, linesOf } from './definitions.js';

const A = '/workflows/0/actions/0';
const B = '/interactions/0/actions/0';
const message = (fields: Record<string, unknown>) => experienceWith([{ send: { message: fields } }]);

describe('lint: names', () => {
  it.each([
    ['duplicate workflow names', { name: 'x', workflows: [{ name: 'a', intents: [], actions: [] }, { name: 'a', intents: [], actions: [] }] }, '/workflows/1/name: The name "a" is already used at /workflows/0/name; interaction, workflow and action names must be unique.'],
    ['an action named like a workflow', experienceWith([{ name: 'other', execute: 'main' }]), '/workflows/1/name: The name "other" is already used at /workflows/0/actions/0/name; interaction, workflow and action names must be unique.'],
    ['duplicate action names across interactions', botWith([{ name: 'otherAction', execute: 'other' }]), '/interactions/1/actions/0/name: The name "otherAction" is already used at /interactions/0/actions/0/name; interaction, workflow and action names must be unique.'],
    ['a sys: interaction name', { name: 'x', interactions: [{ name: 'sys:start', actions: [] }] }, '/interactions/0/name: The name "sys:start" starts with the reserved prefix "sys:".'],
    ['a sys: action name', experienceWith([{ name: 'sys:mine', execute: 'other' }]), `${A}/name: The name "sys:mine" starts with the reserved prefix "sys:".`],
    ['a blank name', experienceWith([{ name: ' ', execute: 'other' }]), `${A}/name: An action name must not be blank.`],
  ])('%s', (_label, definition, line) => {
    expect(linesOf(definition)).toContain(line);
  });
});

describe('lint: targets resolve', () => {
  it.each([
    ['execute', experienceWith([{ execute: 'nowhere' }]), `${A}/execute: "nowhere" does not name a workflow or action of this experience.`],
    ['execute list', experienceWith([{ execute: ['other', 'nowhere'] }]), `${A}/execute/1: "nowhere" does not name a workflow or action of this experience.`],
    ['goto', botWith([{ goto: 'nowhere' }]), `${B}/goto: "nowhere" does not name an interaction or action of this bot or of a bot it includes.`],
    ['executeOnSubmit', botWith([{ dataCapture: { fields: [{ type: 'text', attribute: 'a' }], displayMode: 'popup', submitButton: 'Send', executeOnSubmit: 'x1', executeOnDismiss: 'x2' } }]), `${B}/dataCapture/executeOnSubmit: "x1" does not name an interaction or action of this bot or of a bot it includes.`],
    ['executeOnDismiss', botWith([{ dataCapture: { fields: [{ type: 'text', attribute: 'a' }], displayMode: 'popup', submitButton: 'Send', executeOnDismiss: 'x2' } }]), `${B}/dataCapture/executeOnDismiss: "x2" does not name an interaction or action of this bot or of a bot it includes.`],
    ['executeOnError of a wait', experienceWith([{ waitFor: { data: 'number', content: 'n', executeOnError: 'x3' } }]), `${A}/waitFor/executeOnError: "x3" does not name a workflow or action of this experience.`],
    ['executeOnTimeout of a wait', experienceWith([{ waitFor: { data: 'number', content: 'n', executeOnTimeout: ['x4'] } }]), `${A}/waitFor/executeOnTimeout/0: "x4" does not name a workflow or action of this experience.`],
    ['executeOnTimeout of a delay', experienceWith([{ delay: { seconds: 1, executeOnTimeout: 'x5' } }]), `${A}/delay/executeOnTimeout: "x5" does not name a workflow or action of this experience.`],
    ['request fallback', experienceWith([{ send: { request: { url: 'https://x.example', fallback: 'x6' } } }]), `${A}/send/request/fallback: "x6" does not name a workflow or action of this experience.`],
    ['note executeOnError', experienceWith([{ send: { note: { text: 'n', executeOnError: 'x7' } } }]), `${A}/send/note/executeOnError: "x7" does not name a workflow or action of this experience.`],
    ['button execute', message({ buttons: [{ type: 'postback', title: 't', payload: 'p', execute: 'x8' }] }), `${A}/send/message/buttons/0/execute: "x8" does not name a workflow or action of this experience.`],
    ['rich card button execute', message({ carousel: [{ title: 'a', buttons: [{ type: 'text', execute: 'x9' }] }, { title: 'b' }] }), `${A}/send/message/carousel/0/buttons/0/execute: "x9" does not name a workflow or action of this experience.`],
    ['quick reply execute', message({ quickReplies: [{ type: 'text', title: 't', execute: 'x10' }] }), `${A}/send/message/quickReplies/0/execute: "x10" does not name a workflow or action of this experience.`],
    ['validation executeOnError', experienceWith([], { validation: { conditions: [{ tags: 'vip' }], executeOnError: 'x11' } }), '/workflows/0/validation/executeOnError: "x11" does not name a workflow or action of this experience.'],
    ['startDialog executeOnCancel', botWith([{ startDialog: { name: 'order', executeOnCancel: 'x12' } }]), `${B}/startDialog/executeOnCancel: "x12" does not name an interaction or action of this bot or of a bot it includes.`],
    ['welcomeMessageExecute names a workflow', { ...experienceWith([{ name: 'act', execute: 'other' }]), welcomeMessageExecute: 'act' }, '/welcomeMessageExecute: welcomeMessageExecute "act" does not name a workflow of this experience.'],
    ['an empty target', experienceWith([{ goto: '' }]), `${A}/goto: A target name must not be empty.`],
  ])('%s', (_label, definition, line) => {
    expect(linesOf(definition)).toContain(line);
  });

  it('accepts targets naming interactions and actions alike, and null executes', () => {
    const definition = experienceWith([
      { execute: ['other', 'otherAction'] },
      { send: { message: { buttons: [{ type: 'postback', title: 't', payload: 'p', execute: null }], quickReplies: null, text: 'x' } } },
    ]);
    expect(linesOf({ ...definition, welcomeMessageExecute: 'other' })).toEqual([]);
  });
});

describe('lint: one step per action', () => {
  it.each([
    ['send and goto', botWith([{ send: { message: { text: 'x' } }, goto: 'other' }]), `${B}: An action does one of send, dataCapture, waitFor, delay, startDialog, finishDialog, assignTags, subscribe, execute, goto, pause, updateSettings, answer, classify; this one has "send", "goto".`],
    ['execute and subscribe', experienceWith([{ execute: 'other', subscribe: true }]), `${A}: An action does one of send, dataCapture, waitFor, delay, startDialog, finishDialog, assignTags, subscribe, execute, goto, pause, updateSettings, answer, classify; this one has "subscribe", "execute".`],
    ['waitFor and pause', experienceWith([{ waitFor: { data: 'text', content: 'a' }, pause: { seconds: 1 } }]), `${A}: An action does one of send, dataCapture, waitFor, delay, startDialog, finishDialog, assignTags, subscribe, execute, goto, pause, updateSettings, answer, classify; this one has "waitFor", "pause".`],
    ['message and note', experienceWith([{ send: { message: { text: 'x' }, note: { text: 'n' } } }]), `${A}/send: A send action carries one of "message", "note" and "rss"; this one has "message", "note".`],
    ['an empty send', experienceWith([{ send: {} }]), `${A}/send: A send action needs at least one of "message", "email", "request", "note", "rss", "json".`],
    ['populate without message', experienceWith([{ send: { json: {}, populate: { from: 'items' } } }]), `${A}/send/populate: populate builds message items, so it needs a "message" in the same send action.`],
    ['populate without a template card', experienceWith([{ send: { message: { text: 'x', carousel: [] }, populate: { from: 'items' } } }]), `${A}/send/message/carousel: populate uses the first carousel card as its template, so the carousel needs one.`],
    ['an empty carousel', experienceWith([{ send: { message: { text: 'x', carousel: [] } } }]), `${A}/send/message/carousel: The message field "carousel" has 0 items; at least 2 are required.`],
  ])('%s', (_label, definition, line) => {
    expect(linesOf(definition)).toContain(line);
  });

  it('lets a populated carousel be one template card', () => {
    expect(linesOf(experienceWith([{ send: { message: { carousel: [{ title: '{item.name}' }] }, populate: { from: 'items', attribute: 'item' } } }]))).toEqual([]);
  });

  it('lets assignments go with any step', () => {
    expect(linesOf(experienceWith([{ assignAttributes: { attributes: [{ attributePath: 'a', value: '1' }] }, updateAttribute: { attribute: 'b', value: '2' }, send: { message: { text: '{a}{b}' }, email: { to: 'a@example.com' } } }]))).toEqual([]);
  });
});

describe('lint: messages, buttons and quick replies', () => {
  it.each([
    ['an empty message', message({}), `${A}/send/message: A message must carry at least one of text, media (with or without mediaType), carousel, buttons, quickReplies, richCard and title.`],
    ['blank text and null quick replies carry nothing', message({ text: ' ', quickReplies: null, buttons: [] }), `${A}/send/message: A message must carry at least one of text, media (with or without mediaType), carousel, buttons, quickReplies, richCard and title.`],
    ['mediaType without media', message({ text: 'x', mediaType: 'image' }), `${A}/send/message: The message has a mediaType, so it needs "media".`],
    ['rich card without content', message({ carousel: [{ mediaHeight: 'TALL' }, { title: 'b' }] }), `${A}/send/message/carousel/0: A rich card needs at least one of title, description and media.`],
    ['rich card mediaType without media', message({ carousel: [{ title: 'a', mediaType: 'video' }, { title: 'b' }] }), `${A}/send/message/carousel/0: The rich card has a mediaType, so it needs "media".`],
    ['imageAlignment on a vertical card', message({ richCard: { cardOrientation: 'VERTICAL', imageAlignment: 'LEFT' } }), `${A}/send/message/richCard/imageAlignment: imageAlignment applies to HORIZONTAL cards only.`],
    ['weburl button needs title', message({ buttons: [{ type: 'weburl', payload: 'https://x.example' }] }), `${A}/send/message/buttons/0: A weburl button needs "title".`],
    ['postback button needs payload', message({ buttons: [{ type: 'postback', title: 'Go' }] }), `${A}/send/message/buttons/0: A postback button needs "payload".`],
    ['call button needs title', message({ buttons: [{ type: 'call', payload: '+15550100' }] }), `${A}/send/message/buttons/0: A call button needs "title".`],
    ['weburl payload is a URL', message({ buttons: [{ type: 'weburl', title: 'Site', payload: 'example' }] }), `${A}/send/message/buttons/0/payload: The payload of a weburl button must be a URL (got "example").`],
    ['call payload is a phone number', message({ buttons: [{ type: 'call', title: 'Call', payload: 'mom' }] }), `${A}/send/message/buttons/0/payload: The payload of a call button must be a phone number (got "mom").`],
    ['calendar button fields', message({ buttons: [{ type: 'calendar', eventTitle: 'Visit', startTime: '2024-03-05T10:00:00Z' }] }), `${A}/send/message/buttons/0: A calendar button needs "endTime".`],
    ['calendar times are ISO', message({ buttons: [{ type: 'calendar', eventTitle: 'Visit', startTime: 'tomorrow', endTime: '2024-03-05T11:00:00Z' }] }), `${A}/send/message/buttons/0/startTime: "startTime" must be an ISO 8601 date-time (got "tomorrow").`],
    ['viewLocation needs a place', message({ buttons: [{ type: 'viewLocation', label: 'HQ' }] }), `${A}/send/message/buttons/0: A viewLocation button needs "latLong" (latitude and longitude) or "query".`],
    ['text quick reply needs title', message({ quickReplies: [{ type: 'text', payload: 'p' }] }), `${A}/send/message/quickReplies/0: A text quick reply needs "title".`],
    ['postback quick reply needs title', message({ quickReplies: [{ type: 'postback' }] }), `${A}/send/message/quickReplies/0: A postback quick reply needs "title".`],
    ['weburl quick reply needs payload', message({ quickReplies: [{ type: 'weburl', title: 'Site' }] }), `${A}/send/message/quickReplies/0: A weburl quick reply needs "payload".`],
  ])('%s', (_label, definition, line) => {
    expect(linesOf(definition)).toContain(line);
  });

  it.each([
    ['text only', { text: 'hi' }],
    ['title only', { title: 'hi' }],
    ['media only', { media: 'https://x.example/a.png' }],
    ['mediaType with media', { mediaType: 'image', media: 'https://x.example/a.png' }],
    ['buttons only', { buttons: [{ type: 'location' }] }],
    ['quick replies only', { quickReplies: [{ type: 'location' }] }],
    ['rich card settings only', { richCard: { cardOrientation: 'HORIZONTAL', imageAlignment: 'LEFT' } }],
    ['carousel only', { carousel: [{ media: 'https://x.example/a.png' }, { description: 'b' }] }],
    ['valid typed buttons', { buttons: [
      { type: 'calendar', eventTitle: 'Visit', startTime: '2024-03-05T10:00:00Z', endTime: '{end}' },
      { type: 'viewLocation', latLong: { latitude: 48.85, longitude: 2.35 } },
      { type: 'call', title: 'Call', payload: '+1 (555) 010-0100' },
      { type: 'weburl', title: 'Site', payload: '{site}' },
    ] }],
  ])('a message with %s is fine', (_label, fields) => {
    expect(linesOf(message(fields))).toEqual([]);
  });
});

describe('lint: requests, waits, data capture', () => {
  const request = (fields: Record<string, unknown>) => experienceWith([{ send: { request: { url: 'https://api.example/x', ...fields } } }]);
  it.each([
    ['POST needs content', request({ method: 'POST' }), `${A}/send/request: A POST request needs "content".`],
    ['json content string starts with {', request({ method: 'PUT', dataFormat: 'json', content: 'name={name}' }), `${A}/send/request/content: With dataFormat "json", content must be an object or a string that begins with "{".`],
    ['response names an attribute', request({ response: 'my result' }), `${A}/send/request/response: "my result" is not an attribute name (letters, digits, "_" and "-", optionally after a scope such as "bot:").`],
    ['select needs options', botWith([{ dataCapture: { fields: [{ type: 'select', attribute: 'size' }], displayMode: 'message', submitButton: 'OK' } }]), `${B}/dataCapture/fields/0: A select field needs a non-empty "options" list.`],
    ['radio needs options', botWith([{ dataCapture: { fields: [{ type: 'radio', attribute: 'size', options: [] }], displayMode: 'message', submitButton: 'OK' } }]), `${B}/dataCapture/fields/0: A radio field needs a non-empty "options" list.`],
    ['data capture into a read-only attribute', botWith([{ dataCapture: { fields: [{ type: 'text', attribute: 'sys:rcsEnabled' }], displayMode: 'message', submitButton: 'OK' } }]), `${B}/dataCapture/fields/0/attribute: "sys:rcsEnabled" is read-only; a bot can write only sys:firstName, sys:lastName, sys:phone, sys:email and sys:context.`],
    ['wait keywords into attributes', experienceWith([{ waitFor: { data: 'text', content: 'a', keywords: [{ name: 'k', attribute: 'sys:text' }] } }]), `${A}/waitFor/keywords/0/attribute: "sys:text" is read-only; a bot can write only sys:firstName, sys:lastName, sys:phone, sys:email and sys:context.`],
    ['populate reads an attribute', experienceWith([{ send: { message: { text: 'x' }, populate: { from: 'a b' } } }]), `${A}/send/populate/from: "a b" is not an attribute reference such as "name", "bot:count", "order.items[0].sku" or "list:size".`],
    ['channel restriction', experienceWith([{ channel: 'sms', execute: 'other' }]), `${A}/channel: "sms" is not a channel type; known types are dsc, dlc, fb, twr, alx, web, rcs, wha, tlg, sky, slk.`],
  ])('%s', (_label, definition, line) => {
    expect(linesOf(definition)).toContain(line);
  });

  it.each([
    ['a json object body', request({ method: 'POST', dataFormat: 'json', content: { a: '{x}' } })],
    ['a json string body with leading blanks', request({ method: 'PATCH', dataFormat: 'json', content: '  {"a":1}' })],
    ['a GET without content', request({})],
    ['a form body', request({ method: 'POST', dataFormat: 'form', content: 'a=1&b={x}' })],
    ['a single placeholder URL', experienceWith([{ send: { request: { url: '{endpoint}' } } }])],
  ])('%s is fine', (_label, definition) => {
    expect(linesOf(definition)).toEqual([]);
  });
});

describe('lint: attributes', () => {
  const assign = (attributes: unknown[], defaults: Record<string, unknown> = {}) => experienceWith([{ assignAttributes: { attributes, ...defaults } }]);
  it.each([
    ['an attribute without a value', assign([{ attributePath: 'a' }]), `${A}/assignAttributes/attributes/0: This attribute gets no value: give "value" here or on the assignAttributes action (null removes the attribute).`],
    ['a dotted path without embeddingMode', assign([{ attributePath: 'order.id', value: '1' }]), `${A}/assignAttributes/attributes/0/attributePath: "order.id" is a path into an attribute's JSON, which needs embeddingMode true.`],
    ['an empty path segment', assign([{ attributePath: 'order..id', value: '1', embeddingMode: true }]), `${A}/assignAttributes/attributes/0/attributePath: "order..id" has an empty path segment.`],
    ['a replace pattern RE2 rejects', assign([{ attributePath: 'a', value: 'x', replace: '(a' }]), `${A}/assignAttributes/attributes/0/replace: "(a" is not a valid RE2 regular expression: missing ): (a.`],
    ['a lookbehind (not in RE2)', assign([{ attributePath: 'a', value: 'x' }], { replace: '(?<=a)b' }), `${A}/assignAttributes/replace: "(?<=a)b" is not a valid RE2 regular expression: invalid perl operator: (?<=.`],
    ['an unknown format', assign([{ attributePath: 'a', value: 'x', format: 'yaml' }]), `${A}/assignAttributes/attributes/0/format: format must be one of json, xml, text (got "yaml").`],
    ['a bad takeNextPath', assign([{ attributePath: 'a', value: '[]', takeNext: true, takeNextPath: 'a[' }]), `${A}/assignAttributes/attributes/0/takeNextPath: "a[" is not a JSON path.`],
    ['updateAttribute of a read-only sys attribute', experienceWith([{ updateAttribute: { attribute: ['ok', 'sys:subscribed'], value: 'x' } }]), `${A}/updateAttribute/attribute/1: "sys:subscribed" is read-only; a bot can write only sys:firstName, sys:lastName, sys:phone, sys:email and sys:context.`],
    ['updateAttribute of an unknown sys attribute', experienceWith([{ updateAttribute: { attribute: 'sys:mood', value: 'x' } }]), `${A}/updateAttribute/attribute: "sys:mood" is not a system attribute.`],
    ['updateAttribute of a path', botWith([{ updateAttribute: { attribute: 'a.b', value: 'x' } }]), `${B}/updateAttribute/attribute: "a.b" is not an attribute name (letters, digits, "_" and "-", optionally after a scope such as "bot:").`],
  ])('%s', (_label, definition, line) => {
    expect(linesOf(definition)).toContain(line);
  });

  it('takes a missing value from the action default, and accepts null and remove', () => {
    expect(linesOf(assign([{ attributePath: 'a' }, { attributePath: 'b', value: null }, { attributePath: 'c', remove: true }], { value: 'x' }))).toEqual([]);
    expect(linesOf(assign([{ attributePath: 'c', remove: true }]))).toEqual([]);
  });

  it('accepts writes to every scope and to writable sys attributes through updateAttribute', () => {
    expect(linesOf(experienceWith([{ updateAttribute: { attribute: ['bot:a', 'user:b', 'shared:c', 'human:d', 'sys:firstName', 'sys:context'], value: 'x' } }]))).toEqual([]);
  });
});

describe('lint: conditions', () => {
  const when = (condition: unknown) => experienceWith([{ conditions: [condition], execute: 'other' }]);
  it.each([
    ['a check without attribute', when({ equals: 'x' }), `${A}/conditions/0: A condition with "equals" needs "attribute" to say what is compared.`],
    ['an attribute without check', when({ attribute: 'a' }), `${A}/conditions/0: A condition on "a" needs a check such as "equals", "exists" or "greaterThan".`],
    ['an attribute that is no reference', when({ attribute: 'a b', exists: true }), `${A}/conditions/0/attribute: "a b" is not an attribute reference such as "name", "bot:count", "order.items[0].sku" or "list:size".`],
    ['ignoreCase without attribute', when({ tags: 'vip', ignoreCase: true }), `${A}/conditions/0/ignoreCase: "ignoreCase" applies to attribute comparisons only.`],
    ['an invalid regex', when({ attribute: 'a', matches: '[a-' }), `${A}/conditions/0/matches: "[a-" is not a valid RE2 regular expression: missing ]: [a-.`],
    ['an unknown channel type', when({ channelTypes: ['rcs', 'sms'] }), `${A}/conditions/0/channelTypes/1: "sms" is not a channel type; known types are dsc, dlc, fb, twr, alx, web, rcs, wha, tlg, sky, slk.`],
    ['a channel id that is no number', when({ channelIds: [3, 'main'] }), `${A}/conditions/0/channelIds/1: "main" is not a channel id (a whole number).`],
    ['nested inside operators', when({ not: { or: [{ tags: 'a' }, { attribute: 'x' }] } }), `${A}/conditions/0/not/or/1: A condition on "x" needs a check such as "equals", "exists" or "greaterThan".`],
  ])('%s', (_label, definition, line) => {
    expect(linesOf(definition)).toContain(line);
  });

  it('accepts the spec fields and the designed ones', () => {
    const condition = { or: [
      { channelTypes: 'rcs', channelIds: [1, '2'], tags: 'vip', deviceTypes: 'mobile', devicePlatforms: ['android', 'ios'] },
      { and: [{ attribute: 'age', greaterThanOrEqual: 18, lessThan: '{bot:limit}' }, { not: { attribute: 'sys:email', empty: true } }] },
      { attribute: 'answer', matches: '^y(es)?$', ignoreCase: true },
      { attribute: 'color', in: ['red', 'green'] },
      { attribute: 'phone', is: 'phone' },
    ] };
    expect(linesOf(when(condition))).toEqual([]);
  });
});

describe('lint: intents, slots and tags', () => {
  it.each([
    ['a sys: keyword name', experienceWith([], { keywords: [{ name: 'sys:size' }] }), '/workflows/0/keywords/0/name: The keyword name "sys:size" starts with the reserved prefix "sys:".'],
    ['an unknown system intent', experienceWith([], { intents: ['sys:goodbye'] }), '/workflows/0/intents/0: "sys:goodbye" is not a system intent; the system intents are sys:start, sys:menu, sys::menu, sys:help, sys:breakOut, sys:cancel, sys:startOver, sys:text.'],
    ['a slot naming a missing keyword', botWith([], { intents: [{ name: 'order', expressions: [{ text: 'a pizza', slots: [{ name: 'food', type: 'keyword:food', value: 'pizza' }] }] }] }), '/interactions/0/intents/0/expressions/0/slots/0/type: Slot type "keyword:food" names keyword "food", which neither this definition nor a bot it includes declares.'],
    ['an unknown function', message({ text: 'Hi {sys:function:upper({name})}' }), `${A}/send/message/text: sys:function:upper is not a predefined function.`],
    ['a function with the wrong arity', message({ text: '{sys:function:dateFormat({d},yyyy)}' }), `${A}/send/message/text: sys:function:dateFormat takes 3 argument(s), not 2.`],
    ['an unknown datetime attribute', message({ text: 'Week {datetime:week}' }), `${A}/send/message/text: datetime:week is not a date and time attribute.`],
    ['an unknown sys attribute in a tag', experienceWith([{ send: { json: { to: '{sys:number}' } } }]), `${A}/send/json/to: sys:number is not a system attribute.`],
    ['tags in condition operands', experienceWith([{ conditions: [{ attribute: 'a', equals: '{sys:function:nope()}' }], execute: 'other' }]), `${A}/conditions/0/equals: sys:function:nope is not a predefined function.`],
  ])('%s', (_label, definition, line) => {
    expect(linesOf(definition)).toContain(line);
  });

  const broken = (noun: string) => `A "{${noun}" here does not form a complete tag (check its parentheses, brackets, quotes and closing "}"), so it would be sent as literal text; write "\\{" for a literal brace.`;
  it.each([
    ['an unbalanced bracket in an argument', '{sys:function:embedJson({o},items[,1)}', 'sys:function:'],
    ['a missing closing parenthesis', 'Total {sys:function:evaluate(1 + 2}', 'sys:function:'],
    ['a missing closing brace', 'Id {sys:function:uuid', 'sys:function:'],
    ['a datetime with a bad suffix', '{datetime:year:size}', 'datetime:'],
    ['an unclosed datetime format', 'On {datetime:date(dd/MM}', 'datetime:'],
    ['a broken call next to a good one', '{sys:function:uuid} {sys:function:evaluate(}', 'sys:function:'],
  ])('reports a function or datetime tag that does not parse: %s', (_label, text, noun) => {
    expect(linesOf(message({ text }))).toEqual([`${A}/send/message/text: ${broken(noun)}`]);
  });

  it.each([
    ['an escaped call', '\\{sys:function:evaluate('],
    ['nested tags', '{sys:function:evaluate({datetime:year} - 1)}'],
    ['blanks inside the braces', '{ sys:function:uuid }'],
    ['an escaped backslash before a good call', '\\\\{sys:function:uuid}'],
  ])('does not report %s', (_label, text) => {
    expect(linesOf(message({ text }))).toEqual([]);
  });

  it('accepts system intents, keyword slots and regex braces', () => {
    const definition = botWith([{ assignAttributes: { attributes: [{ attributePath: 'zip', value: '{answer}', replace: '\\d{5}' }] } }], {
      intents: ['sys:start', 'sys::menu', 'sys:menu', 'sys:help', 'sys:breakOut', 'sys:cancel', 'sys:startOver', 'sys:text',
        { name: 'order', excludeContext: 'ordering', expressions: ['pizza please', { text: 'a large pizza', slots: [{ name: 'size', type: 'keyword:size', value: 'large' }] }] }],
      keywords: [{ name: 'size', values: [{ value: 'large', expressions: ['big', 'XL'] }] }],
    });
    expect(linesOf(definition)).toEqual([]);
  });
});

describe('all problems at once', () => {
  it('reports schema and lint problems together, in location order', () => {
    const definition = {
      name: '',
      workflows: [{
        name: 'sys:w',
        intents: [],
        actions: [
          { send: { message: { text: 'x'.repeat(3073) } }, goto: 'nowhere' },
          { send: { message: { mediaType: 'image' } } },
        ],
      }],
    };
    expect(linesOf(definition)).toEqual([
      '/name: The experience definition field "name" must not be empty.',
      '/workflows/0/actions/0: An action does one of send, dataCapture, waitFor, delay, startDialog, finishDialog, assignTags, subscribe, execute, goto, pause, updateSettings, answer, classify; this one has "send", "goto".',
      '/workflows/0/actions/0/goto: "nowhere" does not name a workflow or action of this experience.',
      '/workflows/0/actions/0/send/message/text: The message field "text" is 3073 characters long; the limit is 3072.',
      '/workflows/0/actions/1/send/message: A message must carry at least one of text, media (with or without mediaType), carousel, buttons, quickReplies, richCard and title.',
      '/workflows/0/actions/1/send/message: The message has a mediaType, so it needs "media".',
      '/workflows/0/name: The name "sys:w" starts with the reserved prefix "sys:".',
    ]);
  });

  it('refuses absurdly deep nesting instead of overflowing the stack', () => {
    let condition: unknown = { tags: 'vip' };
    for (let i = 0; i < 20_000; i++) condition = { not: condition };
    const lines = linesOf(experienceWith([{ conditions: [condition], execute: 'other' }]));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\/workflows\/0\/actions\/0\/conditions\/0(\/not)+: The definition is nested more than 64 levels deep here; no definition needs that\.$/);
  });

  it('survives input of the wrong shape everywhere without throwing', () => {
    const odd = { name: 5, interactions: [null, 'x', { actions: 'no' }, { actions: [null, 1, { send: 'x', conditions: 'y', goto: 5, execute: [1, null] }] }] };
    expect(linesOf(odd).length).toBeGreaterThan(4);
  });
});
