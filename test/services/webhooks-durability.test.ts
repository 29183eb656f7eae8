// Webhook events are never lost: recorded with the change in one transaction, delivered by whichever process runs next; stale and lost jobs.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../src/config.js';
import type { JobQueue } from '../../src/jobs/types.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { createServices } from '../../src/services/index.js';
import { EventRecorder, uncachedTargets } from '../../src/services/webhooks/record.js';
import { WEBHOOK_QUEUE } from '../../src/services/webhooks/queue.js';
import { openMigratedStore } from '../../src/store/db.js';
import { DATABASES, TEST_DATABASE_URL, type DatabaseKind } from '../helpers/server.js';
import { Receiver } from './webhooks-receiver.js';

/** A database that outlives one server: a data directory, or a PostgreSQL schema. */
async function location(kind: DatabaseKind): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-webhooks-'));
  if (kind === 'sqlite') return { env: { DATA_DIR: dataDir }, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    drop: async () => {
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.query(`DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`);
      await c.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe.each(DATABASES)('webhook durability on %s', (kind) => {
  let receiver: Receiver;
  let where: Awaited<ReturnType<typeof location>>;
  let config: Config;
  let server: RunningServer;
  let accountId: number;
  let channelId: number;
  let humanId: number;

  beforeAll(async () => {
    receiver = await Receiver.start();
    where = await location(kind);
    config = loadConfig({ ...where.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', OUTBOUND_ALLOW_HOSTS: '127.0.0.1', JOBS_POLL_MS: '20', WEBHOOK_RETRY_MS: '50' });
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
    await where?.drop();
  });

  it('delivers an event whose process stopped right after the change: the next process sends it', async () => {
    // Process 1 makes the change and stops before any worker ran: the event is only in the store.
    const store = await openMigratedStore(config.database);
    const services = createServices(config, store);
    accountId = (await services.accounts.create('ops@example.com', 'correct horse battery')).id;
    const bot = await services.bots.create(accountId, { name: 'b', interactions: [] });
    channelId = (await services.channels.create(accountId, { channelType: 'web', botId: bot.id, name: 'site', description: 'chat' })).id;
    humanId = (await services.humans.create(accountId, { firstName: 'Ada' })).id;
    const hook = await services.webhooks.create(accountId, { url: receiver.url('/restart'), eventTypes: ['human.subscribed'] });
    await services.subscriptions.set(accountId, channelId, [humanId], true);
    const pending = await store.db.selectFrom('webhook_deliveries').selectAll().execute();
    expect(pending.map((d) => [d.status, d.attempts])).toEqual([['pending', 0]]);
    await services.webhookDispatcher.stop();
    await store.close();
    expect(receiver.deliveries).toHaveLength(0);

    // Process 2, on the same database.
    server = await startServer(config, { logger: false });
    const [delivery] = await receiver.waitFor((d) => d.path === '/restart');
    expect(Receiver.verify(hook.secret, delivery!)).toMatchObject({ type: 'human.subscribed', data: { human: { id: humanId, firstName: 'Ada' }, source: 'api' } });
    expect(delivery!.headers['webhook-id']).toBe(pending[0]!.message_id);
  });

  it('reports nothing from a transaction that rolled back', async () => {
    const jobs = server.services.runtime.jobs;
    const { id } = await server.services.webhooks.create(accountId, { url: receiver.url('/rollback'), eventTypes: ['human.unsubscribed', 'human.subscribed'] });
    await expect(server.store.db.transaction().execute(async (tx) => {
      await tx.updateTable('subscriptions').set({ subscribed: 0 }).where('human_id', '=', humanId).execute();
      await new EventRecorder(jobs, uncachedTargets).record(tx, accountId, { type: 'human.unsubscribed', channelId, humanId, source: 'api' });
      throw new Error('the change failed after the event was recorded');
    })).rejects.toThrow('the change failed');
    await server.services.subscriptions.set(accountId, channelId, [humanId], false);
    await receiver.waitFor((d) => d.path === '/rollback');
    const rows = await server.store.db.selectFrom('webhook_deliveries').select(['event_type']).where('subscription_id', '=', id).execute();
    expect(rows).toEqual([{ event_type: 'human.unsubscribed' }]);
    expect(receiver.at('/rollback')).toHaveLength(1);
  });

  it('ignores a stale job, and schedules again a delivery whose job was lost', async () => {
    const { id } = await server.services.webhooks.create(accountId, { url: receiver.url('/lost'), eventTypes: ['human.subscribed'] });
    // A queue that loses what it is given: the delivery row is stored, its job never is.
    const losing: JobQueue = { ...server.services.runtime.jobs, send: async () => null };
    const queued = await server.store.db.transaction().execute((tx) => new EventRecorder(losing, uncachedTargets).record(tx, accountId, { type: 'human.subscribed', channelId, humanId, source: 'api' }));
    // One for each of the account's webhooks that takes human.subscribed, this one among them.
    expect(queued).toBe((await server.services.webhooks.list(accountId)).filter((w) => w.eventTypes.includes('human.subscribed')).length);
    const row = await server.store.db.selectFrom('webhook_deliveries').selectAll().where('subscription_id', '=', id).executeTakeFirstOrThrow();

    await server.services.webhookDispatcher.deliver({ id: 'stale', queue: WEBHOOK_QUEUE, data: { deliveryId: row.id, seq: row.seq + 1 }, attempt: 1 });
    expect(receiver.at('/lost')).toHaveLength(0);

    // Not yet overdue: the safety net leaves it alone.
    await server.services.webhookDispatcher.maintain();
    const same = await server.store.db.selectFrom('webhook_deliveries').select(['seq', 'status']).where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(same).toEqual({ seq: row.seq, status: 'pending' });

    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000).toISOString();
    await server.store.db.updateTable('webhook_deliveries').set({ next_attempt_at: twoHoursAgo }).where('id', '=', row.id).execute();
    await server.services.webhookDispatcher.maintain();
    const [delivery] = await receiver.waitFor((d) => d.path === '/lost');
    expect(delivery!.headers['webhook-id']).toBe(row.message_id);
  });

  it('prunes finished deliveries older than WEBHOOK_LOG_RETENTION_DAYS from the log', async () => {
    const before = await server.store.db.selectFrom('webhook_deliveries').select(['id', 'status']).execute();
    const finished = before.filter((d) => d.status !== 'pending');
    expect(finished.length).toBeGreaterThan(1);
    const old = new Date(Date.now() - (config.webhooks.logRetentionDays + 1) * 86_400_000).toISOString();
    await server.store.db.updateTable('webhook_deliveries').set({ updated_at: old }).where('id', '=', finished[0]!.id).execute();
    await server.services.webhookDispatcher.maintain();
    const after = await server.store.db.selectFrom('webhook_deliveries').select('id').execute();
    expect(after.map((d) => d.id).sort()).toEqual(before.map((d) => d.id).filter((x) => x !== finished[0]!.id).sort());
  });
});
