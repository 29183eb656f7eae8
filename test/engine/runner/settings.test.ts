// updateSettings (handover, priority), subscribe, assignTags, sys attribute writes and the stored scopes.
import { describe, expect, it } from 'vitest';
import { messageEvent } from '../../../src/engine/events.js';
import { handleEvent } from '../../../src/engine/runner.js';
import { initialState } from '../../../src/engine/state.js';
import { bothFormats, environment, say, Talk } from './harness.js';

const club = {
  name: 'club',
  interactions: [
    { name: 'human', intents: [{ name: 'human', expressions: ['talk to a person'] }], actions: [
      say('A person will take over.'),
      { updateSettings: { bot: { enabled: false }, conversation: { priority: 'high' } } },
      say('never: the bot stepped aside'),
    ] },
    { name: 'calm', intents: [{ name: 'calm', expressions: ['never mind the rush'] }], actions: [
      { updateSettings: { conversation: { priority: 'normal' } } }, say('priority normal'),
    ] },
    { name: 'join', intents: [{ name: 'join', expressions: ['join the club'] }], actions: [
      { assignTags: ['member', '{plan}-plan'] },
      { subscribe: true },
      { conditions: [{ tags: 'gold-plan' }], send: { message: { text: 'Gold member! subscribed={sys:subscribed}' } } },
    ] },
    { name: 'leave', intents: [{ name: 'leave', expressions: ['leave the club'] }], actions: [
      { subscribe: false }, say('subscribed={sys:subscribed}'),
    ] },
    { name: 'rename', intents: [{ name: 'rename', expressions: ['rename me'] }], actions: [
      { updateAttribute: { attribute: 'sys:firstName', value: 'Anna', process: true } },
      { updateAttribute: { attribute: 'sys:lastName', value: 'Smith', process: true } },
      { updateAttribute: { attribute: 'sys:phone', value: '+15550100', process: true } },
      say('{sys:firstName} {sys:lastName} {sys:phone}'),
    ] },
    { name: 'email', intents: [{ name: 'email', expressions: ['my address is ann@example.com'] }], actions: [
      { waitFor: { data: 'text', content: 'given' } }, { updateAttribute: { attribute: 'sys:email', value: '{given}', process: true } },
      say('e-mail: {sys:email}'),
    ] },
    { name: 'count', intents: [{ name: 'count', expressions: ['count me'] }], actions: [
      { updateAttribute: { attribute: 'bot:visits', value: '{bot:visits} + 1', evaluate: true, process: true } },
      { updateAttribute: { attribute: 'user:plan', value: 'pro', process: true } },
      { updateAttribute: { attribute: 'shared:nickname', value: 'annie', process: true } },
      { updateAttribute: { attribute: 'human:note', value: 'mine', process: true } },
      say('{bot:visits} {user:plan} {shared:nickname} {note}'),
    ] },
  ],
};

