// The builder's changes to a definition: each form writes a step the validator accepts, reads back what it wrote, and
// a change touches nothing but what it names; an ask is a question, a checked wait and a re-ask.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateDefinition } from '../../src/engine/definition/index.js';
import { askSteps } from '../../web/console/src/builder/ask.js';
import { addInteraction, addStep, deleteInteraction, deleteStep, freeName, moveStep, replaceStep, startOf, targetNames, updateInteraction } from '../../web/console/src/builder/edit.js';
import { STEP_KINDS, kindOf } from '../../web/console/src/builder/steps.js';

type Json = Record<string, unknown>;

const base = (): Json => ({
  name: 'shop',
  interactions: [
    { name: 'welcome', intents: ['sys:start'], actions: [{ send: { message: { text: 'Hi!' } } }, { execute: 'menu' }] },
    { name: 'menu', intents: [{ name: 'menu', expressions: ['menu', 'options'] }], actions: [{ name: 'offer', send: { message: { text: 'Pick one', quickReplies: [{ type: 'text', title: 'Hours', execute: 'hours' }] } } }] },
    { name: 'hours', actions: [{ send: { message: { text: 'Open 9 to 5.' } } }] },
    { name: 'other', intents: ['sys:text'], actions: [{ goto: 'menu' }] },
  ],
});

const valid = (definition: Json) => {
  const result = validateDefinition(definition);
  expect(result.problems).toEqual([]);
};

describe('the builder\'s forms', () => {
  const values: Record<string, Record<string, string>> = {
    send: { text: 'Hello {sys:firstName}', quickReplies: 'Yes -> hours\nNo', buttons: 'Site -> https://shop.example\nMenu -> menu', media: 'https://shop.example/a.png' },
    wait: { data: 'number', content: 'count', timeout: '10m', executeOnError: 'menu', executeOnTimeout: '' },
    condition: { attribute: 'count', check: 'greaterThan', value: '3', goto: 'hours' },
    goto: { goto: 'offer' },
    handoff: {},
    set: { attribute: 'sys:email', value: '{answer}' },
    tag: { tags: 'lead, vip' },
    subscribe: { subscribe: 'false' },
    request: { method: 'POST', url: 'https://crm.example/leads', content: '{"e": "{sys:email}"}', response: 'lead', fallback: 'hours' },
    pause: { seconds: '2' },
    answer: { knowledgeBases: 'Help', fallback: 'other' },
  };

  it.each(STEP_KINDS.map((k) => [k.id, k] as const))('%s writes a step the validator accepts and reads it back', (id, kind) => {
    const action = kind.write(values[id]!, { name: `step ${id}`, conditions: [{ channelTypes: ['web'] }] });
    const definition = addStep(base(), 2, action);
    valid(definition);
    const read = kindOf(action);
    expect(read?.kind.id).toBe(id);
    // What the form shows is what was typed (lines trimmed); the step's name and conditions were kept.
    for (const [k, v] of Object.entries(values[id]!)) expect(read!.values[k], k).toBe(v);
    if (id !== 'condition') expect(action.conditions).toEqual([{ channelTypes: ['web'] }]);
    expect(action.name).toBe(`step ${id}`);
  });

  it('a plain attribute is set with assignAttributes, a contact field with updateAttribute', () => {
    const set = STEP_KINDS.find((k) => k.id === 'set')!;
    expect(set.write({ attribute: 'plan', value: 'pro' }, {})).toEqual({ assignAttributes: { attributes: [{ attributePath: 'plan', value: 'pro' }] } });
    expect(set.write({ attribute: 'sys:email', value: '{e}' }, {})).toEqual({ updateAttribute: { attribute: 'sys:email', value: '{e}', process: true } });
  });

  it('a step holding more than its form shows is edited as code', () => {
    expect(kindOf({ send: { message: { text: 'x', quickReplies: [{ type: 'text', title: 'A', payload: 'A1' }] } } })).toBeNull();
    expect(kindOf({ waitFor: { data: ['number', 'text'], content: 'n' } })).toBeNull();
    expect(kindOf({ send: { message: { text: 'x' }, email: { to: 'a@example.com' } } })).toBeNull();
    expect(kindOf({ dataCapture: { fields: [] } })).toBeNull();
  });

  it('reads every step of the examples it recognises, and writing it back unchanged gives the same step', () => {
    let recognised = 0;
    for (const dir of fs.readdirSync('examples', { withFileTypes: true }).filter((d) => d.isDirectory())) {
      const file = `examples/${dir.name}/bot.json`;
      if (!fs.existsSync(file)) continue;
      const bot = JSON.parse(fs.readFileSync(file, 'utf8')) as { interactions?: { actions?: Json[] }[] };
      for (const action of (bot.interactions ?? []).flatMap((i) => i.actions ?? [])) {
        const known = kindOf(action);
        if (known === null) continue;
        recognised += 1;
        const again = known.kind.write(known.values, action);
        expect(kindOf(again)?.values, JSON.stringify(action)).toEqual(known.values);
      }
    }
    expect(recognised).toBeGreaterThan(30);
  });
});

