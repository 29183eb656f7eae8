// An RCS channel's settings read from its record, with reasons naming what to fix; and the RBM message ids derived from our ids.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rbmMessageId, uuidV5 } from '../../../src/channels/rcs/message-ids.js';
import { rcsSettings, webhookClientToken } from '../../../src/channels/rcs/settings.js';
import type { ChannelRecord } from '../../../src/channels/types.js';

const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 1024 });
const keyJson = (extra: Record<string, unknown> = {}) => JSON.stringify({
  type: 'service_account', client_email: 'agent@rbm.iam.gserviceaccount.com', private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
  token_uri: 'https://oauth2.googleapis.com/token', ...extra,
});
const HOSTS = ['oauth2.googleapis.com'];

function channel(fields: Partial<ChannelRecord>): ChannelRecord {
  return { id: 7, accountId: 1, botId: 1, type: 'rcs', name: 'rcs', user: 'shop_agent', token: keyJson({ webhook_client_token: 'CT' }), data: null, phoneType: 0, countryCode: null, ...fields };
}

describe('RCS channel settings', () => {
  it('reads the agent, the key, the client token inside the key JSON, and the data properties', () => {
    const s = rcsSettings(channel({ data: { smsFallbackChannelId: 12, carouselCardWidth: 'SMALL', brand: { name: 'Acme' } } }), HOSTS);
    expect(s.agent.agentId).toBe('shop_agent');
    expect(s.agent.key.clientEmail).toBe('agent@rbm.iam.gserviceaccount.com');
    expect(s).toMatchObject({ webhookClientToken: 'CT', smsFallbackChannelId: 12, carouselCardWidth: 'SMALL' });
    expect(rcsSettings(channel({}), HOSTS)).toMatchObject({ webhookClientToken: 'CT', smsFallbackChannelId: null, carouselCardWidth: 'MEDIUM' });
    expect(webhookClientToken(channel({ token: keyJson() }))).toBeNull();
    expect(webhookClientToken(channel({ token: 'not json' }))).toBeNull();
  });

  it('says what to fix, never quoting the secret', () => {
    const problem = (fields: Partial<ChannelRecord>) => {
      try {
        rcsSettings(channel(fields), HOSTS);
        return null;
      } catch (err) {
        return (err as Error).message;
      }
    };
    expect(problem({ user: ' ' })).toMatch(/has no RBM agent id/);
    expect(problem({ token: null })).toMatch(/has no token/);
    expect(problem({ token: 'secret-value{' })).toMatch(/is not JSON/);
    expect(problem({ token: 'secret-value{' })).not.toMatch(/secret-value/);
    expect(problem({ token: keyJson({ token_uri: 'https://evil.example/token' }) })).toMatch(/RBM_TOKEN_HOSTS/);
    expect(problem({ data: { smsFallbackChannelId: 'twelve' } })).toMatch(/data\.smsFallbackChannelId/);
    expect(problem({ data: { carouselCardWidth: 'LARGE' } })).toMatch(/data\.carouselCardWidth/);
  });
});

describe('RBM message ids', () => {
  it('are RFC 4122 version 5 UUIDs', () => {
    // The RFC's namespace for DNS names, and the widely published uuid5 of www.example.com in it.
    expect(uuidV5('www.example.com', Buffer.from('6ba7b8109dad11d180b400c04fd430c8', 'hex'))).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });

  it('are the same for a retry and differ per part, message, channel and creation time', () => {
    const id = rbmMessageId(3, 41, '2030-01-01T00:00:00.000Z', 0);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(rbmMessageId(3, 41, '2030-01-01T00:00:00.000Z', 0)).toBe(id);
    const others = [rbmMessageId(3, 41, '2030-01-01T00:00:00.000Z', 1), rbmMessageId(3, 42, '2030-01-01T00:00:00.000Z', 0),
      rbmMessageId(4, 41, '2030-01-01T00:00:00.000Z', 0), rbmMessageId(3, 41, '2030-01-01T00:00:00.001Z', 0)];
    expect(new Set([id, ...others]).size).toBe(5);
  });
});
