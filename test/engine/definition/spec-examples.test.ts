// The spec's definition text, line by line: every example, enumerated value, required field and default it states.
// (The Limits table is checked at and over each bound in schema.test.ts; lint rules in lint.test.ts.)
import { describe, expect, it } from 'vitest';
import type { ActionModel, ActionStep, BotModel } from '../../../src/engine/definition/model.js';
import { validateDefinition } from '../../../src/engine/definition/validate.js';
import { botWith, experienceWith, linesOf } from './definitions.js';

function model(input: unknown): BotModel {
  const result = validateDefinition(input);
  if (!result.ok) throw new Error(result.problems.map((p) => `${p.pointer}: ${p.message}`).join('\n'));
  return result.model;
}

/** The first action of an experience holding these actions, normalized. */
function firstAction(actions: unknown[]): ActionModel {
  return model(experienceWith(actions)).interactions[0]!.actions[0]!;
}

function step<K extends ActionStep['kind']>(actions: unknown[], kind: K): Extract<ActionStep, { kind: K }> {
  const found = firstAction(actions).step;
  if (found?.kind !== kind) throw new Error(`expected a ${kind} step, got ${found?.kind ?? 'none'}`);
  return found as Extract<ActionStep, { kind: K }>;
}

const message = (fields: Record<string, unknown>) => experienceWith([{ send: { message: fields } }]);

describe('spec: "Keyword, Keyword value, Expression, Slot, Intent (bot format)" table', () => {
  const full = {
    Keyword: { name: 'size', values: [{ value: 'large', expressions: ['big'] }] },
    'Keyword value': { value: 'large', expressions: ['big'] },
    Expression: { text: 'a large one', generate: false, slots: [{ name: 'size', type: 'keyword:size', value: 'large' }] },
    Slot: { name: 'size', type: 'keyword:size', value: 'large' },
    Intent: { name: 'order', excludeContext: 'ordering', expressions: ['pizza'] },
  };
  const place = (object: keyof typeof full, value: unknown) => {
    const keyword = { name: 'size', values: [{ value: 'large', expressions: ['big'] }] };
    switch (object) {
      case 'Keyword': return botWith([], { keywords: [value] });
      case 'Keyword value': return botWith([], { keywords: [{ name: 'size', values: [value] }] });
      case 'Expression': return botWith([], { expressions: [value], keywords: [keyword] });
      case 'Slot': return botWith([], { expressions: [{ text: 'a large one', slots: [value] }], keywords: [keyword] });
      case 'Intent': return botWith([], { intents: [value] });
    }
  };
  it.each([
    ['Keyword', 'name', true], ['Keyword', 'values', true],
    ['Keyword value', 'value', true], ['Keyword value', 'expressions', true],
    ['Expression', 'text', true], ['Expression', 'generate', false], ['Expression', 'slots', true],
    ['Slot', 'name', true], ['Slot', 'type', true], ['Slot', 'value', true],
    ['Intent', 'name', false], ['Intent', 'excludeContext', false], ['Intent', 'expressions', true],
  ] as [keyof typeof full, string, boolean][])('%s.%s required: %s', (object, field, required) => {
    expect(linesOf(place(object, full[object]))).toEqual([]);
    const without: Record<string, unknown> = { ...full[object] };
    delete without[field];
    const lines = linesOf(place(object, without));
    if (required) expect(lines.some((line) => line.endsWith(`is missing the required field "${field}".`))).toBe(true);
    else expect(lines).toEqual([]);
  });

  it('Expression generate defaults to true; a `keyword:` slot type references a bot keyword', () => {
    const m = model(botWith([], { intents: [{ name: 'order', expressions: [{ text: 'a large one', slots: [{ name: 'size', type: 'keyword:size', value: 'large' }] }] }], keywords: [full.Keyword] }));
    expect(m.interactions[0]!.intents[0]!.expressions[0]).toEqual({ text: 'a large one', generate: true, slots: [{ name: 'size', type: 'keyword:size', keyword: 'size', value: 'large' }], excludeContext: null });
  });
});

