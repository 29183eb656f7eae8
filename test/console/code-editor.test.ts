// The code editor's help, without a browser: where the cursor is in a definition being typed (JSON and YAML), what the
// schema and the definition offer there, and what the reference says of a field.
import fs from 'node:fs';
import { EditorState } from '@codemirror/state';
import { json } from '@codemirror/lang-json';
import { yaml } from '@codemirror/lang-yaml';
import { describe, expect, it } from 'vitest';
import { namesOf, offersAt, type Names } from '../../web/console/src/code-editor/completions.js';
import { cursorPlace } from '../../web/console/src/code-editor/cursor-place.js';
import { indexDocs, systemAttributes } from '../../web/console/src/code-editor/hover-docs.js';
import { allowedAt } from '../../web/console/src/code-editor/schema-walk.js';

const reference = fs.readFileSync('docs/bot-language.md', 'utf8');
const bot = {
  name: 'shop',
  interactions: [
    { name: 'welcome', intents: ['sys:start', { name: 'hello', expressions: ['hi'] }], actions: [{ name: 'ask', send: { message: { text: 'Size, {sys:firstName}?' } } }, { waitFor: { data: 'text', content: 'size' } }] },
    { name: 'order', keywords: [{ name: 'colour', values: [] }], actions: [{ send: { message: { text: '{size} it is.' } } }] },
  ],
};
const names: Names = namesOf(bot, systemAttributes(reference));

/** The text up to the `|` in it, as typed so far: its state and the cursor. */
function typed(text: string, format: 'json' | 'yaml') {
  const pos = text.indexOf('|');
  const doc = text.replace('|', '');
  return { state: EditorState.create({ doc, extensions: [format === 'json' ? json() : yaml()] }), pos };
}
const labels = (text: string, format: 'json' | 'yaml') => {
  const { state, pos } = typed(text, format);
  return offersAt(state, pos, format, names)?.offers.map((o) => o.label) ?? [];
};

describe('the definition\'s names', () => {
  it('holds interactions and actions as targets, intents with the system ones, attributes written and read', () => {
    expect(names.targets).toEqual(['welcome', 'ask', 'order']);
    expect(names.intents).toEqual(expect.arrayContaining(['sys:start', 'sys:text', 'hello']));
    expect(names.intents).not.toContain('colour');
    expect(names.attributes).toEqual(expect.arrayContaining(['size', 'sys:firstName', 'sys:email', 'sys:payload']));
  });
});

describe('where the cursor is', () => {
  it('in JSON: a field being named, or a value, with the path down to it', () => {
    const at = (text: string) => { const { state, pos } = typed(text, 'json'); return cursorPlace(state, pos, 'json'); };
    expect(at('{"interactions": [{"name": "a", "actions": [{"wa|')).toMatchObject({ path: ['interactions', 0, 'actions', 0], position: 'key', quoted: true });
    expect(at('{"interactions": [{"name": "a", "actions": [{"goto": "|')).toMatchObject({ path: ['interactions', 0, 'actions', 0, 'goto'], position: 'value' });
    expect(at('{"interactions": [{}, {"actions": [{"send": {"message": {|')).toMatchObject({ path: ['interactions', 1, 'actions', 0, 'send', 'message'], position: 'key' });
  });

  it('in YAML: a word alone on its line under a field is a field being named', () => {
    const at = (text: string) => { const { state, pos } = typed(text, 'yaml'); return cursorPlace(state, pos, 'yaml'); };
    expect(at('name: x\ninteractions:\n  - name: a\n    actions:\n      - go|')).toMatchObject({ path: ['interactions', 0, 'actions', 0], position: 'key' });
    expect(at('name: x\ninteractions:\n  - name: a\n    actions:\n      - goto: |')).toMatchObject({ path: ['interactions', 0, 'actions', 0, 'goto'], position: 'value' });
    expect(at('name: x\ninteractions:\n  - name: a\n    actions:\n      - send:\n          message:\n            te|')).toMatchObject({ path: ['interactions', 0, 'actions', 0, 'send', 'message'], position: 'key' });
  });
});

