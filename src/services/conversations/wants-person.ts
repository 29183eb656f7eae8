// Whether a human's message asks for a person rather than the bot: the inbox flags such conversations ("wants a person").

/**
 * Phrases in English that ask for a person. A short message that is one of the words alone ("agent", "human please"), or a
 * message that asks to talk to one ("can I speak to a real person?"). Long messages only when they ask in so many words,
 * so that "I'm not a robot, I'm a human" does not: a person's time is what a false flag costs.
 */
const WHO = '(?:human|person|agent|operator|representative|rep|someone|somebody|staff|employee|support|customer service|real person|live agent|live person)';
const ASKS = new RegExp([
  // talk / speak / chat / connect … to / with … a person
  `\\b(?:talk|speak|chat|connect|transfer|put|get)\\b(?:\\s+\\w+){0,2}\\s+(?:to|with|through to)\\s+(?:a|an|the|some|your|one of your)?\\s*(?:real\\s+|live\\s+|actual\\s+)?${WHO}\\b`,
  // a real / live / actual person
  '\\b(?:real|live|actual)\\s+(?:human|person|agent|people)\\b',
  // I want / need / would like a person
  `\\b(?:want|need|like|request)\\s+(?:a|an|to talk to a|to speak to a|to speak with a)?\\s*(?:human|person|agent|operator|representative)\\b`,
].join('|'));
/** The whole message is a call for one: "agent", "Human!", "operator please". */
const ALONE = new RegExp(`^(?:an?\\s+)?${WHO}(?:\\s+please)?$`);

export function asksForPerson(text: string | null): boolean {
  if (text === null) return false;
  const words = text.toLowerCase().replace(/[’']/g, "'").replace(/[^\p{L}\p{N}'\s]+/gu, ' ').replace(/\s+/g, ' ').trim();
  if (words === '' || words.length > 300) return false;
  return ALONE.test(words) || ASKS.test(words);
}
