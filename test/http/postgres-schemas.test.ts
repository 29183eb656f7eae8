// Two servers in two schemas of one PostgreSQL database at once: each migrates and serves its own schema.
import { afterAll, describe, expect, it } from 'vitest';
import { client } from '../helpers/http.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('PostgreSQL schemas side by side', () => {
  const servers: TestServer[] = [];
  afterAll(async () => { await Promise.all(servers.map((s) => s.close())); });

  it('starts a second server while another schema of the database already holds Parley\'s tables', async () => {
    servers.push(await startTestServer('postgres'));
    servers.push(await startTestServer('postgres'));
    const [first, second] = servers as [TestServer, TestServer];
    const a = client(first.url, (await first.account()).token);
    const b = client(second.url, (await second.account()).token);
    expect((await a('POST', '/v1/bots', { name: 'only in the first' })).status).toBe(200);
    expect((await a('GET', '/v1/bots')).body).toHaveLength(1);
    expect((await b('GET', '/v1/bots')).body).toEqual([]);
  });
});
