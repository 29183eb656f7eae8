// A broadcast larger than the conversation backlog: queued at once while delivery is stalled, then every message delivered once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Delivery } from '../../../src/channels/types.js';
import { client, type Call } from '../../helpers/http.js';
import { DATABASES, startTestServer, type TestServer } from '../../helpers/server.js';

const AUDIENCE = 40;

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 600; i++) {
    const value = await read();
    if (ok(value)) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${what} was not reached`);
}

describe.each(DATABASES)('a broadcast past the backlog bound on %s', (kind) => {
  let server: TestServer;
  let api: Call;
  let channelId: number;
  const delivered: Delivery[] = [];
  let open: () => void = () => undefined;
  let gate = new Promise<void>((resolve) => { open = resolve; });

  beforeAll(async () => {
    // Two conversations at a time, five more waiting at most; the periodic sweep is out of the picture (10 minutes).
    server = await startTestServer(kind, { CONVERSATION_CONCURRENCY: '2', CONVERSATION_BACKLOG_MAX: '5', CONVERSATION_SWEEP_MS: '600000' });
    // The provider boundary: deliveries hang until the test opens the gate.
    server.services.runtime.registerAdapter({
      type: 'dsc',
      deliver: async (d) => {
        await gate;
        delivered.push(d);
        return { kind: 'sent', providerMessageId: `p-${d.messageId}` };
      },
    });
    api = client(server.url, (await server.account()).token);
    const botId = (await api('POST', '/v1/bots', { name: 'notices', interactions: [] })).body.id;
    channelId = (await api('POST', '/v1/channels', { channelType: 'dsc', botId, name: 'short code', description: 'alerts', user: '12345' })).body.id;
    const ids: number[] = [];
    for (let i = 0; i < AUDIENCE; i++) ids.push((await api('POST', '/v1/humans', { firstName: `H${i}`, phone: `+1415555${String(2000 + i)}`, tags: ['all'] })).body.id);
    await api('POST', `/v1/channels/${channelId}/subscribe`, { humanIds: ids });
  });
  afterAll(async () => {
    open();
    await server?.close();
  });

  it('queues every human while delivery is stalled, then delivers each message once as the backlog drains', async () => {
    const sent = await api('POST', '/v1/messages', { channelId, text: 'Sale today, {sys:firstName}', targets: [{ targetType: 'humans', tags: 'all' }] });
    expect(sent.body).toMatchObject({ queued: AUDIENCE });
    const batch = `/v1/messages/batches/${sent.body.batchId}`;
    // Queuing does not wait for the provider: the whole audience is stored while no delivery has finished.
    const queued = await until(() => api('GET', batch), (r) => r.body.status !== 'expanding', 'the end of expansion');
    expect(queued.body).toMatchObject({ status: 'sending', total: AUDIENCE, queued: AUDIENCE });
    expect(delivered).toHaveLength(0);

    gate = Promise.resolve();
    open();
    const done = await until(() => api('GET', batch), (r) => r.body.status === 'done', 'the end of delivery');
    expect(done.body.messages).toMatchObject({ sent: AUDIENCE, queued: 0, failed: 0 });
    expect(delivered.map((d) => d.message.text).sort()).toEqual(Array.from({ length: AUDIENCE }, (_, i) => `Sale today, H${i}`).sort());
  }, 60_000);
});
