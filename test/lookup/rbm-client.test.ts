// The RBM client against the fake: request shape, 200/404 answers, a refused token retried once, 502 and 504.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AccessTokenSource } from '../../src/lookup/rcs/access-tokens.js';
import { RBM_SCOPE, RbmClient, type RbmAgent } from '../../src/lookup/rcs/rbm-client.js';
import { parseServiceAccountKey } from '../../src/lookup/rcs/service-account-key.js';
import { FakeRbm } from '../fakes/rbm.js';

let fake: FakeRbm;
let agent: RbmAgent;
let client: RbmClient;

beforeAll(async () => {
  fake = await FakeRbm.start();
  const account = fake.serviceAccount('client');
  fake.agent('acme_agent', account);
  agent = { agentId: 'acme_agent', key: parseServiceAccountKey(account.keyJson(), [fake.host]) };
  client = new RbmClient({ apiUrl: fake.url, timeoutMs: 300, tokens: new AccessTokenSource({ scope: RBM_SCOPE, timeoutMs: 1000 }) });
});
afterAll(async () => fake?.close());
beforeEach(() => { fake.capabilityCalls.length = 0; fake.tokenCalls.length = 0; });

describe('RbmClient', () => {
  it('asks GET /v1/phones/{E.164}/capabilities with a fresh UUID requestId and the agent id', async () => {
    fake.setNumber('+14155550100', { kind: 'enabled', features: ['RICHCARD_STANDALONE', 'ACTION_DIAL'] });
    expect(await client.capabilities(agent, '+14155550100')).toEqual({ rbmEnabled: true, features: ['RICHCARD_STANDALONE', 'ACTION_DIAL'], name: null });
    await client.capabilities(agent, '+14155550100');
    expect(fake.capabilityCalls.map((c) => [c.phoneNumber, c.agentId, c.status])).toEqual([['+14155550100', 'acme_agent', 200], ['+14155550100', 'acme_agent', 200]]);
    const [first, second] = fake.capabilityCalls.map((c) => c.requestId);
    expect(first).not.toBe(second);
  });

  it('reads 404 NOT_FOUND as not RCS-enabled', async () => {
    expect(await client.capabilities(agent, '+14155550199')).toEqual({ rbmEnabled: false, features: [], name: null });
  });

  it('reads a 200 without features as enabled with none', async () => {
    fake.setNumber('+14155550101', { kind: 'enabled', features: [] });
    expect(await client.capabilities(agent, '+14155550101')).toEqual({ rbmEnabled: true, features: [], name: null });
  });

  it('fetches a new token once when RBM refuses the cached one', async () => {
    fake.setNumber('+14155550102', { kind: 'enabled', features: ['ACTION_OPEN_URL'] });
    await client.capabilities(agent, '+14155550102');
    const tokensBefore = fake.tokenCalls.length;
    fake.revokeTokens();
    expect((await client.capabilities(agent, '+14155550102')).rbmEnabled).toBe(true);
    expect(fake.tokenCalls.length).toBe(tokensBefore + 1);
    expect(fake.capabilityCalls.map((c) => c.status).slice(-2)).toEqual([401, 200]);
  });

  it('answers 502 for other RBM errors, naming Google\'s status', async () => {
    fake.setNumber('+14155550103', { kind: 'error', status: 500 });
    await expect(client.capabilities(agent, '+14155550103')).rejects.toMatchObject({ status: 502, message: expect.stringContaining('500 INTERNAL') });
    fake.setNumber('+14155550104', { kind: 'error', status: 429, body: { error: { code: 429, message: 'Quota exceeded', status: 'RESOURCE_EXHAUSTED' } } });
    await expect(client.capabilities(agent, '+14155550104')).rejects.toMatchObject({ status: 502, message: expect.stringContaining('RESOURCE_EXHAUSTED') });
    fake.setNumber('+14155550105', { kind: 'garbage' });
    await expect(client.capabilities(agent, '+14155550105')).rejects.toMatchObject({ status: 502 });
    const stranger = { agentId: 'someone_elses_agent', key: agent.key };
    await expect(client.capabilities(stranger, '+14155550100')).rejects.toMatchObject({ status: 502, message: expect.stringContaining('PERMISSION_DENIED') });
  });

  it('lets an unlaunched agent ask about its testers only; a non-tester is a 502 naming PERMISSION_DENIED', async () => {
    const owner = fake.serviceAccount('prelaunch');
    fake.agent('prelaunch_agent', owner, { launched: false, testers: ['+14155550107', '+14155550108'] });
    const prelaunch = { agentId: 'prelaunch_agent', key: parseServiceAccountKey(owner.keyJson(), [fake.host]) };
    fake.setNumber('+14155550107', { kind: 'enabled', features: ['ACTION_DIAL'] });
    expect(await client.capabilities(prelaunch, '+14155550107')).toEqual({ rbmEnabled: true, features: ['ACTION_DIAL'], name: null });
    expect(await client.capabilities(prelaunch, '+14155550108')).toEqual({ rbmEnabled: false, features: [], name: null });
    fake.setNumber('+14155550109', { kind: 'enabled', features: ['ACTION_DIAL'] });
    await expect(client.capabilities(prelaunch, '+14155550109')).rejects.toMatchObject({ status: 502, message: expect.stringContaining('PERMISSION_DENIED') });
  });

  it('answers 504 when RBM does not answer in time or cannot be reached', async () => {
    fake.setNumber('+14155550106', { kind: 'hang' });
    await expect(client.capabilities(agent, '+14155550106')).rejects.toMatchObject({ status: 504, message: expect.stringContaining('Google RBM did not answer within 300 ms') });
    const nowhere = new RbmClient({ apiUrl: 'http://127.0.0.1:1', timeoutMs: 300, tokens: new AccessTokenSource({ scope: RBM_SCOPE, timeoutMs: 1000 }) });
    await expect(nowhere.capabilities(agent, '+14155550100')).rejects.toMatchObject({ status: 504 });
  });
});
