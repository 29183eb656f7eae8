// A twr channel's settings: the token JSON's four credentials (or the server's app for the consumer pair), the user id, and what is wrong in words that never quote a secret.
import { describe, expect, it } from 'vitest';
import { microblogSettings, MicroblogSetupProblem, webhookSecret } from '../../../src/channels/microblog/settings.js';
import type { ChannelRecord } from '../../../src/channels/types.js';

function channel(user: string | null, token: string | null): ChannelRecord {
  return { id: 7, accountId: 1, botId: 1, type: 'twr', name: 'dms', user, token, data: null, phoneType: 0, countryCode: null };
}

const full = { consumerKey: 'ck', consumerSecret: 'cs-secret', accessToken: '12345-abc', accessTokenSecret: 'ats-secret' };
const none = { consumerKey: null, consumerSecret: null };

describe('twr channel settings', () => {
  it('reads the account\'s user id and the four credentials of the token JSON', () => {
    expect(microblogSettings(channel(' 12345 ', JSON.stringify(full)), none)).toEqual({ userId: '12345', credentials: full });
  });

  it('takes the consumer key and secret from the server\'s app when the token carries only the access token', () => {
    const token = JSON.stringify({ accessToken: '12345-abc', accessTokenSecret: 'ats-secret' });
    expect(microblogSettings(channel('12345', token), { consumerKey: 'app-key', consumerSecret: 'app-secret' }).credentials)
      .toEqual({ consumerKey: 'app-key', consumerSecret: 'app-secret', accessToken: '12345-abc', accessTokenSecret: 'ats-secret' });
    expect(() => microblogSettings(channel('12345', token), none)).toThrow(/"consumerKey", "consumerSecret".*MICROBLOG_CONSUMER_KEY/);
    expect(webhookSecret(channel('12345', token), { consumerKey: 'k', consumerSecret: 'app-secret' })).toBe('app-secret');
    expect(webhookSecret(channel('12345', JSON.stringify(full)), { consumerKey: 'k', consumerSecret: 'app-secret' })).toBe('cs-secret');
    expect(webhookSecret(channel('12345', token), none)).toBeNull();
  });

  it('says what to fix, naming fields and never their values', () => {
    const problems = [
      () => microblogSettings(channel('@shop', JSON.stringify(full)), none),
      () => microblogSettings(channel('12345', null), none),
      () => microblogSettings(channel('12345', 'cs-secret not json'), none),
      () => microblogSettings(channel('12345', JSON.stringify({ ...full, accessTokenSecret: '' })), none),
      () => microblogSettings(channel('12345', JSON.stringify({ ...full, accessToken: undefined })), none),
      // An access token of another account would send as that account.
      () => microblogSettings(channel('999', JSON.stringify(full)), none),
    ];
    const messages = problems.map((p) => {
      try {
        p();
      } catch (err) {
        expect(err).toBeInstanceOf(MicroblogSetupProblem);
        return (err as Error).message;
      }
      throw new Error('no problem found');
    });
    expect(messages[0]).toMatch(/numeric user id/);
    expect(messages[1]).toMatch(/has no token/);
    expect(messages[2]).toMatch(/not a JSON object/);
    expect(messages[3]).toMatch(/"accessTokenSecret" must be a non-empty string/);
    expect(messages[4]).toMatch(/no "accessToken"/);
    expect(messages[5]).toMatch(/belongs to user 12345, not to the channel's user 999/);
    for (const m of messages) expect(m).not.toMatch(/secret-|ats-|cs-secret/);
  });
});
