// execute (runs targets and comes back) and goto (replaces the chain), and the bounds on loops and nesting.
import { describe, expect, it } from 'vitest';
import { bothFormats, say, Talk } from './harness.js';

const flow = {
  name: 'flow',
  interactions: [
    { name: 'main', intents: [{ name: 'main', expressions: ['run main'] }], actions: [
      say('main 1'), { execute: 'helper' }, say('main 2'), { execute: ['second', 'helper'] }, say('main 3'),
    ] },
    { name: 'helper', intents: [], actions: [say('helper'), { execute: 'inner' }, say('helper again')] },
    { name: 'inner', intents: [], actions: [say('inner')] },
    { name: 'second', intents: [], actions: [say('second')] },
    { name: 'single', intents: [{ name: 'single', expressions: ['run one action'] }], actions: [
      { execute: 'pickMe' }, say('back'), { goto: 'pickMe' },
    ] },
    { name: 'library', intents: [], actions: [
      say('library start'), { name: 'pickMe', send: { message: { text: 'picked' } } }, say('after picked'),
    ] },
    { name: 'jump', intents: [{ name: 'jump', expressions: ['jump away'] }], actions: [
      say('before'), { execute: 'jumper' }, say('never: goto inside an execute replaced the whole chain'),
    ] },
    { name: 'jumper', intents: [], actions: [{ goto: 'inner' }, say('never')] },
    { name: 'checked', intents: [{ name: 'checked', expressions: ['checked execute'] }], actions: [
      { execute: 'setFlag', validation: { conditions: [{ attribute: 'flag', equals: 'on' }], executeOnError: 'flagOff' } },
      say('flag was on'),
    ] },
    { name: 'setFlag', intents: [], actions: [{ updateAttribute: { attribute: 'flag', value: '{wanted}', process: true } }, say('set {flag}')] },
    { name: 'flagOff', intents: [], actions: [say('flag was off')] },
    { name: 'deep', intents: [{ name: 'deep', expressions: ['go deep'] }], actions: [
      { updateAttribute: { attribute: 'depth', value: '{depth} + 1', evaluate: true, process: true } }, { execute: 'deep' }, say('unwound'),
    ] },
    { name: 'loop', intents: [{ name: 'loop', expressions: ['loop forever'] }], actions: [
      { updateAttribute: { attribute: 'turns', value: '{turns} + 1', evaluate: true, process: true } }, { goto: 'loop' },
    ] },
  ],
};

describe.each(bothFormats(flow))('execute and goto (%s)', (_format, definition) => {
  it('execute runs its targets in order, nested ones too, and comes back after each', async () => {
    expect(await new Talk(definition).texts('run main')).toEqual([
      'main 1', 'helper', 'inner', 'helper again', 'main 2', 'second', 'helper', 'inner', 'helper again', 'main 3',
    ]);
  });

  it('execute of an action runs that action alone; goto to an action continues from it to the end of its interaction', async () => {
    expect(await new Talk(definition).texts('run one action')).toEqual(['picked', 'back', 'picked', 'after picked']);
  });

  it('goto inside an executed interaction replaces the whole chain, callers included', async () => {
    expect(await new Talk(definition).texts('jump away')).toEqual(['before', 'inner']);
  });

  it('an execute’s validation runs once its targets are done', async () => {
    expect(await new Talk(definition, { attributes: { human: { wanted: 'on' } } }).texts('checked execute')).toEqual(['set on', 'flag was on']);
    expect(await new Talk(definition, { attributes: { human: { wanted: 'off' } } }).texts('checked execute')).toEqual(['set off', 'flag was off']);
  });

  it('stops executes nested deeper than 32 levels, with an issue, and nothing unwinds', async () => {
    const t = new Talk(definition, { attributes: { human: { depth: '0' } } });
    expect(await t.texts('go deep')).toEqual([]);
    expect(t.attr('depth')).toBe('32');
    expect(t.issues()).toEqual(['Executes nested deeper than 32 levels; the chain was stopped.']);
    expect(t.state.frames).toEqual([]);
  });

  it('stops a goto loop after 1,000 steps with an issue, and the next message is handled normally', async () => {
    const t = new Talk(definition, { attributes: { human: { turns: '0' } } });
    await t.say('loop forever');
    // Each turn is three steps: entering the interaction and its two actions.
    expect(t.attr('turns')).toBe('333');
    expect(t.issues()).toEqual(['More than 1000 actions ran for one event; the chain was stopped as a loop.']);
    expect(await t.texts('run main')).toHaveLength(10);
  });
});
