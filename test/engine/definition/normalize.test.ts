// Normalization: both formats into one model, with every default resolved.
import { describe, expect, it } from 'vitest';
import type { BotModel } from '../../../src/engine/definition/model.js';
import { validateDefinition } from '../../../src/engine/definition/validate.js';

function model(input: unknown): BotModel {
  const result = validateDefinition(input);
  if (!result.ok) throw new Error(result.problems.map((p) => `${p.pointer}: ${p.message}`).join('\n'));
  return result.model;
}

const actions = [
  { name: 'greet', conditions: [{ channelTypes: 'rcs' }, { or: [{ tags: ['vip'] }, { not: { attribute: 'age', lessThan: 18 } }] }], send: { message: { text: 'Hi {sys:firstName}', quickReplies: [{ type: 'text', title: 'Menu', payload: 'MENU', execute: 'menu', icon: 'star' }] } } },
  { assignAttributes: { process: false, attributes: [{ attributePath: 'order.total', value: '{price}', embeddingMode: true }, { attributePath: 'note', value: null }] } },
  { waitFor: { data: ['number'], content: 'qty', executeOnTimeout: 'menu' } },
  { pause: { seconds: 2, milliseconds: 500 } },
  { execute: ['menu'] },
  { goto: 'menu' },
  { subscribe: false },
  { assignTags: 'buyer' },
  { updateSettings: { bot: { enabled: false }, conversation: { priority: 'high' } } },
];

const bot = {
  name: 'shop',
  interactions: [
    { name: 'start', intents: ['sys:start', { name: 'buy', excludeContext: 'buying', expressions: ['buy', { text: 'buy a pizza', slots: [{ name: 'item', type: 'keyword:food', value: 'pizza' }] }] }], keywords: [{ name: 'food', values: [{ value: 'pizza', expressions: ['pie'] }] }], actions },
    { name: 'menu', intents: ['sys::menu'], context: 'menu', actions: [{ send: { message: { text: 'Menu' } } }] },
  ],
};

const experience = {
  name: 'shop',
  welcomeMessageExecute: 'start',
  workflows: [
    { name: 'start', intents: ['sys:start', { name: 'buy', excludeContext: 'buying', expressions: [{ text: 'buy' }, { text: 'buy a pizza', slots: [{ name: 'item', type: 'keyword:food', value: 'pizza' }] }] }], keywords: [{ name: 'food', values: [{ value: 'pizza', expressions: ['pie'] }] }], actions },
    { name: 'menu', intents: ['sys:menu'], actions: [{ send: { message: { text: 'Menu' } } }] },
  ],
};

/** The model without source pointers, which name `interactions` or `workflows`. */
function withoutPointers(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (key, v: unknown) => (key === 'pointer' ? undefined : v)));
}

