// Carrier keywords (STOP, START, HELP and their synonyms): what they change and the confirmation each sends back.
import { emptyMessage, type OutboundMessage } from '../../engine/index.js';

export type Keyword = 'stop' | 'start' | 'help';

const KEYWORDS = new Map<string, Keyword>([
  // REVOKE and OPTOUT: the FCC's revocation rule in force since 2025-04-11 (Twilio honours them since 2025-05-14).
  ...['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT'].map((k) => [k, 'stop'] as const),
  ...['START', 'YES', 'UNSTOP'].map((k) => [k, 'start'] as const),
  ...['HELP', 'INFO'].map((k) => [k, 'help'] as const),
]);

/** The keyword a message is, when its whole text is one (case and surrounding spaces aside), as carriers read them. */
export function keywordOf(text: string | null): Keyword | null {
  if (text === null) return null;
  return KEYWORDS.get(text.trim().toUpperCase()) ?? null;
}

/** The confirmation texts, in the wording US carriers and the Twilio-style APIs use. */
export function keywordReplyText(keyword: Keyword, channelName: string): string {
  switch (keyword) {
    case 'stop':
      return 'You have successfully been unsubscribed. You will not receive any more messages from this number. Reply START to resubscribe.';
    case 'start':
      return 'You have successfully been re-subscribed to messages from this number. Reply HELP for help. Reply STOP to unsubscribe. Msg&Data Rates May Apply.';
    case 'help':
      return `${channelName}: Reply STOP to unsubscribe. Msg&Data Rates May Apply.`;
  }
}

/** The marker a confirmation carries in `json`, so delivery lets it through to a human who just unsubscribed. */
const MARK = 'smsKeywordReply';

export function keywordReply(keyword: Keyword, channelName: string): OutboundMessage {
  return { ...emptyMessage(), text: keywordReplyText(keyword, channelName), json: { [MARK]: keyword.toUpperCase() } };
}

export function isKeywordReply(message: OutboundMessage): boolean {
  const json = message.json;
  return json !== null && typeof json === 'object' && !Array.isArray(json) && typeof json[MARK] === 'string';
}
