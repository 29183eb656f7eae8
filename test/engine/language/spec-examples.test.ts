// The spec's attribute model and function table, line by line: every example and stated result, in one place.
import { describe, expect, it } from 'vitest';
import { computeAssignments } from '../../../src/engine/language/assign.js';
import {
  DEFAULT_MULTIPLE_VALUES_SETTINGS, type AttributeAssignment,
} from '../../../src/engine/language/assignment-model.js';
import { conditionsHold } from '../../../src/engine/language/conditions.js';
import { createLanguageContext } from '../../../src/engine/language/context.js';
import { MemoryAttributes } from '../../../src/engine/language/memory-attributes.js';
import { parseReference, type Scope } from '../../../src/engine/language/reference.js';
import { renderTemplate } from '../../../src/engine/language/render.js';
import {
  createSysReader, SYS_ATTRIBUTES, type HumanField, type HumanRecordPort, type WritableHumanField,
} from '../../../src/engine/language/sys-attributes.js';
import { fixture } from './context-fixture.js';

const facts = { channelType: 'rcs', channelId: 1, humanTags: [], deviceType: null, devicePlatform: null };

function assignment(scope: Scope, name: string, fields: Partial<AttributeAssignment>): AttributeAssignment {
  return {
    target: { scope, name, path: [] }, value: undefined, remove: false, replace: null, process: true, evaluate: false, embeddingMode: false,
    takeNext: false, takeNextPath: null, multipleValues: null, multipleValuesSettings: DEFAULT_MULTIPLE_VALUES_SETTINGS, format: null, ...fields,
  };
}

describe('spec: the five scopes ("human: default; prefix may be omitted")', () => {
  const { ctx } = fixture({ human: { plan: 'h' }, bot: { plan: 'b' }, user: { plan: 'u' }, shared: { plan: 's' } }, { sys: { firstName: 'Ann' } });
  it.each([
    ['{plan}', 'h'], ['{human:plan}', 'h'], ['{bot:plan}', 'b'], ['{user:plan}', 'u'], ['{shared:plan}', 's'], ['{sys:firstName}', 'Ann'],
  ])('%s → %s', (src, expected) => {
    expect(renderTemplate(src, ctx)).toBe(expected);
  });

  it('writes go to the scope named, human by default', () => {
    const writes = computeAssignments([assignment('human', 'plan', { value: '1' }), assignment('bot', 'plan', { value: '2' }), assignment('shared', 'plan', { value: '3' })], ctx).writes;
    expect(writes.map((w) => `${w.scope}:${w.name}`)).toEqual(['human:plan', 'bot:plan', 'shared:plan']);
  });
});