describe('changes to a definition', () => {
  it('adds, moves, replaces and deletes a step, touching nothing else', () => {
    const start = base();
    const added = addStep(start, 2, { goto: 'menu' }, 0);
    expect((added.interactions as Json[])[2]).toEqual({ name: 'hours', actions: [{ goto: 'menu' }, { send: { message: { text: 'Open 9 to 5.' } } }] });
    expect(start).toEqual(base());
    const moved = moveStep(added, 2, 0, 1);
    expect(((moved.interactions as Json[])[2]!.actions as Json[]).map((a) => Object.keys(a)[0])).toEqual(['send', 'goto']);
    expect(moveStep(moved, 2, 1, 1)).toEqual(moved);
    const replaced = replaceStep(moved, 2, 1, { goto: 'welcome' });
    expect(((replaced.interactions as Json[])[2]!.actions as Json[])[1]).toEqual({ goto: 'welcome' });
    expect(deleteStep(replaced, 2, 1)).toEqual(base());
  });

  it('adds an interaction, renames one (and every step leading to it), and deletes one', () => {
    const added = addInteraction(base(), 'prices', { kind: 'phrases', phrases: ['how much', 'prices'] }, { send: { message: { text: 'From $5.' } } });
    valid(added);
    expect((added.interactions as Json[])[4]).toEqual({ name: 'prices', intents: [{ name: 'prices', expressions: ['how much', 'prices'] }], actions: [{ send: { message: { text: 'From $5.' } } }] });
    const renamed = updateInteraction(added, 1, 'main menu', { kind: 'phrases', phrases: ['menu'] });
    valid(renamed);
    const list = renamed.interactions as Json[];
    expect(list[1]!.intents).toEqual([{ name: 'menu', expressions: ['menu'] }]);
    expect(list[0]!.actions).toEqual([{ send: { message: { text: 'Hi!' } } }, { execute: 'main menu' }]);
    expect(list[3]!.actions).toEqual([{ goto: 'main menu' }]);
    expect(startOf(list[1]!)).toEqual({ kind: 'phrases', phrases: ['menu'] });
    expect(startOf({ intents: ['sys:start'] })).toEqual({ kind: 'welcome' });
    expect(startOf({ keywords: [{ name: 'k', values: [] }] })).toBeNull();
    // A form that could not show the triggers keeps them.
    expect((updateInteraction(added, 1, 'menu', null).interactions as Json[])[1]!.intents).toEqual([{ name: 'menu', expressions: ['menu', 'options'] }]);
    expect((deleteInteraction(added, 4).interactions as Json[]).length).toBe(4);
    expect(targetNames(base())).toEqual(['welcome', 'menu', 'offer', 'hours', 'other']);
    expect(freeName(base(), 'menu')).toBe('menu 2');
  });
});

describe('an ask', () => {
  it('for an e-mail: the question, a wait checked as an e-mail, the address put on the contact, and a re-ask', () => {
    const { steps, retry } = askSteps(base(), { kind: 'email', question: 'Your e-mail?', keepIn: 'sys:email', retry: 'That is not an e-mail.' });
    expect(steps).toEqual([
      { name: 'ask email', send: { message: { text: 'Your e-mail?' } } },
      { waitFor: { data: ['text'], content: 'email', executeOnError: 'ask email again' },
        validation: { conditions: [{ attribute: 'email', is: 'email' }], executeOnError: 'ask email again' } },
      { updateAttribute: { attribute: 'sys:email', value: '{email}', process: true } },
    ]);
    expect(retry).toEqual({ name: 'ask email again', actions: [{ send: { message: { text: 'That is not an e-mail.' } } }, { goto: 'ask email' }] });
    let definition = base();
    for (const s of steps) definition = addStep(definition, 1, s);
    valid({ ...definition, interactions: [...definition.interactions as Json[], retry] });
  });

  it('for a choice: quick replies and a wait for one of them, kept in an attribute; names never collide', () => {
    const taken = addInteraction(base(), 'ask size', { kind: 'none' });
    const { steps, retry } = askSteps(taken, { kind: 'choice', question: 'Which size?', keepIn: 'size', retry: 'Pick one.', choices: ['Small', 'Large'] });
    expect(steps).toEqual([
      { name: 'ask size 2', send: { message: { text: 'Which size?', quickReplies: [{ type: 'text', title: 'Small' }, { type: 'text', title: 'Large' }] } } },
      { waitFor: { data: ['quick reply'], content: 'size', executeOnError: 'ask size 2 again' } },
    ]);
    expect(retry.name).toBe('ask size 2 again');
  });
});
