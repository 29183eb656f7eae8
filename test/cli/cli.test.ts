// The parley command: accounts and tokens against DATA_DIR without a server, then used against one.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startServer } from '../../src/server.js';

const run = promisify(execFile);
const BIN = path.resolve('bin/parley.js');

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
      expect(await res.json()).toEqual([{ id: expect.any(String), name: 'script', dateCreated: expect.any(String) }]);
    } finally {
      await server.close();
    }
  });

  it('explains what is wrong and exits non-zero', async () => {
    await expect(run(BIN, ['account', 'create', '--email', 'owner@example.com', '--password', 'long enough secret'], { env }))
      .rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('already exists') });
    await expect(run(BIN, ['token', 'create', '--account', 'nobody@example.com'], { env }))
      .rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('no account') });
    await expect(run(BIN, ['token', 'create'], { env })).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('--account is required') });
    await expect(run(BIN, ['account', 'create', '--email', 'x@y.z', '--password', 'short'], { env }))
      .rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('at least 8') });
    await expect(run(BIN, ['frobnicate'], { env })).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('unknown command') });
  });
});
