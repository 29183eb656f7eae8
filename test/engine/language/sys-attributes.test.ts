// The sys attribute table, its ports, and the in-memory attribute store.
import { describe, expect, it } from 'vitest';
import { MemoryAttributes } from '../../../src/engine/language/memory-attributes.js';
import { renderTemplate } from '../../../src/engine/language/render.js';
import { createLanguageContext } from '../../../src/engine/language/context.js';
import {
  createSysReader, isWritableSysAttribute, SYS_ATTRIBUTES, type HumanField, type HumanRecordPort, type WritableHumanField,
} from '../../../src/engine/language/sys-attributes.js';

class FakeHuman implements HumanRecordPort {
  fields: Partial<Record<HumanField, string | null>> = {
    firstName: 'Ann', lastName: 'Lee', phone: '+15550100', email: 'ann@example.com', subscribed: 'true',
    rcsEnabled: 'false', rcsFeatures: '["RICHCARD_STANDALONE"]', communicatingChannels: '[]', subscribedChannels: '[{"id":3}]',
  };
  get(field: HumanField): string | null {
    return this.fields[field] ?? null;
  }
  set(field: WritableHumanField, value: string | null): void {
    this.fields[field] = value;
  }
}

describe('sys attributes', () => {
  it('lists the spec table', () => {
    expect(Object.keys(SYS_ATTRIBUTES).sort()).toEqual([
      'communicatingChannels', 'context', 'conversationLink', 'email', 'firstName', 'index', 'lastName', 'payload',
      'phone', 'rcsEnabled', 'rcsFeatures', 'subscribed', 'subscribedChannels', 'text', 'uuid',
    ]);
  });

  it.each([
    ['firstName', true], ['lastName', true], ['phone', true], ['context', true], ['email', true],
    ['subscribed', false], ['text', false], ['payload', false], ['index', false], ['uuid', false], ['nope', false],
  ])('%s writable: %s', (name, writable) => {
    expect(isWritableSysAttribute(name)).toBe(writable);
  });

  it('reads the human record, the conversation and the current event through the ports', () => {
    const human = new FakeHuman();
    const sys = createSysReader(human, { conversationLink: 'https://chat.example/c/1', context: 'billing', text: 'hi', payload: '', index: 2 });
    const ctx = createLanguageContext({ attributes: new MemoryAttributes(), clock: () => new Date(0), sys });
    expect(renderTemplate('{sys:firstName} {sys:lastName} {sys:phone} {sys:email} {sys:subscribed} {sys:rcsEnabled}', ctx)).toBe('Ann Lee +15550100 ann@example.com true false');
    expect(renderTemplate('{sys:rcsFeatures[0]} {sys:subscribedChannels[0].id} {sys:communicatingChannels:size}', ctx)).toBe('RICHCARD_STANDALONE 3 0');
    expect(renderTemplate('{sys:conversationLink} {sys:context} {sys:text} [{sys:payload}] {sys:index}', ctx)).toBe('https://chat.example/c/1 billing hi [] 2');
    human.set('firstName', 'Bea');
    expect(renderTemplate('{sys:firstName}', ctx)).toBe('Bea');
  });

  it('refuses a time zone that is not IANA', () => {
    expect(() => createLanguageContext({ attributes: new MemoryAttributes(), clock: () => new Date(0), timeZone: 'Mars/Olympus' })).toThrow(/IANA/);
  });
});

describe('MemoryAttributes', () => {
  it('applies writes per scope and routes sys writes elsewhere', () => {
    const store = new MemoryAttributes({ human: { a: '1' } });
    const sysWrites: string[] = [];
    store.apply([
      { kind: 'set', scope: 'bot', name: 'b', value: '2' },
      { kind: 'remove', scope: 'human', name: 'a' },
      { kind: 'set', scope: 'sys', name: 'firstName', value: 'Bea' },
    ], (w) => sysWrites.push(w.name));
    expect(store.snapshot('human')).toEqual({});
    expect(store.get('bot', 'b')).toBe('2');
    expect(sysWrites).toEqual(['firstName']);
  });
});
