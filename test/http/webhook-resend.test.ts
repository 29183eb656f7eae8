// Sending a webhook delivery again: a given-up delivery goes out once more with the same webhook-id; pending, disabled and foreign ones are refused.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParleyClient, must, type ParleyClient } from '../../sdk/index.js';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server.js';

describe.each(DATABASES)('webhook resend on %s', (kind) => {
  let server: TestServer;
  let receiver: http.Server;
  let receiverUrl: string;
  let answer = 500;
  const received: { id: string; status: number }[] = [];
  let api: ParleyClient;
  let other: ParleyClient;

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        received.push({ id: String(req.headers['webhook-id']), status: answer });
        res.writeHead(answer).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    server = await startTestServer(kind, { OUTBOUND_ALLOW_HOSTS: '127.0.0.1', WEBHOOK_RETRY_MS: '50', WEBHOOK_MAX_ATTEMPTS: '2', JOBS_POLL_MS: '20' });
    api = createParleyClient({ baseUrl: server.url, token: (await server.account()).token });
    other = createParleyClient({ baseUrl: server.url, token: (await server.account()).token });
  });
  afterAll(async () => {
    await server?.close();
    receiver?.close();
  });

  async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
    for (let i = 0; i < 200; i++) {
      const v = await read();
      if (ok(v)) return v;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('condition not met');
  }

  it('sends a given-up delivery again with the same webhook-id, and refuses what cannot be sent again', async () => {
    const hook = await must(api.POST('/v1/webhooks', { body: { url: receiverUrl, eventTypes: ['human.subscribed'] } }));
    const botId = (await must(api.POST('/v1/bots', { body: { name: 'b' } }))).id;
    const channel = await must(api.POST('/v1/channels', { body: { channelType: 'web', botId, name: 'site', description: 'chat' } }));
    const human = await must(api.POST('/v1/humans', { body: { firstName: 'Ada' } }));
    await must(api.POST('/v1/channels/{channel_id}/subscribe', { params: { path: { channel_id: channel.id } }, body: { humanIds: [human.id] } }));
    const log = () => must(api.GET('/v1/webhooks/{webhook_id}/deliveries', { params: { path: { webhook_id: hook.id } } }));
    const failed = (await until(log, (p) => p.deliveries[0]?.status === 'failed')).deliveries[0]!;
    expect(failed.attempts).toBe(2);
    const path = { webhook_id: hook.id, delivery_id: failed.id };

    answer = 204;
    const again = await must(api.POST('/v1/webhooks/{webhook_id}/deliveries/{delivery_id}/resend', { params: { path } }));
    expect(again.status).toBe('pending');
    const done = (await until(log, (p) => p.deliveries[0]?.status === 'delivered')).deliveries[0]!;
    expect(done.attempts).toBe(3);
    expect(new Set(received.map((r) => r.id))).toEqual(new Set([failed.eventId]));
    expect(received.at(-1)!.status).toBe(204);

    expect((await other.POST('/v1/webhooks/{webhook_id}/deliveries/{delivery_id}/resend', { params: { path } })).response.status).toBe(403);
    expect((await api.POST('/v1/webhooks/{webhook_id}/deliveries/{delivery_id}/resend', { params: { path: { ...path, delivery_id: 999_999 } } })).response.status).toBe(404);
    await must(api.PUT('/v1/webhooks/{webhook_id}', { params: { path: { webhook_id: hook.id } }, body: { url: receiverUrl, eventTypes: ['human.subscribed'], enabled: false } }));
    const disabled = await api.POST('/v1/webhooks/{webhook_id}/deliveries/{delivery_id}/resend', { params: { path } });
    expect(disabled.response.status).toBe(409);
    expect(disabled.error?.description).toContain('disabled');
  });
});
