// A benchmark target in its own process, so the load generator does not share its event loop: bare Fastify or Parley.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { loadConfig } from '../../src/config.js';
import { startServer } from '../../src/server.js';

export interface TargetReady { url: string; path: string; headers: Record<string, string> }

const SAMPLE = {
  id: 1, channelType: 'web', botId: 1, name: 'Site chat', description: 'Chat on the web site', user: 'site',
  phoneType: 0, countryCode: null, data: null, dateCreated: '2026-11-22T12:00:00',
};

async function bareFastify(): Promise<TargetReady> {
  const app = Fastify({ logger: false });
  app.get('/v1/channels/:id', async () => SAMPLE);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, path: '/v1/channels/1', headers: {} };
}

async function parley(kind: 'sqlite' | 'postgres'): Promise<TargetReady> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-'));
  let databaseUrl: string | undefined;
  if (kind === 'postgres') {
    const base = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
    const schema = `bench_${crypto.randomBytes(4).toString('hex')}`;
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`CREATE SCHEMA ${schema}`);
    await c.end();
    const url = new URL(base);
    url.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl = url.toString();
    process.once('disconnect', () => void dropSchema(base, schema));
  }
  const config = loadConfig({
    DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', RATE_LIMIT_MAX: '10000000', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const server = await startServer(config, { logger: false });
  const account = await server.services.accounts.create('bench@example.com', 'bench password');
  const token = await server.services.tokens.create(account.id, 'bench');
  const bot = await server.services.bots.create(account.id, { name: 'bench', interactions: [] });
  const channel = await server.services.channels.create(account.id, { channelType: 'web', botId: bot.id, name: 'Site chat', description: 'Chat on the web site', user: 'site', token: 'secret' });
  return { url: server.url, path: `/v1/channels/${channel.id}`, headers: { authorization: `Bearer ${token.token}` } };
}

async function dropSchema(base: string, schema: string): Promise<void> {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  await c.query(`DROP SCHEMA ${schema} CASCADE`);
  await c.end();
  process.exit(0);
}

const mode = process.argv[2];
const ready = mode === 'fastify' ? await bareFastify() : await parley(mode === 'postgres' ? 'postgres' : 'sqlite');
process.send?.(ready);
if (mode !== 'postgres') process.once('disconnect', () => process.exit(0));