describe('spec: Interaction object and the predefined intents', () => {
  it.each([
    ['a string', 'faq', ['faq']],
    ['an array of strings', ['faq', 'billing'], ['faq', 'billing']],
  ])('include is %s', (_label, include, expected) => {
    const bots: Record<string, unknown> = { faq: { name: 'faq', interactions: [] }, billing: { name: 'billing', interactions: [] } };
    const input = botWith([], { include });
    expect(linesOf(input, { resolveInclude: (name) => bots[name] })).toEqual([]);
    expect(model(input).interactions[0]!.includes).toEqual(expected);
  });

  it.each([
    ['absent', {}, null], ['null', { context: null }, null], ['a name', { context: 'billing' }, 'billing'],
  ])('context %s sets sys:context to %j on entry', (_label, fields, expected) => {
    expect(model(botWith([], fields)).interactions[0]!.context).toBe(expected);
  });

  it('accepts `sys:start`, `sys::menu`, `sys:help`, `sys:breakOut`, `sys:cancel`, `sys:startOver` and the `sys:text` intent', () => {
    const intents = ['sys:start', 'sys::menu', 'sys:help', 'sys:breakOut', 'sys:cancel', 'sys:startOver', { name: 'sys:text', expressions: ['not an intent'] }];
    const m = model({ name: 'b', interactions: [{ intents, actions: [] }] });
    expect(m.interactions[0]!.intents.map((i) => i.name)).toEqual(['sys:start', 'sys:menu', 'sys:help', 'sys:breakOut', 'sys:cancel', 'sys:startOver', 'sys:text']);
  });

  it('keeps excludeContext on intents and expressions (rule 6)', () => {
    const m = model(botWith([], { intents: [{ name: 'pay', excludeContext: 'paying', expressions: [{ text: 'pay', slots: [], excludeContext: 'checkout' }] }] }));
    expect(m.interactions[0]!.intents[0]).toMatchObject({ excludeContext: 'paying', expressions: [{ excludeContext: 'checkout' }] });
  });
});

describe('spec: "send, waitFor, startDialog, finishDialog, assignTags, subscribe, execute, goto, pause and updateSettings are mutually exclusive"', () => {
  const steps: Record<string, unknown> = {
    send: { message: { text: 'x' } }, waitFor: { data: 'text', content: 'a' }, startDialog: {}, finishDialog: true, assignTags: 'vip',
    subscribe: true, execute: 'other', goto: 'other', pause: { seconds: 1 }, updateSettings: { bot: { enabled: true } },
  };
  const names = Object.keys(steps);
  const pairs = names.flatMap((a, i) => names.slice(i + 1).map((b) => [a, b] as const));
  it.each(pairs)('%s with %s is a problem', (a, b) => {
    const lines = linesOf(botWith([{ [a]: steps[a], [b]: steps[b] }]));
    expect(lines.some((line) => line.startsWith('/interactions/0/actions/0: An action does one of'))).toBe(true);
  });
  it.each(names)('%s alone is fine', (name) => {
    expect(linesOf(botWith([{ [name]: steps[name] }]))).toEqual([]);
  });
});

describe('spec: "message, note and rss are mutually exclusive"', () => {
  const parts: Record<string, unknown> = { message: { text: 'x' }, note: { text: 'n' }, rss: { url: 'https://news.example/feed' } };
  it.each([['message', 'note'], ['message', 'rss'], ['note', 'rss']])('%s with %s', (a, b) => {
    expect(linesOf(botWith([{ send: { [a]: parts[a], [b]: parts[b] } }]))).toContain(`/interactions/0/actions/0/send: A send action carries one of "message", "note" and "rss"; this one has "${a}", "${b}".`);
  });
  it('each goes with email, request and json', () => {
    expect(linesOf(botWith([{ send: { note: { text: 'n' }, email: { to: 'a@example.com' }, request: { url: 'https://x.example' }, json: { a: 1 } } }]))).toEqual([]);
  });
});

