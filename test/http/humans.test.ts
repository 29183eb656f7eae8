// Humans (minimal): create with normalized phone and tags, get, list with filters and cursor pagination.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Call } from '../helpers/http.js';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server.js';

describe.each(DATABASES)('humans on %s', (kind) => {
  let server: TestServer;
  let api: Call;
  let other: Call;

  beforeAll(async () => {
    server = await startTestServer(kind);
    api = client(server.url, (await server.account()).token);
    other = client(server.url, (await server.account()).token);
  });
  afterAll(async () => server?.close());

  it('creates a human with E.164 phone, lower-cased e-mail and distinct tags', async () => {
    const res = await api('POST', '/v1/humans', { firstName: 'Ada', lastName: 'Lovelace', phone: '+1 (415) 555-0123', email: 'Ada@Example.COM', tags: ['vip', 'vip', 'beta'] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(Number), firstName: 'Ada', lastName: 'Lovelace', phone: '+14155550123', email: 'ada@example.com',
      tags: ['vip', 'beta'], dateCreated: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
    });
    const got = await api('GET', `/v1/humans/${res.body.id}`);
    expect(got.body).toEqual({ ...res.body, tags: ['beta', 'vip'] });
  });

  it('creates an empty human and refuses bad fields', async () => {
    expect((await api('POST', '/v1/humans', {})).body).toMatchObject({ firstName: null, phone: null, tags: [] });
    expect((await api('POST', '/v1/humans', { phone: 'not a phone' })).status).toBe(422);
    expect((await api('POST', '/v1/humans', { phone: '4155550123' })).status).toBe(422);
    expect((await api('POST', '/v1/humans', { email: 'nope' })).status).toBe(422);
    expect((await api('POST', '/v1/humans', { tags: 'vip' })).status).toBe(400);
    expect((await api('POST', '/v1/humans', { tags: ['a,b'] })).status).toBe(422);
    expect((await api('POST', '/v1/humans', { firstName: 'x'.repeat(256) })).status).toBe(422);
    expect((await api('POST', '/v1/humans', { tags: Array.from({ length: 101 }, (_, i) => `t${i}`) })).status).toBe(422);
  });

  it('pages through humans with a cursor, oldest first', async () => {
    const fresh = client(server.url, (await server.account()).token);
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) ids.push((await fresh('POST', '/v1/humans', { firstName: `P${i}`, tags: i % 2 ? ['odd'] : [] })).body.id);
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: { body: { humans: { id: number }[]; nextCursor: string | null } } = await fresh('GET', `/v1/humans?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...res.body.humans.map((h) => h.id));
      cursor = res.body.nextCursor;
      pages++;
    } while (cursor !== null);
    expect(seen).toEqual(ids);
    expect(pages).toBe(3);
    const odd = await fresh('GET', '/v1/humans?tag=odd');
    expect(odd.body.humans.map((h: { id: number }) => h.id)).toEqual([ids[1], ids[3], ids[5]]);
    expect((await fresh('GET', '/v1/humans?cursor=garbage')).status).toBe(400);
    expect((await fresh('GET', '/v1/humans?limit=0')).status).toBe(422);
    expect((await fresh('GET', '/v1/humans?limit=501')).status).toBe(422);
  });

  it('filters by phone and e-mail in any format', async () => {
    const h = (await api('POST', '/v1/humans', { phone: '+442071838750', email: 'grace@example.org' })).body;
    expect((await api('GET', '/v1/humans?phone=%2B44%2020%207183%208750')).body.humans.map((x: { id: number }) => x.id)).toEqual([h.id]);
    expect((await api('GET', '/v1/humans?email=GRACE@example.org')).body.humans.map((x: { id: number }) => x.id)).toEqual([h.id]);
  });

  it('keeps accounts apart: 403 for another account\'s human, 404 for unknown', async () => {
    const theirs = (await other('POST', '/v1/humans', { firstName: 'Theirs' })).body;
    expect((await api('GET', `/v1/humans/${theirs.id}`)).status).toBe(403);
    expect((await api('GET', '/v1/humans/2000000000')).status).toBe(404);
    const mine = (await api('GET', '/v1/humans?limit=500')).body.humans.map((x: { id: number }) => x.id);
    expect(mine).not.toContain(theirs.id);
  });
});
