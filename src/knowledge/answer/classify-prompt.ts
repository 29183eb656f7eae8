// What is sent to the model to choose an interaction for a message the recognizer did not place, and how its reply is
// read: the candidates by name with example phrases, the message, and a reply that must be one of the names or NONE.
import type { ChatMessage } from '../models/client.js';

/** The reply that says no candidate fits. */
export const NO_MATCH = 'NONE';
/** Examples shown per candidate: enough to tell them apart, few enough to keep the prompt small. */
export const EXAMPLES_PER_CANDIDATE = 5;
/** A name and NONE are short: the reply is bounded so a chatty model costs little. */
export const CLASSIFY_MAX_TOKENS = 40;

export interface Candidate {
  name: string;
  examples: readonly string[];
}

export function classifyPromptFor(text: string, candidates: readonly Candidate[], instructions: string | null): ChatMessage[] {
  const system = [
    'You route a customer\'s message to one of the topics a chat bot handles.',
    'Reply with the exact name of the one topic the message is about, and nothing else.',
    `If no topic fits, reply with exactly ${NO_MATCH}.`,
    ...(instructions ? ['', instructions] : []),
  ].join('\n');
  const topics = candidates.map((c) => {
    const examples = c.examples.slice(0, EXAMPLES_PER_CANDIDATE).map((e) => `  - ${e}`);
    return [`${c.name}`, ...(examples.length === 0 ? [] : ['  for example:', ...examples])].join('\n');
  }).join('\n');
  return [{ role: 'system', content: system }, { role: 'user', content: `Topics:\n${topics}\n\nMessage: ${text}` }];
}

/** Quotes, a trailing full stop and case around a name are forgiven; the name must still be a candidate's. */
function bare(reply: string): string {
  return reply.trim().split('\n')[0]!.trim().replace(/^["'`*]+|["'`*.]+$/g, '').trim().toLowerCase();
}

/** The candidate the reply names, or null (NONE, empty, or a name that is not a candidate: the choice stays within them). */
export function chosenCandidate(reply: string, candidates: readonly Candidate[]): string | null {
  const said = bare(reply);
  if (said === '' || said === NO_MATCH.toLowerCase()) return null;
  return candidates.find((c) => c.name.toLowerCase() === said)?.name ?? null;
}
