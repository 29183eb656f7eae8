// Which agent an RCS lookup asks, and its cache: default agent first, else the oldest configured RCS channel; per (agent, key, number).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { loadDefaultAgent } from '../../src/lookup/rcs/default-agent.js';
import type { RbmAgent, RcsCapability, RcsCapabilityClient } from '../../src/lookup/rcs/rbm-client.js';
import { RcsCapabilityService, type RcsChannelRecord } from '../../src/lookup/rcs/rcs-capability-service.js';
import { parseServiceAccountKey } from '../../src/lookup/rcs/service-account-key.js';

const HOSTS = ['oauth2.googleapis.com'];
function keyJson(email: string): string {
  const pem = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return JSON.stringify({ type: 'service_account', client_email: email, private_key: pem, private_key_id: 'k', token_uri: 'https://oauth2.googleapis.com/token' });
}
const KEY_A = keyJson('a@x.iam.gserviceaccount.com');
const KEY_B = keyJson('b@x.iam.gserviceaccount.com');

class RecordingClient implements RcsCapabilityClient {
  readonly asked: [string, string, string][] = [];
  async capabilities(agent: RbmAgent, e164: string): Promise<RcsCapability> {
    this.asked.push([agent.agentId, agent.key.clientEmail, e164]);
    return { rbmEnabled: true, features: ['ACTION_DIAL'], name: null };
  }
}

const channel = (id: number, createdAt: string, fields: Partial<Omit<RcsChannelRecord, 'secret'>> & { token?: string | null } = {}): RcsChannelRecord => ({
  id, channelType: 'rcs', user: `agent_${id}`, createdAt, ...fields, secret: () => (fields.token === undefined ? KEY_A : fields.token),
});

function service(channels: RcsChannelRecord[], options: { defaultAgent?: RbmAgent | null; ttlSeconds?: number; now?: () => number } = {}) {
  const client = new RecordingClient();
  const rcs = new RcsCapabilityService({
    channels: {
      owned: async (_account, id) => {
        const found = channels.find((c) => c.id === id);
        if (found === undefined) throw Object.assign(new Error('not found'), { status: 404 });
        return found;
      },
      list: async () => channels,
    },
    client, defaultAgent: options.defaultAgent ?? null, tokenHosts: HOSTS, ttlSeconds: options.ttlSeconds ?? 300, now: options.now,
  });
  return { rcs, client };
}

describe('RcsCapabilityService', () => {
  it('asks with the oldest RCS channel by creation time that has an agent id and a key', async () => {
    const { rcs, client } = service([
      { ...channel(1, '2026-01-03T00:00:00.000Z'), channelType: 'web' },
      channel(2, '2026-01-04T00:00:00.000Z'),
      channel(3, '2026-01-02T00:00:00.000Z', { token: null }),
      channel(4, '2026-01-02T12:00:00.000Z', { user: '  ' }),
      channel(5, '2026-01-03T00:00:00.000Z'),
    ]);
    await rcs.forAccount(1, '+14155550100');
    expect(client.asked).toEqual([['agent_5', 'a@x.iam.gserviceaccount.com', '+14155550100']]);
  });

  it('prefers the server\'s default agent', async () => {
    const defaultAgent = { agentId: 'house', key: parseServiceAccountKey(KEY_B, HOSTS) };
    const { rcs, client } = service([channel(1, '2026-01-01T00:00:00.000Z')], { defaultAgent });
    await rcs.forAccount(1, '4155550100');
    expect(client.asked).toEqual([['house', 'b@x.iam.gserviceaccount.com', '+14155550100']]);
  });

  it('checks the number before anything else', async () => {
    const { rcs, client } = service([]);
    await expect(rcs.forAccount(1, '+447400123456')).rejects.toMatchObject({ status: 422, message: expect.stringContaining('NANP') });
    await expect(rcs.forChannel(1, 99, '123')).rejects.toMatchObject({ status: 422 });
    await expect(rcs.forAccount(1, '+14155550100')).rejects.toMatchObject({ status: 422, message: expect.stringContaining('RBM_AGENT_ID') });
    expect(client.asked).toEqual([]);
  });

  it('caches per agent, key and number; a TTL of 0 asks every time', async () => {
    const channels = [channel(1, '2026-01-01T00:00:00.000Z'), channel(2, '2026-01-02T00:00:00.000Z', { user: 'agent_1', token: KEY_B })];
    const cached = service(channels);
    await cached.rcs.forChannel(1, 1, '+14155550100');
    await cached.rcs.forChannel(1, 1, '4155550100');
    await cached.rcs.forChannel(1, 2, '+14155550100');
    await cached.rcs.forChannel(1, 1, '+14155550101');
    expect(cached.client.asked.map(([agent, email, n]) => `${agent} ${email[0]} ${n}`)).toEqual(['agent_1 a +14155550100', 'agent_1 b +14155550100', 'agent_1 a +14155550101']);

    const uncached = service(channels, { ttlSeconds: 0 });
    await uncached.rcs.forChannel(1, 1, '+14155550100');
    await uncached.rcs.forChannel(1, 1, '+14155550100');
    expect(uncached.client.asked).toHaveLength(2);
  });

  it('asks again once an answer is older than the TTL (5 minutes by default)', async () => {
    let now = 1_000_000;
    const { rcs, client } = service([channel(1, '2026-01-01T00:00:00.000Z')], { ttlSeconds: loadConfig({}).rbm.capabilityTtlSeconds, now: () => now });
    await rcs.forChannel(1, 1, '+14155550100');
    now += 5 * 60_000 - 1;
    await rcs.forChannel(1, 1, '+14155550100');
    expect(client.asked).toHaveLength(1);
    now += 2;
    await rcs.forChannel(1, 1, '+14155550100');
    expect(client.asked).toHaveLength(2);
  });
});

describe('loadDefaultAgent', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-rbm-key-'));
  const write = (name: string, text: string) => { const f = path.join(dir, name); fs.writeFileSync(f, text); return f; };
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads the key file into the default agent, or none when unset', () => {
    expect(loadDefaultAgent(loadConfig({}).rbm)).toBeNull();
    const agent = loadDefaultAgent(loadConfig({ RBM_AGENT_ID: 'house', RBM_SERVICE_ACCOUNT_KEY_FILE: write('good.json', KEY_A) }).rbm);
    expect(agent).toMatchObject({ agentId: 'house', key: { clientEmail: 'a@x.iam.gserviceaccount.com' } });
  });

  it('stops the server with a ConfigError for a missing or unusable key, without quoting it', () => {
    const missing = () => loadDefaultAgent(loadConfig({ RBM_AGENT_ID: 'a', RBM_SERVICE_ACCOUNT_KEY_FILE: path.join(dir, 'absent.json') }).rbm);
    expect(missing).toThrow(ConfigError);
    expect(missing).toThrow('ENOENT');
    const elsewhere = write('elsewhere.json', KEY_A.replace('https://oauth2.googleapis.com/token', 'https://10.0.0.1/token'));
    expect(() => loadDefaultAgent(loadConfig({ RBM_AGENT_ID: 'a', RBM_SERVICE_ACCOUNT_KEY_FILE: elsewhere }).rbm)).toThrow('RBM_TOKEN_HOSTS');
    const broken = write('broken.json', KEY_A.slice(0, 100));
    expect(() => loadDefaultAgent(loadConfig({ RBM_AGENT_ID: 'a', RBM_SERVICE_ACCOUNT_KEY_FILE: broken }).rbm)).toThrow(/^(?!.*PRIVATE).*not JSON/);
  });
});
