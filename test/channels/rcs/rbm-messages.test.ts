// phones.agentMessages.create against the fake RBM: each answer read as delivery needs it (sent, not RCS, retry, failed).
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessTokenSource } from '../../../src/lookup/rcs/access-tokens.js';
import { RBM_SCOPE, type RbmAgent } from '../../../src/lookup/rcs/rbm-client.js';
import { parseServiceAccountKey } from '../../../src/lookup/rcs/service-account-key.js';
import { RbmMessages, retryAfterMs } from '../../../src/channels/rcs/rbm-messages.js';
import { FakeRbm } from '../../fakes/rbm.js';

describe('RBM agent messages client', () => {
  let fake: FakeRbm;
  let agent: RbmAgent;
  let client: RbmMessages;
  const hello = { contentMessage: { text: 'hello' } };

  beforeAll(async () => {
    fake = await FakeRbm.start();
    const account = fake.serviceAccount();
    fake.agent('shop_agent', account);
    agent = { agentId: 'shop_agent', key: parseServiceAccountKey(account.keyJson(), [fake.host]) };
    client = new RbmMessages({ apiUrl: fake.url, timeoutMs: 500, tokens: new AccessTokenSource({ scope: RBM_SCOPE, timeoutMs: 2000 }) });
  });
  afterAll(async () => fake?.close());

  it('sends with messageId and agentId; a repeated messageId (409 ALREADY_EXISTS) counts as sent, and RBM keeps one', async () => {
    fake.setNumber('+12025550101', { kind: 'enabled', features: [] });
    const id = crypto.randomUUID();
    expect(await client.send(agent, '+12025550101', id, hello)).toEqual({ kind: 'sent' });
    expect(await client.send(agent, '+12025550101', id, hello)).toEqual({ kind: 'sent' });
    expect(fake.agentMessageCalls.filter((c) => c.messageId === id).map((c) => c.status)).toEqual([200, 409]);
    expect(fake.sent.filter((s) => s.messageId === id)).toHaveLength(1);
    expect(fake.sent.at(-1)).toMatchObject({ agentId: 'shop_agent', phoneNumber: '+12025550101', contentMessage: { text: 'hello' } });
  });

  it('reads 404 as a number without RCS', async () => {
    expect(await client.send(agent, '+12025550102', crypto.randomUUID(), hello)).toEqual({ kind: 'notRcs' });
  });

  it('retries 429 and 5xx, after Retry-After when RBM sends one; fails other 4xx with RBM\'s message', async () => {
    fake.setNumber('+12025550103', { kind: 'enabled', features: [] });
    fake.outage = { remaining: 1, status: 429, retryAfterSeconds: 7 };
    expect(await client.send(agent, '+12025550103', crypto.randomUUID(), hello)).toMatchObject({ kind: 'retry', retryAfterMs: 7000, reason: expect.stringContaining('429 RESOURCE_EXHAUSTED') });
    fake.outage = { remaining: 1, status: 503 };
    const unavailable = await client.send(agent, '+12025550103', crypto.randomUUID(), hello);
    expect(unavailable).toMatchObject({ kind: 'retry', reason: expect.stringContaining('503 UNAVAILABLE') });
    expect(unavailable).not.toHaveProperty('retryAfterMs');
    fake.setNumber('+12025550104', { kind: 'error', status: 403, body: { error: { code: 403, message: 'Agent is not launched in this carrier.', status: 'PERMISSION_DENIED' } } });
    expect(await client.send(agent, '+12025550104', crypto.randomUUID(), hello)).toEqual({ kind: 'failed', reason: 'Google RBM answered 403 PERMISSION_DENIED (Agent is not launched in this carrier.)' });
    const invalid = await client.send(agent, '+12025550103', crypto.randomUUID(), { contentMessage: { text: 'x', richCard: {} } } as never);
    expect(invalid).toMatchObject({ kind: 'failed', reason: expect.stringContaining('400 INVALID_ARGUMENT') });
  });

  it('retries a timeout, and gets a fresh token once when RBM refuses a revoked one', async () => {
    fake.setNumber('+12025550105', { kind: 'hang' });
    expect(await client.send(agent, '+12025550105', crypto.randomUUID(), hello)).toMatchObject({ kind: 'retry', reason: expect.stringContaining('did not answer within 500 ms') });
    fake.setNumber('+12025550106', { kind: 'enabled', features: [] });
    await client.send(agent, '+12025550106', crypto.randomUUID(), hello);
    const tokensBefore = fake.tokenCalls.length;
    fake.revokeTokens();
    expect(await client.send(agent, '+12025550106', crypto.randomUUID(), hello)).toEqual({ kind: 'sent' });
    expect(fake.tokenCalls.length).toBe(tokensBefore + 1);
    expect(fake.agentMessageCalls.slice(-2).map((c) => c.status)).toEqual([401, 200]);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = new Date('2030-01-01T00:00:00Z');
    expect(retryAfterMs('12', now)).toBe(12_000);
    expect(retryAfterMs('Tue, 01 Jan 2030 00:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});
