// The words that opt a person out of (or back into) a messaging app's channel: the unambiguous SMS words only.

/**
 * On SMS the carriers make CANCEL, END and QUIT opt-outs too; in a chat app those are what people type to leave a
 * dialog (the bot language's sys:cancel), so only the words that mean nothing else are taken: STOP, STOPALL,
 * UNSUBSCRIBE, OPTOUT and REVOKE opt out; START and UNSTOP opt back in.
 */
const WORDS = new Map<string, 'stop' | 'start'>([
  ...['STOP', 'STOPALL', 'UNSUBSCRIBE', 'OPTOUT', 'REVOKE'].map((w) => [w, 'stop'] as const),
  ...['START', 'UNSTOP'].map((w) => [w, 'start'] as const),
]);

/** The opt-out or opt-in a message is, when its whole text is one of the words (case and surrounding spaces aside). */
export function optOutWord(text: string | null): 'stop' | 'start' | null {
  if (text === null) return null;
  return WORDS.get(text.trim().toUpperCase()) ?? null;
}
