// The classify prompt and the reading of the model's reply: the choice stays within the candidates.
import { describe, expect, it } from 'vitest';
import { chosenCandidate, classifyPromptFor, NO_MATCH } from '../../src/knowledge/index.js';

const candidates = [
  { name: 'order status', examples: ['where is my order', 'track my parcel'] },
  { name: 'Returns', examples: [] },
];

describe('classify prompt', () => {
  it('names every candidate with its examples, the message, and the NONE reply', () => {
    const [system, user] = classifyPromptFor('my lamp broke', candidates, 'Prefer returns when unsure.');
    expect(system!.content).toContain(`reply with exactly ${NO_MATCH}`);
    expect(system!.content).toContain('Prefer returns when unsure.');
    expect(user!.content).toBe('Topics:\norder status\n  for example:\n  - where is my order\n  - track my parcel\nReturns\n\nMessage: my lamp broke');
  });

  it.each([
    ['order status', 'order status'],
    ['  "Order Status".  ', 'order status'],
    ['returns\nbecause the lamp broke', 'Returns'],
    ['NONE', null],
    ['none.', null],
    ['', null],
    ['refunds', null],
    ['order', null],
  ])('reads %j as %j', (reply, name) => {
    expect(chosenCandidate(reply, candidates)).toBe(name);
  });
});