describe('spec: "Special attributes that map to human records"', () => {
  class Human implements HumanRecordPort {
    fields: Partial<Record<HumanField, string>> = {
      firstName: 'Ann', lastName: 'Lee', phone: '+15550100', email: 'ann@example.com', subscribed: 'true', rcsEnabled: 'true',
      rcsFeatures: '["RICHCARD_STANDALONE"]', communicatingChannels: '[{"id":1}]', subscribedChannels: '[{"id":1},{"id":2}]',
    };
    get(field: HumanField): string | null { return this.fields[field] ?? null; }
    set(field: WritableHumanField, value: string | null): void {
      if (value === null) delete this.fields[field];
      else this.fields[field] = value;
    }
  }
  const human = new Human();
  const conversation = { conversationLink: 'https://chat.example/c/9', context: 'billing', text: 'hello', payload: 'MENU', index: 3 };
  const uuids = ['u-1', 'u-2'];
  const ctx = createLanguageContext({ attributes: new MemoryAttributes(), clock: () => new Date(0), sys: createSysReader(human, conversation), uuid: () => uuids.shift() ?? 'u-x' });

  it.each([
    ['sys:firstName', 'Ann'], ['sys:lastName', 'Lee'], ['sys:phone', '+15550100'], ['sys:email', 'ann@example.com'],
    ['sys:subscribed', 'true'], ['sys:conversationLink', 'https://chat.example/c/9'], ['sys:rcsEnabled', 'true'],
    ['sys:rcsFeatures', '["RICHCARD_STANDALONE"]'], ['sys:communicatingChannels', '[{"id":1}]'], ['sys:subscribedChannels:size', '2'],
    ['sys:context', 'billing'], ['sys:text', 'hello'], ['sys:payload', 'MENU'], ['sys:index', '3'], ['sys:uuid', 'u-1'],
  ])('{%s} → %s', (name, expected) => {
    expect(renderTemplate(`{${name}}`, ctx)).toBe(expected);
  });

  it('covers every row of the table', () => {
    expect(Object.keys(SYS_ATTRIBUTES)).toHaveLength(15);
  });

  it('sys:firstName, sys:lastName and sys:phone "read and change": the writes the runtime applies to the human', () => {
    const { writes } = computeAssignments([
      assignment('sys', 'firstName', { value: 'Bea' }), assignment('sys', 'lastName', { value: '{sys:firstName}son' }), assignment('sys', 'phone', { value: null }),
    ], ctx);
    expect(writes).toEqual([
      { kind: 'set', scope: 'sys', name: 'firstName', value: 'Bea' },
      { kind: 'set', scope: 'sys', name: 'lastName', value: 'Beason' },
      { kind: 'remove', scope: 'sys', name: 'phone' },
    ]);
    new MemoryAttributes().apply(writes, (w) => human.set(w.name as WritableHumanField, w.kind === 'set' ? w.value : null));
    expect(renderTemplate('{sys:firstName} {sys:lastName} [{sys:phone}]', ctx)).toBe('Bea Beason []');
  });

  it('sys:context "can be set or reset by an update-attribute action"', () => {
    const { writes } = computeAssignments([assignment('sys', 'context', { value: 'ordering' }), assignment('sys', 'context', { value: null })], ctx);
    expect(writes).toEqual([{ kind: 'set', scope: 'sys', name: 'context', value: 'ordering' }, { kind: 'remove', scope: 'sys', name: 'context' }]);
  });

  // sys:email is written too (issue 35: what a bot captures reaches the contact); test/engine/language/sys-attributes.test.ts.
  it('the others are read-only', () => {
    const result = computeAssignments(['subscribed', 'text', 'payload', 'index', 'uuid', 'rcsEnabled'].map((name) => assignment('sys', name, { value: 'x' })), ctx);
    expect(result.writes).toEqual([]);
    expect(result.issues).toHaveLength(6);
  });

  it.each([['absent', null], ['empty', '']])('sys:text and sys:payload are null when %s', (_label, value) => {
    const reader = createSysReader(human, { ...conversation, text: value, payload: value });
    const quiet = createLanguageContext({ attributes: new MemoryAttributes(), clock: () => new Date(0), sys: reader });
    expect(renderTemplate('[{sys:text}][{sys:payload}]', quiet)).toBe('[][]');
    const exists = (attribute: string) => conditionsHold([{ kind: 'test', test: { channelTypes: null, channelIds: null, tags: null, deviceTypes: null, devicePlatforms: null, comparison: { attribute, ref: parseReference(attribute)!, ignoreCase: false, checks: [{ op: 'exists', expected: true }] } } }], facts, quiet);
    expect([exists('sys:text'), exists('sys:payload')]).toEqual([false, false]);
  });

  it('sys:uuid is a new random UUID on each read', () => {
    const { ctx: fresh } = fixture();
    expect(renderTemplate('{sys:uuid} {sys:uuid}', fresh)).toBe('uuid-1 uuid-2');
  });
});

describe('spec: date and time attributes (Tuesday 2024-03-05 14:07:09 UTC)', () => {
  const { ctx } = fixture();
  it.each([
    ['datetime:date', '2024-03-05'], ['datetime:date(dd/MM/yyyy)', '05/03/2024'],
    ['datetime:time', '14:07:09'], ['datetime:time(HH:mm)', '14:07'],
    ['datetime:datetime', '2024-03-05T14:07:09'], ["datetime:datetime(yyyy-MM-dd'T'HH:mm:ss)", '2024-03-05T14:07:09'],
    ['datetime:year', '2024'], ['datetime:quarterOfYear', '1'], ['datetime:monthName', 'March'], ['datetime:monthNumber', '3'],
    ['datetime:dayOfYear', '65'], ['datetime:dayOfMonth', '5'], ['datetime:dayOfWeekNumber', '2'], ['datetime:dayOfWeekName', 'Tuesday'],
    ['datetime:weekOfMonth', '1'], ['datetime:weekOfYear', '10'], ['datetime:hour', '14'], ['datetime:minute', '7'], ['datetime:second', '9'],
  ])('{%s} → %s', (name, expected) => {
    expect(renderTemplate(`{${name}}`, ctx)).toBe(expected);
  });

  it.each([
    ['datetime:dayOfYear', '2024-12-31T12:00:00Z', '366'], ['datetime:dayOfYear', '2023-12-31T12:00:00Z', '365'],
    ['datetime:dayOfWeekNumber', '2024-03-04T12:00:00Z', '1'], ['datetime:dayOfWeekName', '2024-03-10T12:00:00Z', 'Sunday'],
    ['datetime:monthName', '2024-01-15T12:00:00Z', 'January'], ['datetime:quarterOfYear', '2024-12-15T12:00:00Z', '4'],
    ['datetime:hour', '2024-03-05T23:59:59Z', '23'], ['datetime:hour', '2024-03-05T00:00:00Z', '0'],
  ])('{%s} at %s → %s (the table\'s ranges)', (name, now, expected) => {
    expect(renderTemplate(`{${name}}`, fixture({}, { now: new Date(now) }).ctx)).toBe(expected);
  });
});

