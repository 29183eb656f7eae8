// The OpenAPI document exactly as a server serves it at /v1/openapi.json: a throwaway server on SQLite in a temporary folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import { startServer } from '../src/server.js';

export async function servedDocument(): Promise<unknown> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-sdk-'));
  const server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' }), { logger: false });
  try {
    const res = await fetch(`${server.url}/v1/openapi.json`);
    if (!res.ok) throw new Error(`GET /v1/openapi.json answered ${res.status}`);
    return await res.json();
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
