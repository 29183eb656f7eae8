// The opt-out words of messaging apps: the unambiguous SMS words, never what people type to leave a dialog.
import { describe, expect, it } from 'vitest';
import { optOutWord } from '../../../src/channels/shared/opt-out-words.js';

describe('opt-out words on messaging apps', () => {
  it('takes STOP and its unambiguous synonyms, START to come back, whatever the case and spaces', () => {
    for (const word of ['STOP', ' stop ', 'StopAll', 'unsubscribe', 'OPTOUT', 'revoke']) expect(optOutWord(word)).toBe('stop');
    for (const word of ['START', 'unstop']) expect(optOutWord(word)).toBe('start');
  });

  it('leaves cancel, end, quit and sentences to the bot', () => {
    for (const text of ['cancel', 'END', 'quit', 'please stop', 'yes', 'help', null]) expect(optOutWord(text)).toBeNull();
  });
});
