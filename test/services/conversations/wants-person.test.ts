// Which messages ask for a person: a table of what people write, and what must not raise the flag.
import { describe, expect, it } from 'vitest';
import { asksForPerson } from '../../../src/services/conversations/wants-person.js';

describe('asksForPerson', () => {
  it.each([
    'agent', 'Human!', 'operator please', 'a person', 'Can I talk to a real person?', 'I want to speak with someone',
    'connect me to an agent', 'Let me talk to customer service', 'I need a human', 'is there a live agent?',
    'Could you put me through to a representative', 'speak to a human please', 'can i chat with your support',
  ])('asks: %s', (text) => {
    expect(asksForPerson(text)).toBe(true);
  });

  it.each([
    'hello', 'what are your opening hours?', "I'm not a robot, I'm a human being", 'my order number is 42',
    'the agent field in the form is wrong', 'people say you deliver on sundays', '', 'personal details updated',
  ])('does not ask: %s', (text) => {
    expect(asksForPerson(text)).toBe(false);
  });

  it('ignores no text', () => {
    expect(asksForPerson(null)).toBe(false);
  });
});
