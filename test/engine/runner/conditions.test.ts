// Conditions gate actions; validations check interactions before and actions after; channel restriction; contexts.
import { describe, expect, it } from 'vitest';
import { asExperience, bothFormats, say, Talk } from './harness.js';

const gated = {
  name: 'gated',
  interactions: [
    { name: 'offers', intents: [{ name: 'offers', expressions: ['show offers'] }], actions: [
      { conditions: [{ tags: 'vip' }], send: { message: { text: 'VIP: 30% off' } } },
      { conditions: [{ not: { tags: 'vip' } }], send: { message: { text: 'Everyone: 10% off' } } },
      { conditions: [{ attribute: 'visits', greaterThan: 3 }, { channelTypes: ['web'] }], send: { message: { text: 'Loyal web visitor' } } },
      { conditions: [{ or: [{ attribute: 'visits', lessThan: 2 }, { attribute: 'visits', exists: false }] }], send: { message: { text: 'Welcome, newcomer' } },
        validation: { conditions: [{ attribute: 'never', exists: true }] } },
      { assignAttributes: { attributes: [{ attributePath: 'greeting', value: 'Hi {sys:firstName}' }] }, send: { message: { text: '{greeting}' } } },
    ] },
    { name: 'adults', intents: [{ name: 'adults', expressions: ['adults only'] }],
      validation: { conditions: [{ attribute: 'age', greaterThanOrEqual: 18 }], executeOnError: 'refused' },
      actions: [say('Welcome to the bar.')] },
    { name: 'strict', intents: [{ name: 'strict', expressions: ['strict area'] }],
      validation: { conditions: [{ tags: 'staff' }] },
      actions: [say('Staff only.')] },
    { name: 'caller', intents: [{ name: 'caller', expressions: ['call strict'] }], actions: [say('calling'), { execute: 'strict' }, say('never after a failed validation')] },
    { name: 'refused', intents: [], actions: [say('Sorry, adults only.')] },
    { name: 'checked', intents: [{ name: 'checked', expressions: ['checked action'] }], actions: [
      { updateAttribute: { attribute: 'code', value: '{input}', process: true },
        validation: { conditions: [{ attribute: 'code', matches: '^[0-9]{4}$' }], executeOnError: 'badCode' } },
      say('code {code} ok'),
      { updateAttribute: { attribute: 'code2', value: '{input}', process: true }, validation: { conditions: [{ attribute: 'code2', equals: '9999' }] } },
      say('code2 ok'),
    ] },
    { name: 'badCode', intents: [], actions: [say('bad code')] },
    { name: 'selfLoop', intents: [{ name: 'selfLoop', expressions: ['validation loop'] }],
      validation: { conditions: [{ attribute: 'never', exists: true }], executeOnError: 'selfLoop' }, actions: [say('never')] },
  ],
};

describe.each(bothFormats(gated))('conditions and validations (%s)', (_format, definition) => {
  it('conditions skip the actions they do not hold for (and their validations); assignments come before the step', async () => {
    const vip = new Talk(definition, { human: { tags: ['VIP'], firstName: 'Ann' }, attributes: { human: { visits: '5' } } });
    expect(await vip.texts('show offers')).toEqual(['VIP: 30% off', 'Loyal web visitor', 'Hi Ann']);
    const newcomer = new Talk(definition, { human: { firstName: 'Bob' } });
    // The newcomer's message has a validation that fails without executeOnError: the chain stops there.
    expect(await newcomer.texts('show offers')).toEqual(['Everyone: 10% off', 'Welcome, newcomer']);
  });

  it('an interaction’s validation is checked before it runs; executeOnError replaces the chain', async () => {
    expect(await new Talk(definition, { attributes: { human: { age: '21' } } }).texts('adults only')).toEqual(['Welcome to the bar.']);
    expect(await new Talk(definition, { attributes: { human: { age: '16' } } }).texts('adults only')).toEqual(['Sorry, adults only.']);
  });

  it('without executeOnError a failed interaction validation stops the whole chain, callers included', async () => {
    expect(await new Talk(definition).texts('strict area')).toEqual([]);
    expect(await new Talk(definition).texts('call strict')).toEqual(['calling']);
    expect(await new Talk(definition, { human: { tags: ['staff'] } }).texts('call strict')).toEqual(['calling', 'Staff only.', 'never after a failed validation']);
  });

  it('an action’s validation is checked after it; executeOnError replaces the chain, else the chain stops', async () => {
    expect(await new Talk(definition, { attributes: { human: { input: '1234' } } }).texts('checked action')).toEqual(['code 1234 ok']);
    expect(await new Talk(definition, { attributes: { human: { input: '12a' } } }).texts('checked action')).toEqual(['bad code']);
    expect(await new Talk(definition, { attributes: { human: { input: '9999' } } }).texts('checked action')).toEqual(['code 9999 ok', 'code2 ok']);
  });

  it('a validation whose executeOnError enters the same interaction is stopped by the loop bound', async () => {
    const t = new Talk(definition);
    expect(await t.texts('validation loop')).toEqual([]);
    expect(t.issues()).toEqual(['More than 1000 actions ran for one event; the chain was stopped as a loop.']);
  });
});

