// Starts a real Parley server on a random port against a fresh SQLite file or a fresh PostgreSQL schema.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig, type Config } from '../../src/config.js';
import { startServer, type RunningServer } from '../../src/server.js';
import type { Clock } from '../../src/time.js';

export type DatabaseKind = 'sqlite' | 'postgres';
export const DATABASES: DatabaseKind[] = ['sqlite', 'postgres'];

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export interface TestServer extends RunningServer {
  config: Config;
  /** Creates an account and returns a bearer token for it. */
  account(email?: string): Promise<{ accountId: number; token: string }>;
}

/** A fresh PostgreSQL schema; the returned URL selects it through search_path. */
async function freshSchema(): Promise<{ url: string; drop(): Promise<void> }> {
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      // pg-boss keeps its tables in a schema of its own, named after ours (src/jobs/pgboss/schema-name.ts).
      await c.query(`DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`);
      await c.end();
    },
  };
}

/** A fresh database (a temporary data directory, and on PostgreSQL a fresh schema) as environment variables. */
export async function freshDatabase(kind: DatabaseKind): Promise<{ env: Record<string, string>; cleanup(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-test-'));
  const schema = kind === 'postgres' ? await freshSchema() : null;
  return {
    env: { DATA_DIR: dataDir, DATABASE_POOL_MAX: '4', ...(schema ? { DATABASE_URL: schema.url } : {}) },
    cleanup: async () => {
      await schema?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function startTestServer(kind: DatabaseKind, env: Record<string, string> = {}, logStream?: NodeJS.WritableStream, clock?: Clock): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-test-'));
  const schema = kind === 'postgres' ? await freshSchema() : null;
  const config = loadConfig({
    DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '100000', DATABASE_POOL_MAX: '4',
    // Unpaced fakes (vitest.config.ts).
    DELIVERY_RATES: process.env.DELIVERY_RATES ?? '',
    ...(schema ? { DATABASE_URL: schema.url } : {}),
    ...env,
  });
  const server = await startServer(config, { logger: logStream ? { stream: logStream } : false, clock });
  let n = 0;
  return {
    ...server,
    config,
    account: async (email?: string) => {
      n += 1;
      const created = await server.services.accounts.create(email ?? `user${n}-${crypto.randomBytes(3).toString('hex')}@example.com`, 'correct horse battery');
      const token = await server.services.tokens.create(created.id, 'test');
      return { accountId: created.id, token: token.token };
    },
    close: async () => {
      await server.close();
      await schema?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
