// startDialog / finishDialog (bot format) with sys:cancel, sys:startOver and sys:breakOut, and sys:context around them.
import { describe, expect, it } from 'vitest';
import { messageEvent } from '../../../src/engine/events.js';
import { handleEvent } from '../../../src/engine/runner.js';
import { initialState } from '../../../src/engine/state.js';
import { environment, say, Talk, textsOf } from './harness.js';

const pizzeria = {
  name: 'pizzeria',
  interactions: [
    { name: 'order', context: 'shop', intents: [{ name: 'order', expressions: ['order a pizza'] }], actions: [
      say('Let us order.'),
      { startDialog: { name: 'ordering', context: 'ordering', executeOnCancel: 'cancelled', executeOnBreakOut: 'paused' } },
      say('Size? ({sys:context})'),
      { waitFor: { data: 'text', content: 'size' } },
      say('How many?'),
      { waitFor: { data: 'number', content: 'qty' } },
      { finishDialog: true },
      say('Ordered {qty} {size} ({sys:context})'),
    ] },
    { name: 'cancelled', context: 'shop', intents: [], actions: [say('Order cancelled.')] },
    { name: 'paused', context: 'shop', intents: [], actions: [say('Order paused.')] },
    { name: 'hours', intents: [{ name: 'hours', expressions: ['opening hours', 'when are you open'] }], actions: [say('We open at 11.')] },
    { name: 'nothing', intents: ['sys:cancel'], actions: [say('Nothing to cancel.')] },
    { name: 'survey', intents: [{ name: 'survey', expressions: ['take the survey'] }], actions: [
      say('Rate us 1-5'), { waitFor: { data: 'number', content: 'rating' } }, say('Thanks'),
    ] },
    { name: 'nested', intents: [{ name: 'nested', expressions: ['nested dialogs'] }], actions: [
      { startDialog: { name: 'outer', executeOnBreakOut: 'outerOut' } },
      { startDialog: { name: 'inner', context: 'inner', executeOnBreakOut: 'innerOut', executeOnCancel: 'innerCancelled' } },
      say('Deep inside. A number?'),
      { waitFor: { data: 'number', content: 'n' } },
      say('never reached in these tests'),
    ] },
    { name: 'outerOut', intents: [], actions: [say('left outer')] },
    { name: 'innerOut', intents: [], actions: [say('left inner')] },
    { name: 'innerCancelled', intents: [], actions: [say('inner cancelled ({sys:context})')] },
  ],
};

describe('dialogs', () => {
  it('sets the dialog’s context while it runs; finishDialog ends it and restores the context from before', async () => {
    const t = new Talk(pizzeria);
    expect(await t.texts('order a pizza')).toEqual(['Let us order.', 'Size? (ordering)']);
    expect(t.state.dialogs.map((d) => d.name)).toEqual(['ordering']);
    expect(await t.texts('large')).toEqual(['How many?']);
    expect(await t.texts('2')).toEqual(['Ordered 2 large (shop)']);
    expect(t.state.dialogs).toEqual([]);
  });

  it('sys:cancel ends the dialog and executeOnCancel replaces the chain', async () => {
    const t = new Talk(pizzeria);
    await t.say('order a pizza');
    expect(await t.texts('cancel')).toEqual(['Order cancelled.']);
    expect(t.state.dialogs).toEqual([]);
    expect(t.state.suspended).toBeNull();
    expect(t.state.context).toBe('shop');
  });

  it('cancel said in other words (recognized, not a phrase) still cancels the dialog rather than breaking out of it', async () => {
    const t = new Talk(pizzeria);
    await t.say('order a pizza');
    await t.say('large');
    expect(await t.texts('please cancel my pizza order')).toEqual(['Order cancelled.']);
    expect(t.state.dialogs).toEqual([]);
  });

  it('sys:startOver restarts the dialog from the action after startDialog, with its context', async () => {
    const t = new Talk(pizzeria);
    await t.say('order a pizza');
    await t.say('small');
    expect(await t.texts('start over')).toEqual(['Size? (ordering)']);
    expect(await t.texts('large')).toEqual(['How many?']);
    expect(await t.texts('1')).toEqual(['Ordered 1 large (shop)']);
  });

  it('sys:breakOut leaves the dialog and runs executeOnBreakOut', async () => {
    const t = new Talk(pizzeria);
    await t.say('order a pizza');
    expect(await t.texts('exit')).toEqual(['Order paused.']);
    expect(t.state.dialogs).toEqual([]);
  });

  it('an answer the wait does not take but another intent does breaks out: executeOnBreakOut, then that interaction', async () => {
    const t = new Talk(pizzeria);
    await t.say('order a pizza');
    await t.say('large');
    expect(await t.texts('when are you open')).toEqual(['Order paused.', 'We open at 11.']);
    expect(t.state.dialogs).toEqual([]);
    expect(t.state.suspended).toBeNull();
  });

  it('a wait that takes any text takes the intent’s words as its answer', async () => {
    const t = new Talk(pizzeria);
    await t.say('order a pizza');
    expect(await t.texts('when are you open')).toEqual(['How many?']);
    expect(t.attr('size')).toBe('when are you open');
  });

  it('outside a dialog, cancel ends a wait and runs the interaction listing sys:cancel; idle, it is an intent like any other', async () => {
    const t = new Talk(pizzeria);
    await t.say('take the survey');
    expect(await t.texts('cancel')).toEqual(['Nothing to cancel.']);
    expect(t.state.suspended).toBeNull();
    expect(await t.texts('cancel')).toEqual(['Nothing to cancel.']);
  });

  it('a new intent mid-dialog ends every open dialog, innermost first; cancel acts on the innermost only', async () => {
    const t = new Talk(pizzeria);
    expect(await t.texts('nested dialogs')).toEqual(['Deep inside. A number?']);
    expect(t.state.context).toBe('inner');
    expect(await t.texts('opening hours')).toEqual(['left inner', 'left outer', 'We open at 11.']);
    expect(t.state.dialogs).toEqual([]);

    await t.say('nested dialogs');
    expect(await t.texts('cancel')).toEqual(['inner cancelled ()']);
    expect(t.state.dialogs.map((d) => d.name)).toEqual(['outer']);
  });

  it('a dialog left open on an older bot revision is dropped when the conversation moves to a new one', async () => {
    const env = environment(pizzeria);
    const started = await handleEvent(env, { ...initialState(), started: true, revision: 1 }, messageEvent({ text: 'order a pizza' }));
    expect(started.state.dialogs.map((d) => [d.name, d.revision])).toEqual([['ordering', 1]]);
    // The chain ended without finishDialog (cancelled wait), so the host moves the conversation to revision 2.
    const idle = { ...started.state, frames: [], suspended: null, revision: 2 };
    const next = await handleEvent(env, idle, messageEvent({ text: 'cancel' }));
    expect(textsOf(next.outbound)).toEqual(['Nothing to cancel.']);
    expect(next.state.dialogs).toEqual([]);
  });
});
