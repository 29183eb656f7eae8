// GET /v1/humans?name=: part of the first or last name, any case, wildcards taken literally.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParleyClient, must } from '../../sdk/index.js';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server.js';

describe.each(DATABASES)('humans by name on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(kind); });
  afterAll(async () => server?.close());

  it('finds by part of either name or both, in any case, and only the account\'s own', async () => {
    const api = createParleyClient({ baseUrl: server.url, token: (await server.account()).token });
    const other = createParleyClient({ baseUrl: server.url, token: (await server.account()).token });
    for (const body of [{ firstName: 'Ada', lastName: 'Lovelace' }, { firstName: 'Grace', lastName: 'Hopper' }, { firstName: 'Ada_x' }, { lastName: 'Love' }]) {
      await must(api.POST('/v1/humans', { body }));
    }
    await must(other.POST('/v1/humans', { body: { firstName: 'Ada', lastName: 'Other' } }));
    const names = async (name: string) => (await must(api.GET('/v1/humans', { params: { query: { name } } }))).humans.map((h) => [h.firstName, h.lastName].filter(Boolean).join(' '));
    expect(await names('ada')).toEqual(['Ada Lovelace', 'Ada_x']);
    expect(await names('LOVE')).toEqual(['Ada Lovelace', 'Love']);
    expect(await names('ada lov')).toEqual(['Ada Lovelace']);
    expect(await names('a_x')).toEqual(['Ada_x']);
    expect(await names('%')).toEqual([]);
  });
});
