// The texts that opt a human out of, or back into, an RCS agent: the carrier keywords, and the localized ones Google Messages sends itself.
import { keywordOf } from '../sms/keywords.js';

/**
 * When a human taps Unsubscribe or Subscribe in Google Messages, RBM sends an UNSUBSCRIBE or SUBSCRIBE user event and
 * also a text in the human's language (BAJA/ALTA in Spain and Mexico, parar/começar in Brazil, STOP/Démarrer in
 * France, STOP/START elsewhere). Either opts the human out or in; typing the word does the same.
 */
const LOCALIZED = new Map<string, boolean>([
  ['BAJA', false], ['ALTA', true], ['PARAR', false], ['COMEÇAR', true], ['COMECAR', true], ['DÉMARRER', true], ['DEMARRER', true],
]);

/** false: opt out; true: opt in; null: an ordinary message (HELP included: RCS apps show the agent's own info). */
export function rcsSubscriptionKeyword(text: string | null): boolean | null {
  if (text === null) return null;
  const localized = LOCALIZED.get(text.trim().toUpperCase());
  if (localized !== undefined) return localized;
  switch (keywordOf(text)) {
    case 'stop':
      return false;
    case 'start':
      return true;
    case 'help':
    case null:
      return null;
  }
}