describe('normalizeDefinition', () => {
  it('gives both formats the same model, apart from what only one format has', () => {
    const fromBot = model(bot);
    const fromExperience = model(experience);
    expect(fromBot.interactions[0]!.actions[0]!.pointer).toBe('/interactions/0/actions/0');
    expect(fromExperience.interactions[0]!.actions[0]!.pointer).toBe('/workflows/0/actions/0');
    expect(withoutPointers(fromBot.interactions[0])).toEqual(withoutPointers(fromExperience.interactions[0]));
    expect(withoutPointers(fromBot.interactions[1]!.actions)).toEqual(withoutPointers(fromExperience.interactions[1]!.actions));
    expect(fromBot.interactions[1]!.context).toBe('menu');
    expect(fromExperience.interactions[1]!.context).toBeNull();
    expect(fromExperience.welcomeExecute).toBe('start');
    expect([fromBot.format, fromExperience.format]).toEqual(['bot', 'experience']);
  });

  it('normalizes intents, expressions, slots and the menu intent spelling', () => {
    const start = model(bot).interactions[0]!;
    expect(start.intents).toEqual([
      { name: 'sys:start', excludeContext: null, expressions: [] },
      { name: 'buy', excludeContext: 'buying', expressions: [
        { text: 'buy', generate: true, slots: [], excludeContext: null },
        { text: 'buy a pizza', generate: true, slots: [{ name: 'item', type: 'keyword:food', keyword: 'food', value: 'pizza' }], excludeContext: null },
      ] },
    ]);
    expect(model(bot).interactions[1]!.intents[0]!.name).toBe('sys:menu');
  });

  it('builds one step per action, and the name index', () => {
    const m = model(bot);
    expect(m.interactions[0]!.actions.map((a) => a.step?.kind ?? null)).toEqual(['send', null, 'waitFor', 'pause', 'execute', 'goto', 'subscribe', 'assignTags', 'updateSettings']);
    const steps = m.interactions[0]!.actions.map((a) => a.step);
    expect(steps[2]).toEqual({ kind: 'waitFor', waitFor: { data: ['number'], content: 'qty', keywords: [], executeOnError: [], executeOnTimeout: ['menu'], timeout: '24h', timeoutMs: 86_400_000 } });
    expect(steps[3]).toEqual({ kind: 'pause', milliseconds: 2500 });
    expect(steps[6]).toEqual({ kind: 'subscribe', subscribe: false });
    expect(steps[7]).toEqual({ kind: 'assignTags', tags: ['buyer'] });
    expect(steps[8]).toEqual({ kind: 'updateSettings', settings: { botEnabled: false, conversationPriority: 'high' } });
    expect(m.names.get('greet')).toEqual({ kind: 'action', interaction: 0, action: 0 });
    expect(m.names.get('menu')).toEqual({ kind: 'interaction', interaction: 1 });
  });

  it('turns conditions into a tree', () => {
    const greet = model(experience).interactions[0]!.actions[0]!;
    expect(greet.conditions).toEqual([
      { kind: 'test', test: { channelTypes: ['rcs'], channelIds: null, tags: null, deviceTypes: null, devicePlatforms: null, comparison: null } },
      { kind: 'any', items: [
        { kind: 'test', test: { channelTypes: null, channelIds: null, tags: ['vip'], deviceTypes: null, devicePlatforms: null, comparison: null } },
        { kind: 'not', item: { kind: 'test', test: { channelTypes: null, channelIds: null, tags: null, deviceTypes: null, devicePlatforms: null, comparison: {
          attribute: 'age', ref: { kind: 'attribute', scope: 'human', name: 'age', path: [], suffix: null }, ignoreCase: false, checks: [{ op: 'lessThan', value: '18' }],
        } } } },
      ] },
    ]);
  });

  it('writes channel ids in one canonical form, so 7, "7" and "007" are the same channel', () => {
    const m = model({ name: 'e', workflows: [{ intents: [], actions: [{ conditions: [{ channelIds: [7, ' 007 ', '0', '12'] }], execute: 'e1' }], name: 'e1' }] });
    const node = m.interactions[0]!.actions[0]!.conditions[0]!;
    expect(node.kind === 'test' && node.test.channelIds).toEqual(['7', '7', '0', '12']);
  });

  it('keeps extra button fields and resolves assignment defaults', () => {
    const m = model(experience);
    const send = m.interactions[0]!.actions[0]!.step;
    expect(send?.kind === 'send' && send.send.message?.quickReplies[0]).toMatchObject({ type: 'text', title: 'Menu', payload: 'MENU', execute: 'menu', extra: { icon: 'star' } });
    const [total, note] = m.interactions[0]!.actions[1]!.assignments;
    expect(total).toMatchObject({ target: { scope: 'human', name: 'order', path: [{ kind: 'key', key: 'total' }] }, value: '{price}', process: false, embeddingMode: true, remove: false });
    expect(note).toMatchObject({ target: { scope: 'human', name: 'note', path: [] }, value: null });
  });

  it('applies each format’s updateAttribute default for process', () => {
    const update = { updateAttribute: { attribute: 'bot:visits', value: '{x}' } };
    const botAssignment = model({ name: 'b', interactions: [{ actions: [update] }] }).interactions[0]!.actions[0]!.assignments[0]!;
    const experienceAssignment = model({ name: 'e', workflows: [{ intents: [], actions: [update] }] }).interactions[0]!.actions[0]!.assignments[0]!;
    expect(botAssignment).toMatchObject({ target: { scope: 'bot', name: 'visits' }, process: false });
    expect(experienceAssignment).toMatchObject({ target: { scope: 'bot', name: 'visits' }, process: true });
  });

  it('treats an experience updateAttribute without value as a reset, and expands attribute lists', () => {
    const m = model({ name: 'e', workflows: [{ intents: [], actions: [{ updateAttribute: { attribute: ['sys:context', 'a'] } }] }] });
    expect(m.interactions[0]!.actions[0]!.assignments.map((a) => [a.target.scope, a.target.name, a.value])).toEqual([['sys', 'context', null], ['human', 'a', null]]);
  });

  it('fills request, email and data capture defaults', () => {
    const m = model({ name: 'b', interactions: [{ name: 'i', actions: [
      { send: { request: { url: 'https://api.example/x' }, email: { to: 'a@example.com' } } },
      { dataCapture: { fields: [{ type: 'select', attribute: 'size', options: ['S', 'M'] }], displayMode: 'popup', submitButton: 'OK' } },
    ] }] });
    const [sendAction, captureAction] = m.interactions[0]!.actions;
    expect(sendAction!.step).toMatchObject({ kind: 'send', send: {
      request: { url: 'https://api.example/x', method: 'GET', dataFormat: 'text', headers: {}, content: null, retries: 0, fallback: null, process: true, async: false, allowHtml: false },
      email: { to: ['a@example.com'], cc: [], bcc: [], subject: null, text: null, isHtml: false },
      message: null, note: null, rss: null, json: null, populate: null,
    } });
    expect(captureAction!.step).toEqual({ kind: 'dataCapture', dataCapture: {
      fields: [{ type: 'select', attribute: 'size', title: null, placeholder: null, required: false, options: ['S', 'M'], multi: false }],
      displayMode: 'popup', submitButton: 'OK', executeOnSubmit: null, dismissButton: null, executeOnDismiss: null, populate: null,
    } });
  });
});