describe('spec: Data Capture object and its fields', () => {
  const capture = (fields: Record<string, unknown>) => botWith([{ dataCapture: { fields: [{ type: 'text', attribute: 'a' }], displayMode: 'message', submitButton: 'Send', ...fields } }]);
  it.each(['message', 'popup'])('displayMode %s', (displayMode) => {
    expect(linesOf(capture({ displayMode }))).toEqual([]);
  });
  it.each(['displayMode', 'submitButton'])('%s is required and not null', (field) => {
    expect(linesOf(capture({ [field]: null })).some((line) => line.includes(`"${field}" must be`))).toBe(true);
  });
  it('executeOnSubmit, dismissButton and executeOnDismiss default to null', () => {
    const found = model(capture({})).interactions[0]!.actions[0]!.step;
    expect(found).toMatchObject({ kind: 'dataCapture', dataCapture: { executeOnSubmit: null, dismissButton: null, executeOnDismiss: null, populate: null } });
  });
  it.each(['text', 'select', 'checkbox', 'radio', 'date', 'time', 'datetime', 'switch', 'email', 'phone'])('field type %s (case-sensitive)', (type) => {
    const options = ['select', 'checkbox', 'radio'].includes(type) ? { options: ['A', 'B'] } : {};
    expect(linesOf(capture({ fields: [{ type, attribute: 'a', ...options }] }))).toEqual([]);
    expect(linesOf(capture({ fields: [{ type: type.toUpperCase(), attribute: 'a', ...options }] }))).toHaveLength(1);
  });
  it.each(['select', 'checkbox', 'radio'])('options are required for %s', (type) => {
    expect(linesOf(capture({ fields: [{ type, attribute: 'a' }] }))).toEqual([`/interactions/0/actions/0/dataCapture/fields/0: A ${type} field needs a non-empty "options" list.`]);
  });
  it('required and multi default to false; title and placeholder are optional', () => {
    const found = model(capture({ fields: [{ type: 'select', attribute: 'size', options: ['S'] }] })).interactions[0]!.actions[0]!.step;
    expect(found).toMatchObject({ dataCapture: { fields: [{ type: 'select', attribute: 'size', title: null, placeholder: null, required: false, options: ['S'], multi: false }] } });
  });
});

describe('spec: Update Attribute object (deprecated, bot format)', () => {
  it('value null removes; replace, evaluate, takeNext and process default to false', () => {
    const [assignment] = model(botWith([{ updateAttribute: { attribute: 'draft', value: null } }])).interactions[0]!.actions[0]!.assignments;
    expect(assignment).toMatchObject({ target: { scope: 'human', name: 'draft' }, value: null, replace: null, evaluate: false, takeNext: false, process: false });
  });
  it('value may be a JSON array used with takeNext', () => {
    const [assignment] = model(botWith([{ updateAttribute: { attribute: 'colour', value: ['red', 'green'], takeNext: true } }])).interactions[0]!.actions[0]!.assignments;
    expect(assignment).toMatchObject({ value: ['red', 'green'], takeNext: true });
  });
});

describe('spec: RCS experience definition', () => {
  it.each([[0, false], [1, true], [100, true], [101, false]])('name of %i characters valid: %s', (length, valid) => {
    expect(linesOf({ name: 'n'.repeat(length), workflows: [] }).length === 0).toBe(valid);
  });
  it('welcomeMessageExecute names the workflow run when the welcome message is shown', () => {
    expect(model({ ...experienceWith([]), welcomeMessageExecute: 'main' }).welcomeExecute).toBe('main');
  });
  it.each(['rcs', 'dsc', 'dlc'])('action channel %s ("e.g. rcs, dsc, dlc")', (channel) => {
    expect(firstAction([{ channel, execute: 'other' }]).channel).toBe(channel);
  });
});

describe('spec: Condition fields', () => {
  it.each([
    ['channelTypes', 'rcs'], ['channelTypes', ['rcs', 'web']],
    ['channelIds', 3], ['channelIds', '3'], ['channelIds', [3, '4']],
    ['tags', 'vip'], ['tags', ['vip', 'beta']],
    ['deviceTypes', 'mobile'], ['deviceTypes', ['mobile']],
    ['devicePlatforms', 'android'], ['devicePlatforms', ['android', 'ios']],
  ])('%s as %j', (field, value) => {
    expect(linesOf(experienceWith([{ conditions: [{ [field]: value }], execute: 'other' }]))).toEqual([]);
  });
});

