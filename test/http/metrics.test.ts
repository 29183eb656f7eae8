// /metrics: Prometheus text whose values move with traffic (HTTP, messages in and out, delivery latency, classification,
// webhook failures, queue depths), served on a private port and, behind a token, on the public one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatClient } from '../channels/web/chat-client.js';
import { client } from '../helpers/http.js';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server.js';
import { Receiver } from '../services/webhooks-receiver.js';

const TOKEN = 'metrics-token-0123456789';

/** The value of one sample line (name with its labels as written), or 0 when the series does not exist yet. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

async function scrape(url: string, token?: string): Promise<string> {
  const reply = await fetch(`${url}/metrics`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  expect(reply.status).toBe(200);
  expect(reply.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return reply.text();
}

const bot = {
  name: 'metered',
  interactions: [
    { name: 'hello', intents: [{ expressions: ['hello there', 'good morning', 'hi friend'] }], actions: [{ send: { message: { text: 'hi!' } } }] },
    { name: 'echo', intents: ['sys:text'], actions: [{ send: { message: { text: 'echo: {sys:text}' } } }] },
  ],
};

describe.each(DATABASES)('metrics on %s', (kind) => {
  let server: TestServer;
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await Receiver.start();
    server = await startTestServer(kind, { METRICS_PORT: '0', METRICS_TOKEN: TOKEN, OUTBOUND_ALLOW_HOSTS: '127.0.0.1', WEBHOOK_RETRY_MS: '60000' });
  });
  afterAll(async () => { await server?.close(); await receiver?.close(); });

  it('guards /metrics: the token on the public port, the same token on the private one', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status).toBe(401);
    expect((await fetch(`${server.metricsUrl!}/metrics`)).status).toBe(401);
    await scrape(server.url, TOKEN);
    const text = await scrape(server.metricsUrl!, TOKEN);
    expect(text).toContain('# TYPE parley_http_request_duration_seconds histogram');
    expect(text).toContain('parley_process_cpu_seconds_total');
    // The private port also answers the probes, for an orchestrator that reaches only it.
    expect((await fetch(`${server.metricsUrl!}/readyz`)).status).toBe(200);
  });

  it('values change with traffic', async () => {
    const { token } = await server.account();
    const api = client(server.url, token);
    const before = await scrape(server.metricsUrl!, TOKEN);

    const created = await api('POST', '/v1/bots', bot);
    expect(created.status).toBe(200);
    const channel = await api('POST', '/v1/channels', { channelType: 'web', botId: created.body.id, name: 'site', description: 'chat' });
    expect(channel.status).toBe(200);
    receiver.answer('/down', () => ({ status: 500 }));
    expect((await api('POST', '/v1/webhooks', { url: receiver.url('/down'), eventTypes: ['message.received'], description: 'down' })).status).toBe(200);
    expect((await api('GET', '/v1/humans/999999')).status).toBe(404);

    const chat = await ChatClient.open(server.url, channel.body.id);
    chat.client.say('hello there');
    await chat.client.next((f) => f.type === 'message' && (f.message as { text?: string }).text === 'hi!');
    chat.client.say('something else');
    await chat.client.next((f) => f.type === 'message' && (f.message as { text?: string }).text === 'echo: something else');
    chat.client.close();
    // The widget shows an answer once its run commits; the pass marks it sent just after: wait for the passes to end.
    await server.services.runtime.settled();
    await receiver.waitFor((d) => d.path === '/down', 1);

    // The webhook's failed attempt is counted once it is recorded, just after the endpoint answered.
    let after = await scrape(server.metricsUrl!, TOKEN);
    while (sample(after, 'parley_webhook_delivery_failures_total{outcome="retry"}') === 0) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      after = await scrape(server.metricsUrl!, TOKEN);
    }
    const grew = (series: string, by: number) => expect(sample(after, series) - sample(before, series), series).toBeGreaterThanOrEqual(by);
    grew('parley_http_request_duration_seconds_count{method="POST",route="/v1/bots",status="200"}', 1);
    grew('parley_http_request_duration_seconds_count{method="GET",route="/v1/humans/:human_id",status="404"}', 1);
    grew('parley_messages_inbound_total{channel_type="web",status="received"}', 2);
    grew('parley_messages_outbound_total{channel_type="web",status="sent"}', 2);
    grew('parley_delivery_latency_seconds_count{channel_type="web"}', 2);
    grew('parley_recognizer_classify_seconds_count', 1);
    grew('parley_webhook_delivery_failures_total{outcome="retry"}', 1);
    // Depths are read at scrape time; the webhook's retry waits as a job.
    expect(after).toMatch(/^parley_queue_depth\{queue="inbox"\} \d+$/m);
    expect(after).toMatch(/^parley_queue_depth\{queue="outbox"\} \d+$/m);
    expect(sample(after, 'parley_queue_depth{queue="jobs"}')).toBeGreaterThanOrEqual(1);
  }, 60_000);
});

describe('metrics without a token', () => {
  let server: TestServer;
  afterAll(async () => { await server?.close(); });

  it('are served open on the private port only; the public port has no /metrics', async () => {
    server = await startTestServer('sqlite', { METRICS_PORT: '0' });
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    expect(server.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await scrape(server.metricsUrl!)).toContain('parley_queue_depth');
  });
});
