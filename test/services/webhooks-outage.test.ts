// An event webhook endpoint down for days, on a simulated clock: every retry at its documented time (5 s doubling, 16 attempts,
// ~45 h), the delivery given up, the webhook disabled; a flaky endpoint that answers now and then stays enabled.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpPort, HttpRequest, HttpResponse } from '../../src/engine/ports.js';
import type { Job, JobQueue, SendOptions } from '../../src/jobs/types.js';
import { loadServerSecrets, SecretBox } from '../../src/security/index.js';
import { WebhookDispatcher } from '../../src/services/webhooks/dispatcher.js';
import { WebhookDeliveryRepository, WebhookRepository, type Database } from '../../src/store/index.js';
import { client } from '../helpers/http.js';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server.js';

/** The job queue as the dispatcher sees it: what it asks to run, and when. */
class RecordedQueue {
  readonly jobs: { data: unknown; runAt: Date }[] = [];
  async send<T>(_queue: string, data: T, options?: SendOptions, _db?: Kysely<Database>): Promise<string | null> {
    this.jobs.push({ data, runAt: options?.runAt ?? new Date(0) });
    return String(this.jobs.length);
  }
}

/** An endpoint that answers each POST with the next status of its script (503 once the script runs out). */
class ScriptedEndpoint implements HttpPort {
  readonly attempts: Date[] = [];
  constructor(private readonly clock: () => Date, private readonly script: (n: number) => number) {}
  async request(_req: HttpRequest): Promise<HttpResponse> {
    this.attempts.push(this.clock());
    return { status: this.script(this.attempts.length), headers: {}, body: 'down for maintenance', url: _req.url } as HttpResponse;
  }
  async close(): Promise<void> {}
}

describe.each(DATABASES)('an event webhook endpoint down for days on %s', (kind) => {
  let server: TestServer;
  let accountId: number;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    server = await startTestServer(kind);
    const account = await server.account();
    accountId = account.accountId;
    api = client(server.url, account.token);
  });
  afterAll(async () => server?.close());

  /** A webhook and one pending delivery of an event at `start`, and a dispatcher on a clock the test moves. */
  async function setUp(script: (n: number) => number) {
    // The endpoint is never reached for real: the test's dispatcher sends through the scripted one.
    const created = await api('POST', '/v1/webhooks', { url: 'https://hooks.example.com/parley', eventTypes: ['human.subscribed'] });
    expect(created.status).toBe(200);
    const webhookId = created.body.id as number;
    let now = new Date('2026-03-02T08:00:00.000Z');
    const clock = () => now;
    const deliveries = new WebhookDeliveryRepository(server.store.db);
    const deliveryId = await deliveries.insert({ accountId, subscriptionId: webhookId, messageId: `msg_${webhookId}`, eventType: 'human.subscribed', payload: '{}' }, now.toISOString());
    const queue = new RecordedQueue();
    const endpoint = new ScriptedEndpoint(clock, script);
    const dispatcher = new WebhookDispatcher(server.store.db, queue as unknown as JobQueue, endpoint, new SecretBox(loadServerSecrets(server.config).encryptionKey),
      server.config.webhooks, { changedWebhooks: async () => {} }, clock, () => 0);
    /** Runs jobs as the queue would, each at its time, until none is left. */
    const runAll = async () => {
      await dispatcher.deliver({ id: 'first', data: { deliveryId, seq: 0 } } as Job<{ deliveryId: number; seq: number }>);
      for (let i = 0; i < queue.jobs.length; i++) {
        const job = queue.jobs[i]!;
        now = job.runAt;
        await dispatcher.deliver({ id: String(i), data: job.data } as Job<{ deliveryId: number; seq: number }>);
      }
    };
    return { webhookId, deliveryId, endpoint, runAll, start: new Date(now) };
  }

  it('retries on the documented schedule (5 s doubling, 16 attempts), then gives the delivery up and disables the webhook', async () => {
    const { webhookId, deliveryId, endpoint, runAll, start } = await setUp(() => 503);
    await runAll();
    // No jitter here: the waits are exactly 5 s × 2^(n−1), capped at a day.
    const waits = endpoint.attempts.slice(1).map((at, i) => at.getTime() - endpoint.attempts[i]!.getTime());
    expect(endpoint.attempts).toHaveLength(16);
    expect(waits).toEqual(Array.from({ length: 15 }, (_, i) => Math.min(5000 * 2 ** i, 86_400_000)));
    const hours = (endpoint.attempts.at(-1)!.getTime() - start.getTime()) / 3_600_000;
    expect(hours).toBeGreaterThan(44);
    expect(hours).toBeLessThan(46);
    const delivery = (await new WebhookDeliveryRepository(server.store.db).find(deliveryId))!;
    expect(delivery).toMatchObject({ status: 'failed', attempts: 16, lastStatusCode: 503 });
    const webhook = (await new WebhookRepository(server.store.db).find(webhookId))!;
    expect(webhook.enabled).toBe(false);
    expect(webhook.disabledReason).toMatch(/^every delivery failed since 2026-03-02T08:00:00.000Z \(16 attempts over 45\.\d h\); the last: gave up after 16 attempts: the endpoint answered 503/);
    expect((await api('GET', `/v1/webhooks/${webhookId}`)).body).toMatchObject({ enabled: false, disabledReason: expect.stringContaining('every delivery failed') });
  });

  it('keeps enabled a webhook whose endpoint took another delivery meanwhile (flaky, not down)', async () => {
    const { webhookId, runAll } = await setUp(() => 503);
    // Another event reached the endpoint during the outage window.
    const deliveries = new WebhookDeliveryRepository(server.store.db);
    const other = await deliveries.insert({ accountId, subscriptionId: webhookId, messageId: `ok_${webhookId}`, eventType: 'human.subscribed', payload: '{}' }, '2026-03-02T09:00:00.000Z');
    await deliveries.recordAttempt(other, 0, { status: 'delivered', statusCode: 204, error: null, nextAttemptAt: null }, '2026-03-02T20:00:00.000Z');
    await runAll();
    expect((await new WebhookRepository(server.store.db).find(webhookId))!.enabled).toBe(true);
  });
});
