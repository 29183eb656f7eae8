// An fb channel's token read: the page access token alone or a JSON object with the app secret, verify token and message tag.
import { describe, expect, it } from 'vitest';
import { messengerSettings, webhookSecrets } from '../../../src/channels/messenger/settings.js';
import type { ChannelRecord } from '../../../src/channels/types.js';

function channel(token: string | null, user: string | null = '1234567890'): ChannelRecord {
  return { id: 7, accountId: 1, botId: 1, type: 'fb', name: 'page', user, token, data: null, phoneType: 0, countryCode: null };
}

const none = { appSecret: null, verifyToken: null };
const server = { appSecret: 'server-secret', verifyToken: 'server-verify' };

describe('messenger channel settings', () => {
  it('takes a bare page access token, the app secret and verify token then coming from the server', () => {
    expect(messengerSettings(channel(' EAAGabc '), server)).toEqual({ pageId: '1234567890', pageAccessToken: 'EAAGabc', appSecret: 'server-secret', verifyToken: 'server-verify', messageTag: null });
    expect(messengerSettings(channel('EAAGabc'), none)).toMatchObject({ appSecret: null, verifyToken: null });
  });

  it('takes a JSON token whose own secrets win over the server\'s', () => {
    const token = JSON.stringify({ pageAccessToken: 'EAAGxyz', appSecret: 'own', verifyToken: 'mine', messageTag: 'POST_PURCHASE_UPDATE' });
    expect(messengerSettings(channel(token), server)).toEqual({ pageId: '1234567890', pageAccessToken: 'EAAGxyz', appSecret: 'own', verifyToken: 'mine', messageTag: 'POST_PURCHASE_UPDATE' });
    expect(webhookSecrets(channel(token), server)).toEqual({ appSecret: 'own', verifyToken: 'mine' });
  });

  it('names what is wrong, never quoting a secret', () => {
    const problems: [ChannelRecord, RegExp][] = [
      [channel(null), /has no token/],
      [channel('two words'), /neither a page access token/],
      [channel('{"pageAccessToken": "EAAG'), /not a JSON object/],
      [channel(JSON.stringify({ pageAccessToken: 'EAAG', appsecret: 'typo' })), /unknown property "appsecret"; known: pageAccessToken, appSecret, verifyToken, messageTag/],
      [channel(JSON.stringify({ appSecret: 's3cr3t' })), /no "pageAccessToken"/],
      [channel(JSON.stringify({ pageAccessToken: 'EAAG', messageTag: 'PROMO' })), /messageTag "PROMO"; the platform takes CONFIRMED_EVENT_UPDATE/],
      [channel(JSON.stringify({ pageAccessToken: 'EAAG', appSecret: 7 })), /"appSecret" must be a non-empty string/],
      [channel('EAAG', 'my-page'), /user must be the numeric page id/],
    ];
    for (const [c, message] of problems) {
      expect(() => messengerSettings(c, none)).toThrow(message);
      try { messengerSettings(c, none); } catch (err) { expect((err as Error).message).not.toMatch(/s3cr3t|typo/); }
    }
  });

  it('falls back to the server\'s webhook secrets when the token cannot be read', () => {
    expect(webhookSecrets(channel('{broken'), server)).toEqual(server);
    expect(webhookSecrets(channel(null), none)).toEqual(none);
  });
});