const channels = asExperience({
  name: 'channels',
  interactions: [
    { name: 'join', intents: [{ name: 'join', expressions: ['join the club'] }], actions: [
      { channel: 'rcs', send: { message: { text: 'Tap below.', buttons: [{ type: 'postback', title: 'Perks', payload: 'PERKS' }] } } },
      { channel: 'dlc', send: { message: { text: 'Reply PERKS.' } } },
      say('Welcome!'),
    ] },
  ],
});

describe('channel restriction (experience format)', () => {
  it.each([['rcs', ['Tap below.', 'Welcome!']], ['dlc', ['Reply PERKS.', 'Welcome!']], ['web', ['Welcome!']]])('on %s', async (channelType, expected) => {
    expect(await new Talk(channels, { channelType }).texts('join the club')).toEqual(expected);
  });
});

const shop = {
  name: 'shop',
  interactions: [
    { name: 'checkout', context: 'checkout', intents: [{ name: 'checkout', expressions: ['checkout now'] }], actions: [say('Card or cash? ({sys:context})')] },
    { name: 'browse', intents: [{ name: 'more', excludeContext: 'checkout', expressions: ['show me more', 'what else'] }], actions: [say('Here is more. ({sys:context})')] },
    { name: 'alsoMore', intents: [{ name: 'more', expressions: ['show me more'] }], actions: [say('More, during checkout.')] },
    { name: 'reset', intents: [{ name: 'reset', expressions: ['reset context'] }], context: 'browsing', actions: [
      say('before: {sys:context}'), { updateAttribute: { attribute: 'sys:context', value: null } }, say('after: [{sys:context}]'),
    ] },
    { name: 'gate', context: 'gated', intents: [{ name: 'gate', expressions: ['enter the gate'] }],
      validation: { conditions: [{ attribute: 'sys:context', equals: 'checkout' }] }, actions: [say('through the gate')] },
  ],
};

describe('contexts (bot format)', () => {
  it('an interaction sets sys:context on entry (absent: removed); excludeContext skips an intent while it holds', async () => {
    const t = new Talk(shop);
    expect(await t.texts('show me more')).toEqual(['Here is more. ()']);
    expect(await t.texts('checkout now')).toEqual(['Card or cash? (checkout)']);
    expect(t.state.context).toBe('checkout');
    // "more" is excluded in checkout where browse lists it; the next interaction listing it takes it.
    expect(await t.texts('show me more')).toEqual(['More, during checkout.']);
    expect(t.state.context).toBeNull();
    expect(await t.texts('show me more')).toEqual(['Here is more. ()']);
  });

  it('updateAttribute with a null value resets sys:context', async () => {
    expect(await new Talk(shop).texts('reset context')).toEqual(['before: browsing', 'after: []']);
  });

  it('an interaction whose validation fails does not change sys:context (the validation sees the one before)', async () => {
    const t = new Talk(shop);
    await t.say('show me more');
    expect(await t.texts('enter the gate')).toEqual([]);
    expect(t.state.context).toBeNull();
    await t.say('checkout now');
    expect(await t.texts('enter the gate')).toEqual(['through the gate']);
    expect(t.state.context).toBe('gated');
  });
});