describe('spec: enumerated values', () => {
  it.each([
    ...['weburl', 'postback', 'call', 'text', 'location', 'viewLocation', 'calendar', 'datetime'].map((type) => ['button type', type, message({ buttons: [{ type, title: 'Go', payload: type === 'call' ? '+15550100' : 'https://x.example', eventTitle: 'E', startTime: '2024-03-05T10:00:00Z', endTime: '2024-03-05T11:00:00Z', query: 'Paris' }] })]),
    ...['text', 'postback', 'location', 'viewLocation', 'calendar', 'weburl', 'call', 'datetime'].map((type) => ['quick reply type', type, message({ quickReplies: [{ type, title: 'Go', payload: type === 'call' ? '+15550100' : 'https://x.example' }] })]),
    ...['FULL', 'HALF', 'TALL'].map((mode) => ['webviewViewMode', mode, message({ buttons: [{ type: 'weburl', title: 'Go', payload: 'https://x.example', webviewViewMode: mode }], quickReplies: [{ type: 'weburl', payload: 'https://x.example', webviewViewMode: mode }] })]),
    ...['image', 'video', 'audio', 'file'].map((mediaType) => ['mediaType', mediaType, message({ mediaType, media: 'https://x.example/m', carousel: [{ media: 'https://x.example/m', mediaType }, { title: 'b' }] })]),
    ...['VERTICAL', 'HORIZONTAL', null].map((value) => ['cardOrientation', value, message({ richCard: { cardOrientation: value } })]),
    ...['SHORT', 'MEDIUM', 'TALL', null].map((value) => ['mediaHeight', value, message({ richCard: { mediaHeight: value }, carousel: [{ title: 'a', mediaHeight: value }, { title: 'b' }] })]),
    ...['LEFT', 'RIGHT', null].map((value) => ['imageAlignment', value, message({ richCard: { cardOrientation: 'HORIZONTAL', imageAlignment: value } })]),
    ...['message', 'text', 'quick reply', 'multi select', 'number', 'money', 'distance', 'coordinates', 'datetime', 'file'].map((data) => ['waitFor data', data, experienceWith([{ waitFor: { data, content: 'answer' } }, { waitFor: { data: [data], content: 'answer' } }])]),
    ...['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((method) => ['request method', method, experienceWith([{ send: { request: { url: 'https://x.example', method, content: '{}' } } }])]),
    ...['text', 'json', 'form'].map((dataFormat) => ['request dataFormat', dataFormat, experienceWith([{ send: { request: { url: 'https://x.example', dataFormat } } }])]),
    ...['list', 'carousel'].map((layout) => ['rss preferedLayout', layout, experienceWith([{ send: { rss: { url: 'https://x.example/feed', preferedLayout: layout } } }])]),
    ...['array', 'object', null].map((mode) => ['multipleValues', mode, experienceWith([{ assignAttributes: { multipleValues: mode, attributes: [{ attributePath: 'a', value: 'x', multipleValues: mode }] } }])]),
    ...['normal', 'high'].map((priority) => ['conversation priority', priority, experienceWith([{ updateSettings: { conversation: { priority } } }])]),
  ] as [string, unknown, unknown][])('%s %j', (_field, _value, definition) => {
    expect(linesOf(definition)).toEqual([]);
  });
});

describe('spec: action objects, their regexes and defaults', () => {
  it.each([['30s', 30_000], ['5m', 300_000], ['1h', 3_600_000]])('waitFor timeout "%s" ("such as 30s, 5m, 1h")', (timeout, ms) => {
    expect(step([{ waitFor: { data: 'text', content: 'answer', timeout } }], 'waitFor').waitFor).toMatchObject({ timeout, timeoutMs: ms });
  });
  it.each([['answer', true], ['a1_b', true], ['1a', false], ['_a', false], ['a-b', false]])('waitFor content %j matches ^[a-zA-Z][a-zA-Z0-9_]*$: %s', (content, valid) => {
    expect(linesOf(experienceWith([{ waitFor: { data: 'text', content } }])).length === 0).toBe(valid);
  });
  it.each([['order', true], ['order.items.qty', true], ['a_1', true], ['1a', false], ['bot:a', false], ['a-b', false]])('attributePath %j matches ^[a-zA-Z][a-zA-Z0-9_.]*$: %s', (attributePath, valid) => {
    expect(linesOf(experienceWith([{ assignAttributes: { embeddingMode: true, attributes: [{ attributePath, value: 'x' }] } }])).length === 0).toBe(valid);
  });
  it.each([
    ['http://api.example/x', true], ['https://api.example/x', true], ['ftp://files.example/a', true], ['file:///tmp/a', true],
    ['{endpoint}', true], ['https://{host}/orders?id={order.id}', true], ['{base}/orders', false], ['api.example/x', false], ['mailto:a@example.com', false],
  ])('request url %j: valid %s', (url, valid) => {
    expect(linesOf(experienceWith([{ send: { request: { url } } }])).length === 0).toBe(valid);
  });
  it.each(['POST', 'PUT', 'PATCH'])('request content is required for %s', (method) => {
    expect(linesOf(experienceWith([{ send: { request: { url: 'https://x.example', method } } }]))).toEqual([`/workflows/0/actions/0/send/request: A ${method} request needs "content".`]);
  });
  it.each([[{ a: 1 }, true], ['{"a":1}', true], [' \n {"a":1}', true], ['a=1', false], ['[1]', false]])('json %s content %j: valid %s', (content, valid) => {
    expect(linesOf(experienceWith([{ send: { request: { url: 'https://x.example', method: 'POST', dataFormat: 'json', content } } }])).length === 0).toBe(valid);
  });
  it('request defaults: GET, text, retries 0, process true, async false, allowHtml false', () => {
    expect(step([{ send: { request: { url: 'https://x.example' } } }], 'send').send.request).toMatchObject({ method: 'GET', dataFormat: 'text', retries: 0, process: true, async: false, allowHtml: false });
  });
  it('email: to as a string or a list; isHtml defaults to false', () => {
    expect(step([{ send: { email: { to: 'a@example.com' } } }], 'send').send.email).toMatchObject({ to: ['a@example.com'], isHtml: false });
    expect(step([{ send: { email: { to: ['a@example.com', 'b@example.com'], cc: 'c@example.com' } } }], 'send').send.email).toMatchObject({ to: ['a@example.com', 'b@example.com'], cc: ['c@example.com'] });
  });
  it('note: channelId an integer or null, extra properties kept', () => {
    expect(step([{ send: { note: { text: 'n', channelId: null, recipientPhone: '{sys:phone}', tone: 'calm' } } }], 'send').send.note).toEqual({ text: 'n', channelId: null, recipientPhone: '{sys:phone}', executeOnError: [], extra: { tone: 'calm' } });
  });
  it('rss preferedLayout defaults to carousel; populate allowInnerAttributes defaults to true', () => {
    expect(step([{ send: { rss: { url: 'https://x.example/feed' } } }], 'send').send.rss).toEqual({ url: 'https://x.example/feed', preferedLayout: 'carousel' });
    expect(step([{ send: { message: { carousel: [{ title: '{title}' }, { title: 'b' }] }, populate: { from: 'items', attribute: null } } }], 'send').send.populate).toEqual({ from: 'items', attribute: null, allowInnerAttributes: true, extra: {} });
  });
  it('assignAttributes defaults: process true, evaluate, embeddingMode, takeNext and remove false; multipleValuesSettings.singleValueStandalone true', () => {
    expect(firstAction([{ assignAttributes: { attributes: [{ attributePath: 'a', value: 'x' }] } }]).assignments[0]).toMatchObject({
      process: true, evaluate: false, embeddingMode: false, takeNext: false, remove: false, multipleValuesSettings: { singleValueStandalone: true },
    });
  });
  it('an AttributeValue field has no default of its own: the action\'s applies unless it sets one', () => {
    const [inherits, overrides] = firstAction([{ assignAttributes: { process: false, evaluate: true, value: '1', attributes: [{ attributePath: 'a' }, { attributePath: 'b', process: true, value: '2' }] } }]).assignments;
    expect(inherits).toMatchObject({ process: false, evaluate: true, value: '1' });
    expect(overrides).toMatchObject({ process: true, evaluate: true, value: '2' });
  });
  it('UpdateAttributeAction: attribute a string or a list; process defaults to true, evaluate and takeNext to false', () => {
    expect(firstAction([{ updateAttribute: { attribute: ['a', 'bot:b'], value: 'x' } }]).assignments.map((a) => [a.target.scope, a.target.name, a.process, a.evaluate, a.takeNext])).toEqual([
      ['human', 'a', true, false, false], ['bot', 'b', true, false, false],
    ]);
  });
  it('UpdateSettingsAction: bot.enabled and conversation.priority', () => {
    expect(step([{ updateSettings: { bot: { enabled: false }, conversation: { priority: 'high' } } }], 'updateSettings').settings).toEqual({ botEnabled: false, conversationPriority: 'high' });
  });
  it('PauseAction and DelayAction: seconds and milliseconds, integers >= 0', () => {
    expect(step([{ pause: { seconds: 1, milliseconds: 250 } }], 'pause').milliseconds).toBe(1250);
    expect(step([{ delay: { seconds: 2, executeOnTimeout: 'other', timeout: '1h' } }], 'delay').delay).toEqual({ milliseconds: 2000, executeOnTimeout: ['other'], timeout: '1h', timeoutMs: 3_600_000 });
    expect(linesOf(experienceWith([{ pause: { seconds: -1 } }]))).toHaveLength(1);
  });
  it('RichCard: at least one of title, description, media', () => {
    for (const part of [{ title: 't' }, { description: 'd' }, { media: 'https://x.example/a.png' }]) {
      expect(linesOf(message({ carousel: [part, { title: 'b' }] }))).toEqual([]);
    }
    expect(linesOf(message({ carousel: [{ buttons: [{ type: 'location' }] }, { title: 'b' }] }))).toEqual(['/workflows/0/actions/0/send/message/carousel/0: A rich card needs at least one of title, description and media.']);
  });
});