describe('spec: "Other rules" 1-3', () => {
  const root = '[{"id":7,"text":"first"},{"id":8,"text":"second"}]';
  const { ctx, store } = fixture({ human: { root, a: '{"b":[0,1,{"c":"deep"}]}', plain: 'not json' } });
  it.each([
    ['{root[0].id}', '7'], ['{root[1].text}', 'second'], ['{a.b[2].c}', 'deep'],
    ['{root:size}', '2'], ['{a.b:size}', '3'], ['{plain:size}', '0'], ['[{plain.x}]', '[]'],
  ])('%s → %s', (src, expected) => {
    expect(renderTemplate(src, ctx)).toBe(expected);
  });

  it('<attribute name>:index is the index of the last element taken by takeNext', () => {
    for (const expected of ['first|0', 'second|1']) {
      store.apply(computeAssignments([assignment('human', 'item', { value: '{root}', takeNext: true })], ctx).writes);
      expect(renderTemplate('{item.text}|{item:index}', ctx)).toBe(expected);
    }
  });
});

describe('spec: predefined functions and their failure results', () => {
  const { ctx, store } = fixture({ human: { when: '05/03/2024 14:07', order: '{"id":5,"items":[]}', price: '2.5', qty: '4', total: 'price * qty' } });
  it.each([
    ['dateFormat converts from format1 to format2', "{sys:function:dateFormat({when},dd/MM/yyyy HH:mm,yyyy-MM-dd'T'HH:mm:ss)}", '2024-03-05T14:07:00'],
    ['dateFormat failure → empty string', '[{sys:function:dateFormat({when},yyyy-MM-dd,dd/MM/yyyy)}]', '[]'],
    ['embedJson places the JSON at the path', '{sys:function:embedJson({order},customer,{"name":"Ann"})}', '{"id":5,"items":[],"customer":{"name":"Ann"}}'],
    ['embedJson builds a missing path', '{sys:function:embedJson({order},a.b[1],true)}', '{"id":5,"items":[],"a":{"b":[null,true]}}'],
    ['embedJson: source not JSON → empty string', '[{sys:function:embedJson(nope,a,1)}]', '[]'],
    ['embedJson: embedded value not JSON → empty string', '[{sys:function:embedJson({order},a,nope)}]', '[]'],
    ['embedJson: invalid path → empty string', '[{sys:function:embedJson({order},id.x,1)}]', '[]'],
    ['uuid is an alias of sys:uuid', '{sys:function:uuid}', 'uuid-1'],
    ['evaluate: a decimal number', '{sys:function:evaluate(0.1 + 0.2)}', '0.3'],
    ['evaluate: variables hold constants or other expressions', '{sys:function:evaluate(total + 1)}', '11'],
    ['evaluate: invalid → empty string', '[{sys:function:evaluate(2 +)}]', '[]'],
    ['evaluate: a missing variable → empty string', '[{sys:function:evaluate(missing * 2)}]', '[]'],
    ['removeField removes the field', '{sys:function:removeField({order},items)}', '{"id":5}'],
    ['removeField: a missing path → the JSON unchanged', '{sys:function:removeField({order},nothing)}', '{"id":5,"items":[]}'],
    ['removeField: invalid JSON → unchanged', '{sys:function:removeField(not json,a)}', 'not json'],
  ])('%s', (_label, src, expected) => {
    expect(renderTemplate(src, ctx)).toBe(expected);
  });

  it('"They have no side effects on attributes"', () => {
    const before = store.snapshot('human');
    renderTemplate('{sys:function:embedJson({order},x,1)}{sys:function:removeField({order},id)}{sys:function:evaluate(total)}', ctx);
    expect(store.snapshot('human')).toEqual(before);
  });
});
