// A benchmark target in its own process, so the load generator does not share its event loop: bare Fastify, Parley, or the database floor.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';
import type { Config } from '../../src/config.js';
import { SERVER_PROGRAM } from './server-program.js';

/**
 * The server as `npm start` runs it (dist/, compiled by the parent before the targets start), or src/ through tsx
 * with BENCH_PROGRAM=source: the loader's helpers (a `__name` call for each function made) cost the source a few percent.
 */
type ServerModules = [typeof import('../../src/config.js'), typeof import('../../src/server.js')];
const [{ loadConfig }, { startServer }] = (await (SERVER_PROGRAM === 'compiled'
  ? Promise.all([import('../../dist/config.js' as string), import('../../dist/server.js' as string)])
  : Promise.all([import('../../src/config.js'), import('../../src/server.js')]))) as ServerModules;

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

interface Seeded { ready: TargetReady; config: Config; jti: string; channelId: number; close(): Promise<void> }

async function parley(kind: 'sqlite' | 'postgres'): Promise<TargetReady> {
  return (await seeded(kind)).ready;
}

/**
 * Bare Fastify doing what Parley's GET must read from the store — the token's row (revocation) and the
 * channel's row — straight through the driver, one prepared statement or pooled query each: how much of
 * Parley's distance from serving from memory the database alone accounts for.
 */
async function databaseFloor(kind: 'sqlite' | 'postgres'): Promise<TargetReady> {
  const { config, jti, channelId, close } = await seeded(kind);
  // Parley has written the rows; it is stopped so that its connections and background work do not weigh on the floor.
  await close();
  const present = (r: Record<string, unknown>) => ({
    id: r.id, channelType: r.channel_type, botId: r.bot_id, name: r.name, description: r.description, user: r.user,
    phoneType: r.phone_type, countryCode: r.country_code, data: r.data === null ? null : JSON.parse(String(r.data)),
    dateCreated: String(r.created_at).slice(0, 19),
  });
  const app = Fastify({ logger: false });
  if (config.database.kind === 'sqlite') {
    const db = new SQLite(config.database.file);
    const token = db.prepare('select * from api_tokens where jti = ?');
    const channel = db.prepare('select * from channels where id = ?');
    app.get('/v1/channels/:id', async (req) => {
      token.get(jti);
      return present(channel.get(Number((req.params as { id: string }).id)) as Record<string, unknown>);
    });
  } else {
    const pool = new pg.Pool({ connectionString: config.database.url, max: 10 });
    app.get('/v1/channels/:id', async (req) => {
      await pool.query('select * from api_tokens where jti = $1', [jti]);
      return present((await pool.query('select * from channels where id = $1', [Number((req.params as { id: string }).id)])).rows[0] as Record<string, unknown>);
    });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, path: `/v1/channels/${channelId}`, headers: {} };
}

/** A Parley server with an account, a token, a bot and the channel the benchmark reads. */
async function seeded(kind: 'sqlite' | 'postgres'): Promise<Seeded> {
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
  } else {
    process.once('disconnect', () => fs.rmSync(dataDir, { recursive: true, force: true }));
  }
  const config = loadConfig({
    DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', RATE_LIMIT_MAX: '10000000', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const server = await startServer(config, { logger: false });
  const account = await server.services.accounts.create('bench@example.com', 'bench password');
  const token = await server.services.tokens.create(account.id, 'bench');
  const bot = await server.services.bots.create(account.id, { name: 'bench', interactions: [] });
  const channel = await server.services.channels.create(account.id, { channelType: 'web', botId: bot.id, name: 'Site chat', description: 'Chat on the web site', user: 'site', token: 'secret' });
  return {
    ready: { url: server.url, path: `/v1/channels/${channel.id}`, headers: { authorization: `Bearer ${token.token}` } },
    config, jti: token.id, channelId: channel.id, close: () => server.close(),
  };
}

async function dropSchema(base: string, schema: string): Promise<void> {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  await c.query(`DROP SCHEMA ${schema} CASCADE`);
  await c.end();
  process.exit(0);
}

const mode = process.argv[2] ?? 'sqlite';
const kind = mode.endsWith('postgres') ? 'postgres' : 'sqlite';
const ready = mode === 'fastify' ? await bareFastify() : mode.startsWith('floor-') ? await databaseFloor(kind) : await parley(kind);
process.send?.(ready);
if (kind !== 'postgres' || mode === 'fastify') process.once('disconnect', () => process.exit(0));
