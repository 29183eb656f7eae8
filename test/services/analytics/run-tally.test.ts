// What one run adds to the analytics: conversations started, messages, interactions entered, finished and dropped, the
// drop-off moved when a conversation goes on to another interaction (from the day it entered the one before), handoffs.
import { describe, expect, it } from 'vitest';
import { emptyMessage, initialState, type ConversationState, type RunResult } from '../../../src/engine/index.js';
import { exampleText, tallyRun, type RunFacts } from '../../../src/services/analytics/run-tally.js';
import { mergeTallies } from '../../../src/store/index.js';

const AT = '2026-12-04T10:00:00.000Z';

function result(state: ConversationState, change: Partial<RunResult> = {}): RunResult {
  return {
    state: structuredClone(state), writes: [], human: { addTags: [], subscribed: null }, outbound: [], timers: [], asyncRequests: [], issues: [],
    deferred: false, entered: [], visited: [], unrecognised: false, ...change,
  } as RunResult;
}

function facts(before: ConversationState, r: RunResult, change: Partial<RunFacts> = {}): RunFacts {
  return { botId: 7, channelId: 3, before, botEnabledBefore: true, said: { text: 'hello' }, result: r, at: AT, ...change };
}

/** The run's tallies as one statement writes them (added up by key; what nets to nothing left out). */
const counts = (f: RunFacts) => Object.fromEntries(mergeTallies(tallyRun(f).tallies).map((t) => [`${t.metric}${t.key ? `:${t.key}` : ''}@${t.day}`, t.n]));

describe('tallyRun', () => {
  it('counts a first message that enters and finishes an interaction', () => {
    const before = initialState();
    const after = { ...initialState(), started: true };
    const r = result(after, { entered: ['menu'], outbound: [emptyMessage(), emptyMessage()] });
    expect(counts(facts(before, r))).toEqual({
      'conversations@2026-12-04': 1, 'messages_in@2026-12-04': 1, 'messages_out:bot@2026-12-04': 2, 'entered:menu@2026-12-04': 1,
      // Entered and finished in one run: never dropped there (its +1 and -1 net to nothing).
      'left:menu@2026-12-04': 1, 'finished:menu@2026-12-04': 1,
    });
    expect(r.state.lastEntered).toEqual({ interaction: 'menu', day: '2026-12-04', finished: true });
  });

  it('leaves an interaction that waits unfinished, and finishes it when the answer comes another day', () => {
    const waiting: ConversationState = { ...initialState(), started: true, suspended: { kind: 'wait', token: 't', interaction: 1, action: 1, deadline: AT } };
    const first = result(waiting, { entered: ['ask'] });
    const t1 = tallyRun(facts(initialState(), first));
    expect(t1.tallies.filter((t) => t.metric === 'finished')).toEqual([]);
    expect(first.state.lastEntered).toEqual({ interaction: 'ask', day: '2026-12-04', finished: false });

    const answered = result({ ...first.state, suspended: null });
    const next = counts(facts(first.state, answered, { at: '2026-12-05T08:00:00.000Z' }));
    // Finished the day it was answered; no longer dropped on the day it was entered.
    expect(next).toEqual({ 'messages_in@2026-12-05': 1, 'finished:ask@2026-12-05': 1, 'dropped:ask@2026-12-04': -1 });
  });

  it('moves the drop-off to the next interaction entered, from the day the last one was entered', () => {
    const before: ConversationState = { ...initialState(), started: true, lastEntered: { interaction: 'ask', day: '2026-12-01', finished: false } };
    const r = result({ ...before }, { entered: ['help', 'menu'] });
    expect(counts(facts(before, r))).toEqual({
      'messages_in@2026-12-04': 1, 'entered:help@2026-12-04': 1, 'entered:menu@2026-12-04': 1,
      'left:ask@2026-12-01': -1, 'dropped:ask@2026-12-01': -1, 'left:menu@2026-12-04': 1, 'finished:menu@2026-12-04': 1,
    });
  });

  it('counts the bot handing over, and a text it did not understand as an example', () => {
    const before = { ...initialState(), started: true };
    const r = result({ ...before, botEnabled: false }, { unrecognised: true });
    const t = tallyRun(facts(before, r, { said: { text: '  Where   IS my Parcel ' } }));
    expect(t.tallies.map((x) => x.metric).sort()).toEqual(['handoffs', 'messages_in', 'unrecognised', 'unrecognised_text']);
    expect(t.tallies.find((x) => x.metric === 'unrecognised_text')).toEqual({ day: '2026-12-04', botId: 7, channelId: 3, metric: 'unrecognised_text', key: 'where is my parcel', n: 1 });
  });

  it('counts nothing for a timer that fires with nothing to say', () => {
    const before = { ...initialState(), started: true, lastEntered: { interaction: 'menu', day: '2026-12-01', finished: true } };
    const r = result({ ...before });
    expect(tallyRun(facts(before, r, { said: null })).tallies).toEqual([]);
    expect(r.state.lastEntered).toEqual(before.lastEntered);
  });

  it('keeps examples short: 200 characters, never half a character', () => {
    expect(Array.from(exampleText('😀'.repeat(300)))).toHaveLength(200);
  });
});
