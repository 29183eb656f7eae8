// Liveness and readiness probes: /readyz names the failing check while PostgreSQL is unreachable and recovers with it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { client } from '../helpers/http.js';
import { DATABASES, freshDatabase, startTestServer, type TestServer } from '../helpers/server.js';
import { startTcpProxy } from '../helpers/tcp-proxy.js';

interface Ready { status: string; failing: string[]; checks: Record<string, { ok: boolean; error?: string }> }

/** Polls /readyz until it answers `status`; the test's own timeout bounds the wait. */
async function readyzUntil(url: string, status: number): Promise<Ready> {
  for (;;) {
    const reply = await client(url)<Ready>('GET', '/readyz');
    if (reply.status === status) return reply.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(DATABASES)('probes on %s', (kind) => {
  let server: TestServer;
  afterAll(async () => { await server?.close(); });

  it('answers /healthz and /readyz without a token, with every check named', async () => {
    server = await startTestServer(kind);
    const call = client(server.url);
    const health = await call('GET', '/healthz');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok' });
    const ready = await call<Ready>('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      status: 'ready', failing: [],
      checks: { database: { ok: true }, migrations: { ok: true }, jobs: { ok: true } },
    });
  });
});

describe('readiness while PostgreSQL is unreachable', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => { for (const c of cleanups.reverse()) await c(); });

  it('/readyz goes 503 naming the database when its connections are cut, and 200 once it is back', async () => {
    const db = await freshDatabase('postgres');
    cleanups.push(db.cleanup);
    const target = new URL(db.env.DATABASE_URL!);
    const proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    cleanups.push(proxy.close);
    const viaProxy = new URL(target);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const config = loadConfig({ ...db.env, DATABASE_URL: viaProxy.toString(), PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' });
    const server: RunningServer = await startServer(config, { logger: false });
    cleanups.push(() => server.close());
    await readyzUntil(server.url, 200);

    await proxy.cut();
    const down = await readyzUntil(server.url, 503);
    expect(down.status).toBe('unready');
    expect(down.failing).toContain('database');
    expect(down.checks.database!.ok).toBe(false);
    expect(down.checks.database!.error).toEqual(expect.any(String));
    // The process itself is alive: an orchestrator should not restart it for a database outage.
    expect((await client(server.url)('GET', '/healthz')).status).toBe(200);
    // An outage of a few heartbeats, job polls and sweeps: each of them fails meanwhile, and none may take the process down.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await client(server.url)('GET', '/healthz')).status).toBe(200);

    await proxy.restore();
    const up = await readyzUntil(server.url, 200);
    expect(up.failing).toEqual([]);
    // And it serves again: the pool opened fresh connections.
    const created = await server.services.accounts.create('after-outage@example.com', 'correct horse battery');
    expect(created.id).toBeGreaterThan(0);
  }, 60_000);
});

/**
 * The real thing: PostgreSQL itself restarted. It takes the database away from every test running on the machine, so it
 * runs only where asked (PARLEY_TEST_PG_RESTART=1), and then alone, after the suite (.ci/run, with the web-chat visitor
 * of test/services/postgres-restart.test.ts); the proxy test above covers the same path everywhere.
 */
describe.runIf(process.env.PARLEY_TEST_PG_RESTART === '1')('readiness across a real PostgreSQL restart', () => {
  let server: TestServer;
  afterAll(async () => { await server?.close(); });

  it('/readyz goes 503 while PostgreSQL is stopped and 200 once it runs again', async () => {
    server = await startTestServer('postgres');
    await readyzUntil(server.url, 200);
    // The cluster as .ci/run finds it: the first version under /etc/postgresql, cluster "main".
    const cluster = (process.env.PARLEY_TEST_PG_CLUSTER ?? `${fs.readdirSync('/etc/postgresql').sort()[0]} main`).split(' ');
    execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', ...cluster, 'stop', '--mode', 'fast']);
    try {
      const down = await readyzUntil(server.url, 503);
      expect(down.failing).toContain('database');
    } finally {
      execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', ...cluster, 'start']);
    }
    const up = await readyzUntil(server.url, 200);
    expect(up.failing).toEqual([]);
  }, 120_000);
});
