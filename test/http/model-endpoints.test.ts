// Model endpoints over real HTTP on SQLite and PostgreSQL: a name is the account's once, even when two requests for it
// come at once (the generated-input suite found a 500 there).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Call } from '../helpers/http.js';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server.js';

describe.each(DATABASES)('POST /v1/model-endpoints on %s', (kind) => {
  let server: TestServer;
  let api: Call;
  beforeAll(async () => {
    server = await startTestServer(kind);
    api = client(server.url, (await server.account()).token);
  }, 60_000);
  afterAll(async () => { await server?.close(); });

  it('answers two endpoints of one name sent at once with 200 and 409, never a 500; a rename onto a taken name is 409', async () => {
    const body = { name: 'local', baseUrl: 'https://models.example.com/v1', chatModel: 'small' };
    for (let round = 0; round < 5; round += 1) {
      const named = { ...body, name: `local ${round}` };
      const statuses = (await Promise.all([api('POST', '/v1/model-endpoints', named), api('POST', '/v1/model-endpoints', named)])).map((r) => r.status).sort();
      expect(statuses).toEqual([200, 409]);
    }
    const other = (await api('POST', '/v1/model-endpoints', { ...body, name: 'other' })).body.id as number;
    const renamed = await api('PUT', `/v1/model-endpoints/${other}`, { ...body, name: 'local 0' });
    expect(renamed.status).toBe(409);
    expect(renamed.body.description).toContain('"local 0" already exists');
  });
});
