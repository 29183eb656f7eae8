// Bots (minimal): create by name, read the spec's Bot object, account isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Call } from '../helpers/http.js';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server.js';

describe.each(DATABASES)('bots on %s', (kind) => {
  let server: TestServer;
  let api: Call;
  let other: Call;

  beforeAll(async () => {
    server = await startTestServer(kind);
    api = client(server.url, (await server.account()).token);
    other = client(server.url, (await server.account()).token);
  });
  afterAll(async () => server?.close());

  it('creates a bot and reads it back as the spec\'s Bot object', async () => {
    const res = await api('POST', '/v1/bots', { name: 'Support' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: expect.any(Number), name: 'Support', interactions: [], dateCreated: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/), currentRevision: 1, latestRevision: 1 });
    expect((await api('GET', `/v1/bots/${res.body.id}`)).body).toEqual(res.body);
    expect((await api('GET', '/v1/bots')).body).toContainEqual(res.body);
  });

  it('validates the name and keeps accounts apart', async () => {
    expect((await api('POST', '/v1/bots', {})).status).toBe(400);
    expect((await api('POST', '/v1/bots', { name: '' })).status).toBe(422);
    const theirs = (await other('POST', '/v1/bots', { name: 'Theirs' })).body;
    expect((await api('GET', `/v1/bots/${theirs.id}`)).status).toBe(403);
    expect((await api('GET', '/v1/bots/2000000000')).status).toBe(404);
  });
});
