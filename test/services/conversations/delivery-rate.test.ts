import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryRate } from '../../../src/services/conversations/delivery-rate.js';
import { client } from '../../helpers/http.js';
import { DATABASES, startTestServer, type TestServer } from '../../helpers/server.js';

describe.each(DATABASES)('per-channel delivery rate on %s', (kind) => {
  let server: TestServer;
  let channelId: number;
  let longCode: number;

  beforeAll(async () => {
    server = await startTestServer(kind);
    const api = client(server.url, (await server.account()).token);
    const botId = (await api('POST', '/v1/bots', { name: 'b', interactions: [] })).body.id;
    channelId = (await api('POST', '/v1/channels', { channelType: 'dsc', botId, name: 'c', description: 'd', user: '1' })).body.id;
    longCode = (await api('POST', '/v1/channels', { channelType: 'dlc', botId, name: 'l', description: 'd', user: '+12025550123' })).body.id;
  });
  afterAll(async () => server?.close());

  it('spaces deliveries on one channel by 1/rate, across limiter instances (processes) sharing the store', async () => {
    const waits: number[] = [];
    const sleep = async (ms: number) => { waits.push(ms); };
    const a = new DeliveryRate(server.store.db, server.store.dialect, () => 10, sleep);
    const b = new DeliveryRate(server.store.db, server.store.dialect, () => 10, sleep);
    for (let i = 0; i < 6; i++) await (i % 2 === 0 ? a : b).take({ id: channelId, type: 'dsc' });
    // Six deliveries at 10/s reserve slots 0, 100, …, 500 ms ahead; each waits for its own (minus the time the test took).
    expect(waits.length).toBeGreaterThanOrEqual(4);
    expect(Math.max(...waits)).toBeGreaterThan(300);
    expect(Math.max(...waits)).toBeLessThanOrEqual(500);
  });

  it('keeps the provider\'s published rate where DELIVERY_RATES does not name the rule, and reserves a slot per unit', async () => {
    const waits: number[] = [];
    const limiter = new DeliveryRate(server.store.db, server.store.dialect, () => undefined, async (ms) => { waits.push(ms); });
    // A long code's default is one segment a second: a text of three segments holds the number for three seconds.
    await limiter.take({ id: longCode, type: 'dlc' }, { rule: 'dlc', units: 3, defaultRate: 1 });
    await limiter.take({ id: longCode, type: 'dlc' }, { rule: 'dlc', units: 1, defaultRate: 1 });
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(2_500);
    expect(waits[0]).toBeLessThanOrEqual(3_000);
  });

  it('does not wait at all on an unlimited channel type, nor where DELIVERY_RATES sets a rule to 0', async () => {
    const waits: number[] = [];
    const limiter = new DeliveryRate(server.store.db, server.store.dialect, () => 0, async (ms) => { waits.push(ms); });
    for (let i = 0; i < 5; i++) await limiter.take({ id: channelId, type: 'web' });
    const unpacedFakes = new DeliveryRate(server.store.db, server.store.dialect, (rule) => (rule === 'dlc' ? 0 : undefined), async (ms) => { waits.push(ms); });
    for (let i = 0; i < 5; i++) await unpacedFakes.take({ id: channelId, type: 'dlc' }, { rule: 'dlc', units: 2, defaultRate: 1 });
    expect(waits).toEqual([]);
  });
});