describe('what is offered', () => {
  it('an action\'s fields, from the schema', () => {
    const offered = labels('{"interactions": [{"name": "a", "actions": [{"wa|', 'json');
    expect(offered).toEqual(expect.arrayContaining(['send', 'waitFor', 'goto', 'execute', 'answer', 'conditions']));
    expect(offered).not.toContain('intents');
    expect(labels('{"interactions": [{"|', 'json')).toEqual(expect.arrayContaining(['name', 'intents', 'keywords', 'actions', 'validation']));
    expect(labels('name: x\ninteractions:\n  - name: a\n    actions:\n      - send:\n          message:\n            |', 'yaml'))
      .toEqual(expect.arrayContaining(['text', 'quickReplies', 'buttons', 'media']));
  });

  it('targets for goto and handlers, intents, attributes, and the schema\'s fixed values', () => {
    expect(labels('{"interactions": [{"actions": [{"goto": "|', 'json')).toEqual(['welcome', 'ask', 'order']);
    expect(labels('name: x\ninteractions:\n  - actions:\n      - waitFor:\n          executeOnError: |', 'yaml')).toEqual(['welcome', 'ask', 'order']);
    expect(labels('{"interactions": [{"intents": ["|', 'json')).toEqual(expect.arrayContaining(['sys:start', 'hello']));
    expect(labels('{"interactions": [{"actions": [{"waitFor": {"content": "|', 'json')).toContain('size');
    expect(labels('{"interactions": [{"actions": [{"waitFor": {"data": ["|', 'json')).toEqual(expect.arrayContaining(['number', 'quick reply', 'datetime']));
    expect(labels('{"interactions": [{"actions": [{"send": {"message": {"text": "Hello {sys:fi|', 'json')).toContain('sys:firstName');
  });

  it('inserts a field with its colon, quoted in JSON', () => {
    const { state, pos } = typed('{"interactions": [{"actions": [{"wa|', 'json');
    const found = offersAt(state, pos, 'json', names)!;
    expect(found.offers.find((o) => o.label === 'waitFor')!.apply).toBe('waitFor');
    expect(found.from).toBe(pos - 2);
    const open = typed('{"interactions": [{"actions": [{|', 'json');
    expect(offersAt(open.state, open.pos, 'json', names)!.offers.find((o) => o.label === 'goto')!.apply).toBe('"goto": ');
    const y = typed('interactions:\n  - actions:\n      - go|', 'yaml');
    expect(offersAt(y.state, y.pos, 'yaml', names)!.offers.find((o) => o.label === 'goto')!.apply).toBe('goto: ');
  });

  it('knows the schema at any depth', () => {
    expect(allowedAt(['interactions', 0, 'actions', 0, 'waitFor']).fields.map((f) => f.name)).toEqual(expect.arrayContaining(['data', 'content', 'timeout', 'executeOnError']));
    expect(allowedAt(['interactions', 0, 'actions', 0, 'send', 'message', 'buttons', 0, 'type']).values).toEqual(expect.arrayContaining(['postback', 'weburl']));
  });
});

describe('the reference on hover', () => {
  const docs = indexDocs(reference);
  it('says what a field is, under the section that documents it', () => {
    expect(docs.get('waitFor')!.map((d) => d.section)).toEqual(expect.arrayContaining(['3. Actions', 'waitFor']));
    expect(docs.get('waitFor')!.find((d) => d.section === 'waitFor')!.text).toMatch(/^data: one or more of message, text/);
    expect(docs.get('goto')![0]!.text).toContain('stop this chain and continue from there');
    expect(docs.get('sys:email')![0]!.text).toContain('e-mail address');
  });
  it('lists the system attributes', () => {
    expect(systemAttributes(reference)).toEqual(expect.arrayContaining(['sys:firstName', 'sys:email', 'sys:text', 'sys:payload', 'sys:uuid']));
  });
});
