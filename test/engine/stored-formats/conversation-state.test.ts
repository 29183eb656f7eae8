// The stored conversation state: the shapes stored today (copied from real runs) read as they are; a newer or damaged one is refused.
import { describe, expect, it } from 'vitest';
import { initialState } from '../../../src/engine/state.js';
import { parseState, readableState } from '../../../src/engine/stored-formats/conversation-state.js';
import { StoredFormatError } from '../../../src/engine/stored-formats/stored-format.js';

/** States as the runner stored them on main (a068b50), one per situation a conversation can be left in. */
const STORED = {
  idle: '{"version":1,"revision":1,"context":null,"frames":[],"suspended":null,"dialogs":[],"choices":[],"openForms":[],"started":true,"botEnabled":true,"priority":"normal","lastText":"hello","lastPayload":null}',
  wait: '{"version":1,"revision":1,"context":null,"frames":[{"interaction":1,"next":2,"only":false,"entered":true}],"suspended":{"kind":"wait","token":"00000000-0000-4000-8000-000000000001","interaction":1,"action":1,"deadline":"2025-03-05T11:00:00.000Z"},"dialogs":[],"choices":[],"openForms":[],"started":true,"botEnabled":true,"priority":"normal","lastText":"ask my age","lastPayload":null}',
  hold: '{"version":1,"revision":1,"context":null,"frames":[{"interaction":3,"next":2,"only":false,"entered":true}],"suspended":{"kind":"hold","token":"00000000-0000-4000-8000-000000000002","until":"2025-03-05T10:00:30.000Z","executeOnTimeout":[]},"dialogs":[],"choices":[],"openForms":[],"started":true,"botEnabled":true,"priority":"normal","lastText":"slow down","lastPayload":null}',
  form: '{"version":1,"revision":1,"context":null,"frames":[{"interaction":4,"next":1,"only":false,"entered":true}],"suspended":{"kind":"form","token":"00000000-0000-4000-8000-000000000001","interaction":4,"action":0,"field":null,"values":{}},"dialogs":[],"choices":[],"openForms":[],"started":true,"botEnabled":true,"priority":"normal","lastText":"sign me up","lastPayload":null}',
  formFieldByField: '{"version":1,"revision":2,"context":null,"frames":[{"interaction":4,"next":1,"only":false,"entered":true}],"suspended":{"kind":"form","token":"00000000-0000-4000-8000-000000000001","interaction":4,"action":0,"field":1,"values":{"sys:firstName":"Ann"}},"dialogs":[],"choices":[],"openForms":[],"started":true,"botEnabled":true,"priority":"normal","lastText":"Ann","lastPayload":null}',
  dialog: '{"version":1,"revision":1,"context":"ordering","frames":[],"suspended":null,"dialogs":[{"name":"ordering","previousContext":null,"executeOnCancel":[],"executeOnBreakOut":[],"restart":[{"interaction":6,"next":1,"only":false,"entered":true}],"context":"ordering","revision":1}],"choices":[{"title":"Small","payload":"small","execute":null}],"postbacks":[{"title":"Small","payload":"small","execute":null}],"openForms":[{"token":"f1","interaction":5,"action":0,"revision":1}],"started":true,"botEnabled":false,"priority":"high","lastText":"order pizza","lastPayload":null}',
  /** Stored before lastText, postbacks and the dialog's revision were recorded (still version 1). */
  early: '{"version":1,"revision":1,"context":"ordering","frames":[{"interaction":2,"next":0,"only":true,"entered":true,"validate":true}],"suspended":null,"dialogs":[{"name":null,"previousContext":null,"executeOnCancel":["a"],"executeOnBreakOut":[],"restart":[]}],"choices":[],"openForms":[],"started":true,"botEnabled":true,"priority":"normal"}',
};

const refusal = (text: string): StoredFormatError => {
  try {
    parseState(text);
  } catch (err) {
    if (err instanceof StoredFormatError) return err;
    throw err;
  }
  throw new Error('read');
};

describe('the stored conversation state', () => {
  it.each(Object.entries(STORED))('reads the %s state stored on main exactly as stored', (_name, text) => {
    expect(parseState(text)).toEqual(JSON.parse(text));
  });

  it('is the initial state before the first run stored one', () => {
    expect(parseState('')).toEqual(initialState());
    expect(parseState(null)).toEqual(initialState());
  });

  it('refuses a newer version instead of starting afresh', () => {
    const newer = JSON.stringify({ ...JSON.parse(STORED.wait), version: 999 });
    expect(refusal(newer)).toMatchObject({ format: 'conversation state', problem: 'newer', version: 999 });
    expect(refusal(newer).reason).toBe('stored conversation state has version 999, newer than this release reads');
    expect(readableState(newer)).toBeNull();
  });

  it('refuses a damaged state: not JSON, no version, a wrong field', () => {
    expect(refusal('{"version":1,"frames":[').problem).toBe('corrupt');
    expect(refusal('{"frames":[]}').problem).toBe('corrupt');
    expect(refusal(STORED.wait.replace('"kind":"wait"', '"kind":"sleep"')).problem).toBe('corrupt');
    expect(refusal(STORED.idle.replace('"frames":[]', '"frames":{}')).problem).toBe('corrupt');
    expect(readableState('null')).toBeNull();
  });
});
