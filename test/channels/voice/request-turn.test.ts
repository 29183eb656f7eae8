// What each skill request means to the bot, and that the interaction model shipped in docs/ only sends intents the endpoint reads.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATCH_ALL_SLOT, turnOf } from '../../../src/channels/voice/request-turn.js';
import type { SkillRequest } from '../../../src/channels/voice/skill-request.js';

const base = { requestId: 'amzn1.echo-api.request.1', timestamp: '2026-01-01T00:00:00Z', locale: 'en-US' };
const intent = (name: string, slots: Record<string, string | undefined> = {}): SkillRequest['request'] => ({
  ...base, type: 'IntentRequest',
  intent: { name, slots: Object.fromEntries(Object.entries(slots).map(([n, value]) => [n, value === undefined ? { name: n } : { name: n, value }])) },
});
const textOf = (request: SkillRequest['request']) => {
  const turn = turnOf(request);
  return turn.kind === 'message' ? { text: turn.event.text, ends: turn.endsSession } : turn.kind;
};

describe('skill requests as turns', () => {
  it('maps launch, session end and request kinds a conversation has no use for', () => {
    expect(turnOf({ ...base, type: 'LaunchRequest' })).toEqual({ kind: 'launch' });
    expect(turnOf({ ...base, type: 'SessionEndedRequest', reason: 'USER_INITIATED' })).toEqual({ kind: 'ended', reason: 'USER_INITIATED', error: null });
    expect(turnOf({ ...base, type: 'SessionEndedRequest', reason: 'ERROR', error: { type: 'INVALID_RESPONSE', message: 'bad' } }))
      .toEqual({ kind: 'ended', reason: 'ERROR', error: 'INVALID_RESPONSE: bad' });
    expect(turnOf({ ...base, type: 'AudioPlayer.PlaybackStarted' })).toEqual({ kind: 'other', type: 'AudioPlayer.PlaybackStarted' });
  });

  it('gives the bot the words of built-in intents, and ends the session on stop', () => {
    expect(textOf(intent('AMAZON.StopIntent'))).toEqual({ text: 'stop', ends: true });
    expect(textOf(intent('AMAZON.NavigateHomeIntent'))).toEqual({ text: 'stop', ends: true });
    expect(textOf(intent('AMAZON.CancelIntent'))).toEqual({ text: 'cancel', ends: false });
    expect(textOf(intent('AMAZON.HelpIntent'))).toEqual({ text: 'help', ends: false });
    expect(textOf(intent('AMAZON.FallbackIntent'))).toEqual({ text: null, ends: false });
  });

  it('gives the bot the catch-all slot, else any filled slots in order', () => {
    expect(textOf(intent('CatchAllIntent', { query: ' two large pizzas ' }))).toEqual({ text: 'two large pizzas', ends: false });
    expect(textOf(intent('OrderIntent', { size: 'large', topping: undefined, kind: 'margherita' }))).toEqual({ text: 'large margherita', ends: false });
    expect(textOf(intent('CatchAllIntent', { query: undefined }))).toEqual({ text: null, ends: false });
  });

  it('reads every intent of the shipped interaction model', () => {
    const model = JSON.parse(fs.readFileSync(new URL('../../../docs/channels/voice-interaction-model.json', import.meta.url), 'utf8'));
    for (const declared of model.interactionModel.languageModel.intents as { name: string; slots?: { name: string }[] }[]) {
      if (declared.name.startsWith('AMAZON.')) {
        // Each built-in the model declares has its own words for the bot; only the fallback carries none.
        const turn = textOf(intent(declared.name));
        expect(typeof turn === 'object' && (turn.text !== null || declared.name === 'AMAZON.FallbackIntent'), declared.name).toBe(true);
      } else {
        expect(declared.slots?.map((s) => s.name), declared.name).toContain(CATCH_ALL_SLOT);
      }
    }
  });
});
