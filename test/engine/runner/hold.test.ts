// pause and delay: the chain holds on a durable timer; messages and request results that arrive meanwhile wait their turn.
import { describe, expect, it } from 'vitest';
import { messageEvent } from '../../../src/engine/events.js';
import { handleEvent } from '../../../src/engine/runner.js';
import { initialState } from '../../../src/engine/state.js';
import { asExperience, bothFormats, environment, say, Talk, textsOf } from './harness.js';

const story = {
  name: 'story',
  interactions: [
    { name: 'tell', intents: [{ name: 'tell', expressions: ['tell me a story'] }], actions: [
      say('Once upon a time… ({datetime:time})'),
      { pause: { seconds: 1, milliseconds: 500 } },
      say('…there was a pizza. ({datetime:time})'),
      { pause: {} },
      say('The end.'),
    ] },
    { name: 'hello', intents: [{ name: 'hello', expressions: ['hello there'] }], actions: [say('Hi!')] },
  ],
};

const delays = asExperience({
  name: 'delays',
  interactions: [
    { name: 'slow', intents: [{ name: 'slow', expressions: ['slow down'] }], actions: [
      say('one ({datetime:time})'), { delay: { seconds: 30 } }, say('two ({datetime:time})'),
    ] },
    { name: 'redirect', intents: [{ name: 'redirect', expressions: ['delay then go'] }], actions: [
      say('wait for it'), { delay: { seconds: 5, executeOnTimeout: 'after' } }, say('never: executeOnTimeout replaced the chain'),
    ] },
    { name: 'byTimeout', intents: [{ name: 'byTimeout', expressions: ['delay by timeout'] }], actions: [
      { delay: { timeout: '1m' } }, say('a minute later ({datetime:time})'),
    ] },
    { name: 'after', intents: [], actions: [say('after the delay ({datetime:time})')] },
  ],
});

describe.each(bothFormats(story))('pause (%s)', (_format, definition) => {
  it('holds the chain for seconds + milliseconds, then goes on; an empty pause does not hold', async () => {
    const t = new Talk(definition);
    expect(await t.texts('tell me a story')).toEqual(['Once upon a time… (10:00:00)', '…there was a pizza. (10:00:01)', 'The end.']);
  });

  it('a message during the pause is deferred, and handled once the chain has gone on', async () => {
    const env = environment(definition);
    const first = await handleEvent(env, initialState(), messageEvent({ text: 'tell me a story' }));
    expect(textsOf(first.outbound)).toEqual(['Once upon a time… (10:00:00)']);
    expect(first.state.suspended).toMatchObject({ kind: 'hold', until: '2025-03-05T10:00:01.500Z' });
    expect(first.timers).toEqual([{ token: first.state.suspended!.token, at: new Date('2025-03-05T10:00:01.500Z') }]);

    const early = await handleEvent(env, first.state, messageEvent({ text: 'hello there' }));
    expect(early.deferred).toBe(true);
    expect(early.outbound).toEqual([]);
    const result = await handleEvent(env, first.state, { kind: 'requestResult', writes: [{ scope: 'human', name: 'x', value: '1' }], failed: false, fallback: null });
    expect(result.deferred).toBe(true);

    const stale = await handleEvent(env, first.state, { kind: 'timer', token: 'not-this-one' });
    expect(stale.outbound).toEqual([]);
    expect(stale.state.suspended).toEqual(first.state.suspended);

    const resumed = await handleEvent(env, first.state, { kind: 'timer', token: first.state.suspended!.token });
    expect(textsOf(resumed.outbound)).toEqual(['…there was a pizza. (10:00:00)', 'The end.']);
    expect(resumed.state.suspended).toBeNull();
    const later = await handleEvent(env, resumed.state, messageEvent({ text: 'hello there' }));
    expect(textsOf(later.outbound)).toEqual(['Hi!']);
  });
});

describe('delay (experience format)', () => {
  it('holds the chain for its seconds, then goes on', async () => {
    expect(await new Talk(delays).texts('slow down')).toEqual(['one (10:00:00)', 'two (10:00:30)']);
  });

  it('executeOnTimeout replaces the rest of the chain when the delay ends', async () => {
    expect(await new Talk(delays).texts('delay then go')).toEqual(['wait for it', 'after the delay (10:00:05)']);
  });

  it('without seconds or milliseconds, timeout gives its length', async () => {
    expect(await new Talk(delays).texts('delay by timeout')).toEqual(['a minute later (10:01:00)']);
  });
});
