// Rendering tags, including the spec examples {root[0].id} and {root[1].text}.
import { describe, expect, it } from 'vitest';
import { renderJsonStrings, renderTemplate } from '../../../src/engine/language/render.js';
import { fixture } from './context-fixture.js';

const root = JSON.stringify([{ id: 7, text: 'first' }, { id: 8, text: 'second' }]);
const { ctx } = fixture(
  {
    human: { name: 'Ann', root, a: '{"b":[0,1,{"c":"deep"}]}', list: '[1,2,3]', 'list:index': '1', injected: '{name}', flag: 'true', nul: '{"v":null,"o":{"k":1}}', bot: 'human-bot' },
    bot: { count: '3' },
    user: { plan: 'gold' },
    shared: { cart: '["x"]' },
  },
  { sys: { firstName: 'Ann', rcsFeatures: '["RICHCARD_STANDALONE","ACTION_DIAL"]', context: 'billing' } },
);

describe('renderTemplate', () => {
  it.each([
    ['Hello {name}', 'Hello Ann'],
    ['{root[0].id}', '7'],
    ['{root[1].text}', 'second'],
    ['{a.b[2].c}', 'deep'],
    ['{a.b}', '[0,1,{"c":"deep"}]'],
    ['{root}', root],
    ['[{missing}]', '[]'],
    ['[{root[9].id}]', '[]'],
    ['[{name.x}]', '[]'],
    ['{list:size} {root:size} {a.b:size} {missing:size} {name:size}', '3 2 3 0 0'],
    ['{list:index}', '1'],
    ['{bot:count} {user:plan} {shared:cart[0]} {human:name}', '3 gold x Ann'],
    ['{human:bot}', 'human-bot'],
    ['{sys:firstName} {sys:context} {sys:rcsFeatures[1]} {sys:rcsFeatures:size}', 'Ann billing ACTION_DIAL 2'],
    ['[{sys:lastName}] [{sys:nonsense}]', '[] []'],
    ['{sys:uuid}', 'uuid-1'],
    ['{nul.v}|{nul.o}', '|{"k":1}'],
    ['{injected}', '{name}'],
    ['\\{name} costs {bot:count}', '{name} costs 3'],
    ['{sys:function:nope(1)}|', '|'],
  ])('%j → %j', (src, expected) => {
    expect(renderTemplate(src, fixture(fixtureSeed(), { sys: sysSeed() }).ctx)).toBe(expected);
  });

  it('uses the same context across calls (uuid differs each time)', () => {
    expect(renderTemplate('{sys:uuid} {sys:function:uuid}', ctx)).not.toMatch(/^(\S+) \1$/);
  });
});

describe('renderJsonStrings', () => {
  it('renders tags in string values at any depth, not in keys', () => {
    const body = { '{name}': '{name}', list: ['{bot:count}', 2, true, null], nested: { who: 'Hi {sys:firstName}' } };
    expect(renderJsonStrings(body, ctx)).toEqual({ '{name}': 'Ann', list: ['3', 2, true, null], nested: { who: 'Hi Ann' } });
  });
});

function fixtureSeed() {
  return {
    human: { name: 'Ann', root, a: '{"b":[0,1,{"c":"deep"}]}', list: '[1,2,3]', 'list:index': '1', injected: '{name}', nul: '{"v":null,"o":{"k":1}}', bot: 'human-bot' },
    bot: { count: '3' },
    user: { plan: 'gold' },
    shared: { cart: '["x"]' },
  };
}

function sysSeed() {
  return { firstName: 'Ann', rcsFeatures: '["RICHCARD_STANDALONE","ACTION_DIAL"]', context: 'billing' };
}