describe.each(bothFormats(club))('settings, tags, subscriptions, attributes (%s)', (_format, definition) => {
  it('updateSettings bot.enabled false hands over: the rest of the chain stops, priority is set, and the bot stays silent', async () => {
    const t = new Talk(definition);
    expect(await t.texts('talk to a person')).toEqual(['A person will take over.']);
    expect(t.state).toMatchObject({ botEnabled: false, priority: 'high', frames: [], suspended: null });
    expect(await t.texts('join the club')).toEqual([]);
    expect(await t.event({ kind: 'script', target: 'join' })).toEqual([]);
    expect(await t.event({ kind: 'welcome' })).toEqual([]);
  });

  it('priority alone does not stop anything', async () => {
    const t = new Talk(definition);
    expect(await t.texts('never mind the rush')).toEqual(['priority normal']);
    expect(t.state.priority).toBe('normal');
  });

  it('assignTags renders tags and later conditions of the same run see them; subscribe sets sys:subscribed', async () => {
    const t = new Talk(definition, { human: { subscribed: false }, attributes: { human: { plan: 'gold' } } });
    expect(await t.texts('join the club')).toEqual(['Gold member! subscribed=true']);
    expect(t.conversation.human.tags).toEqual(['member', 'gold-plan']);
    expect(await t.texts('leave the club')).toEqual(['subscribed=false']);
    expect(t.conversation.human.subscribed).toBe(false);
  });

  it('writes sys:firstName, sys:lastName and sys:phone to the human record, visible at once', async () => {
    const t = new Talk(definition, { human: { firstName: 'Ann' } });
    expect(await t.texts('rename me')).toEqual(['Anna Smith +15550100']);
    expect(t.conversation.human).toMatchObject({ firstName: 'Anna', lastName: 'Smith', phone: '+15550100' });
  });

  it('writes sys:email to the human when it is an address, and says why not otherwise', async () => {
    const t = new Talk(definition, { human: { email: 'old@example.com' } });
    await t.texts('my address is ann@example.com');
    expect(await t.texts('not an address')).toEqual(['e-mail: old@example.com']);
    expect(t.issues()).toEqual(['sys:email takes an e-mail address such as ada@example.com; "not an address" is not one, so the human\'s e-mail was left unchanged.']);
    await t.texts('my address is ann@example.com');
    expect(await t.texts(' ann@example.com ')).toEqual(['e-mail: ann@example.com']);
    expect(t.conversation.human).toMatchObject({ email: 'ann@example.com' });
  });

  it('writes each scope to its own store', async () => {
    const t = new Talk(definition, { attributes: { bot: { visits: '41' } } });
    expect(await t.texts('count me')).toEqual(['42 pro annie mine']);
    expect([t.attr('visits', 'bot'), t.attr('plan', 'user'), t.attr('nickname', 'shared'), t.attr('note')]).toEqual(['42', 'pro', 'annie', 'mine']);
    expect(t.attr('visits')).toBeUndefined();
  });
});

describe('a disabled bot', () => {
  it('applies an async request’s result but does not run its fallback', async () => {
    const env = environment(club);
    const state = { ...initialState(), started: true, botEnabled: false };
    const result = await handleEvent(env, state, { kind: 'requestResult', writes: [{ scope: 'human', name: 'x', value: '1' }], failed: true, fallback: 'join' });
    expect(result.writes).toEqual([{ kind: 'set', scope: 'human', name: 'x', value: '1' }]);
    expect(result.outbound).toEqual([]);
    expect(result.entered).toEqual([]);
    const message = await handleEvent(env, state, messageEvent({ text: 'join the club' }));
    expect(message.outbound).toEqual([]);
  });
});

describe('a bot disabled through the API while its chain is open', () => {
  it('ends the chain: a wait’s timer runs nothing, and once given back the next message is recognized afresh', async () => {
    const definition = { name: 'w', interactions: [
      { name: 'ask', intents: [{ name: 'ask', expressions: ['ask me'] }], actions: [
        { waitFor: { data: 'text', content: 'a', executeOnTimeout: 'late' } }, say('got {a}')] },
      { name: 'late', intents: [], actions: [say('too late')] },
      { name: 'hi', intents: [{ name: 'hi', expressions: ['hello there'] }], actions: [say('Hi!')] },
    ] };
    const env = environment(definition);
    const waiting = await handleEvent(env, { ...initialState(), started: true }, messageEvent({ text: 'ask me' }));
    const token = waiting.state.suspended!.token;
    // PATCH /v1/conversations/{id} {"botEnabled": false} changes only this flag.
    const fired = await handleEvent(env, { ...waiting.state, botEnabled: false }, { kind: 'timer', token });
    expect(fired.outbound).toEqual([]);
    expect(fired.state.suspended).toBeNull();
    const back = await handleEvent(env, { ...fired.state, botEnabled: true }, messageEvent({ text: 'hello there' }));
    expect(back.outbound.map((m) => (m.kind === 'message' ? m.text : null))).toEqual(['Hi!']);
  });
});
