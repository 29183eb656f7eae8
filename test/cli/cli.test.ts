// The parley command: accounts and tokens against DATA_DIR without a server, then used against one.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startServer } from '../../src/server.js';
import { TEST_DATABASE_URL } from '../helpers/server.js';

const run = promisify(execFile);
const BIN = path.resolve('bin/parley.js');

/** Each case starts Node processes that load the whole application: a generous budget for a busy machine, not a speed check. */
const CLI_TIMEOUT_MS = 120_000;

describe('parley CLI', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-cli-'));
  const env = { ...process.env, DATA_DIR: dataDir };
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('creates an account and a token that prints alone on stdout and works against the server', async () => {
    const account = await run(BIN, ['account', 'create', '--email', 'Owner@Example.com', '--password', 'long enough secret'], { env });
    expect(account.stdout).toBe('');
    expect(account.stderr).toContain('owner@example.com');

    const { stdout } = await run(BIN, ['token', 'create', '--account', 'owner@example.com', '--name', 'script'], { env });
    expect(stdout).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+\n$/);

    const server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' }), { logger: false });
    try {
      const res = await fetch(`${server.url}/v1/tokens`, { headers: { authorization: `Bearer ${stdout.trim()}` } });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual([{ id: expect.any(String), name: 'script', dateCreated: expect.any(String), scopes: expect.arrayContaining(['members:write']), expiresAt: null, memberId: null }]);
    } finally {
      await server.close();
    }
  }, CLI_TIMEOUT_MS);

  it('adds, lists and removes members; the last owner stays', async () => {
    const added = await run(BIN, ['member', 'add', '--account', 'owner@example.com', '--email', 'Agent@Example.com', '--role', 'agent'], { env });
    expect(added.stdout).toMatch(/^http:\/\/localhost:\d+\/invitations\/[\w-]+\n$/);
    expect(added.stderr).toContain('not mailed');
    const listed = await run(BIN, ['member', 'list', '--account', 'owner@example.com'], { env });
    expect(listed.stdout.trim().split('\n').map((line) => line.split('\t').slice(1))).toEqual([
      ['owner@example.com', 'owner', 'active'], ['agent@example.com', 'agent', 'invited'],
    ]);
    await run(BIN, ['member', 'remove', '--account', 'owner@example.com', '--email', 'agent@example.com'], { env });
    await expect(run(BIN, ['member', 'remove', '--account', 'owner@example.com', '--email', 'owner@example.com'], { env }))
      .rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('last owner') });
    expect((await run(BIN, ['member', 'list', '--account', 'owner@example.com'], { env })).stdout.trim().split('\n')).toHaveLength(1);
  }, CLI_TIMEOUT_MS);

  it('explains what is wrong and exits non-zero', async () => {
    await expect(run(BIN, ['account', 'create', '--email', 'owner@example.com', '--password', 'long enough secret'], { env }))
      .rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('already exists') });
    await expect(run(BIN, ['token', 'create', '--account', 'nobody@example.com'], { env }))
      .rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('no account') });
    await expect(run(BIN, ['token', 'create'], { env })).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('--account is required') });
    await expect(run(BIN, ['account', 'create', '--email', 'x@y.z', '--password', 'short'], { env }))
      .rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('at least 8') });
    await expect(run(BIN, ['frobnicate'], { env })).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('unknown command') });
  }, CLI_TIMEOUT_MS);
});

describe('parley CLI on PostgreSQL', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-cli-pg-'));
  const schema = `cli_${crypto.randomBytes(5).toString('hex')}`;
  const url = new URL(TEST_DATABASE_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await c.connect();
    try { await c.query(statement); } finally { await c.end(); }
  };
  afterAll(async () => {
    await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates an account and a token in the DATABASE_URL database, which a server on it then accepts', async () => {
    await admin(`CREATE SCHEMA ${schema}`);
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: url.toString() };
    await run(BIN, ['account', 'create', '--email', 'pg-owner@example.com', '--password', 'long enough secret'], { env });
    const { stdout } = await run(BIN, ['token', 'create', '--account', 'pg-owner@example.com'], { env });
    const server = await startServer(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url.toString(), PORT: '0', HOST: '127.0.0.1' }), { logger: false });
    try {
      const res = await fetch(`${server.url}/v1/tokens`, { headers: { authorization: `Bearer ${stdout.trim()}` } });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual([{ id: expect.any(String), name: 'CLI token', dateCreated: expect.any(String), scopes: expect.arrayContaining(['members:write']), expiresAt: null, memberId: null }]);
    } finally {
      await server.close();
    }
  }, CLI_TIMEOUT_MS);
});
