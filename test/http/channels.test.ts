// Channels API (spec endpoints 1–9) over real HTTP, on SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, isErrorObject, type Call } from '../helpers/http.js';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server.js';

describe.each(DATABASES)('channels on %s', (kind) => {
  let server: TestServer;
  let api: Call;
  let other: Call;
  let botId: number;
  let otherBotId: number;

  const channel = (overrides: Record<string, unknown> = {}) => ({
    channelType: 'web', botId, name: 'Site chat', description: 'Chat on the web site', user: 'site', token: 'tok-secret-123', ...overrides,
  });

  beforeAll(async () => {
    server = await startTestServer(kind);
    api = client(server.url, (await server.account()).token);
    other = client(server.url, (await server.account()).token);
    botId = (await api('POST', '/v1/bots', { name: 'Main bot' })).body.id;
    otherBotId = (await other('POST', '/v1/bots', { name: 'Their bot' })).body.id;
  });
  afterAll(async () => server?.close());

  it('lists every channel type, flagging the coming-soon ones', async () => {
    const res = await api('GET', '/v1/channels/types');
    expect(res.status).toBe(200);
    expect(res.body.map((t: { name: string }) => t.name)).toEqual(['dsc', 'dlc', 'fb', 'twr', 'alx', 'web', 'rcs', 'wha', 'tlg', 'sky', 'slk']);
    expect(res.body.filter((t: { comingSoon: boolean }) => t.comingSoon).map((t: { name: string }) => t.name)).toEqual(['sky', 'slk']);
    for (const t of res.body) expect(typeof t.description).toBe('string');
  });

  it('creates a channel with every field, never returning the token', async () => {
    const res = await api('POST', '/v1/channels', channel());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(Number), channelType: 'web', botId, name: 'Site chat', description: 'Chat on the web site',
      user: 'site', phoneType: 0, countryCode: null, data: null, dateCreated: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/), trial: false,
    });
    expect(JSON.stringify(res.body)).not.toContain('tok-secret-123');
    const got = await api('GET', `/v1/channels/${res.body.id}`);
    expect(got.body).toEqual(res.body);
  });

  it('stores the token encrypted at rest', async () => {
    const res = await api('POST', '/v1/channels', channel({ token: 'plain-credential-XYZ' }));
    const row = await server.store.db.selectFrom('channels').select('token_sealed').where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(row.token_sealed).not.toContain('plain-credential-XYZ');
    expect(row.token_sealed).toMatch(/^v1\./);
    const stored = await server.services.channels.owned((await server.store.db.selectFrom('channels').select('account_id').where('id', '=', res.body.id).executeTakeFirstOrThrow()).account_id, res.body.id);
    expect(server.services.channels.openToken(stored)).toBe('plain-credential-XYZ');
  });

  it('dateCreated is UTC in the spec format', async () => {
    const before = new Date().toISOString().slice(0, 19);
    const res = await api('POST', '/v1/channels', channel());
    const after = new Date(Date.now() + 1000).toISOString().slice(0, 19);
    expect(res.body.dateCreated >= before && res.body.dateCreated <= after).toBe(true);
  });

  it('accepts phoneType and countryCode on dlc only', async () => {
    const dlc = await api('POST', '/v1/channels', channel({ channelType: 'dlc', user: '+14155550100', phoneType: 2, countryCode: 'CA' }));
    expect(dlc.status).toBe(200);
    expect(dlc.body).toMatchObject({ phoneType: 2, countryCode: 'CA' });
    const dlcDefault = await api('POST', '/v1/channels', channel({ channelType: 'dlc' }));
    expect(dlcDefault.body).toMatchObject({ phoneType: 1, countryCode: null });
    for (const bad of [{ phoneType: 0 }, { phoneType: 4 }, { countryCode: 'GB' }]) {
      const res = await api('POST', '/v1/channels', channel({ channelType: 'dlc', ...bad }));
      expect(res.status, JSON.stringify(bad)).toBe(422);
    }
    for (const bad of [{ phoneType: 1 }, { countryCode: 'US' }]) {
      const res = await api('POST', '/v1/channels', channel({ channelType: 'fb', ...bad }));
      expect(res.status).toBe(422);
      expect(res.body.description).toContain('dlc');
    }
    const harmless = await api('POST', '/v1/channels', channel({ channelType: 'fb', phoneType: 0, countryCode: null }));
    expect(harmless.status).toBe(200);
  });

  it('accepts data on rcs only', async () => {
    const data = { brand: { name: 'Acme' }, verified: true, contacts: [1, 2] };
    const rcs = await api('POST', '/v1/channels', channel({ channelType: 'rcs', data }));
    expect(rcs.status).toBe(200);
    expect(rcs.body.data).toEqual(data);
    const web = await api('POST', '/v1/channels', channel({ data }));
    expect(web.status).toBe(422);
    expect(web.body.description).toContain('RCS');
    const notObject = await api('POST', '/v1/channels', channel({ channelType: 'rcs', data: [1] }));
    expect(notObject.status).toBe(400);
  });

  it('refuses unknown and coming-soon channel types with 422', async () => {
    const unknown = await api('POST', '/v1/channels', channel({ channelType: 'xyz' }));
    expect(unknown.status).toBe(422);
    expect(isErrorObject(unknown.body, 422)).toBe(true);
    for (const type of ['sky', 'slk']) {
      const res = await api('POST', '/v1/channels', channel({ channelType: type }));
      expect(res.status).toBe(422);
      expect(res.body.description).toContain('coming soon');
    }
  });

  it('enforces name and description limits at and over the bound', async () => {
    expect((await api('POST', '/v1/channels', channel({ name: 'n'.repeat(255) }))).status).toBe(200);
    const longName = await api('POST', '/v1/channels', channel({ name: 'n'.repeat(256) }));
    expect(longName.status).toBe(422);
    expect(longName.body.description).toContain('name');
    expect((await api('POST', '/v1/channels', channel({ description: 'd'.repeat(200) }))).status).toBe(200);
    const longDesc = await api('POST', '/v1/channels', channel({ description: 'd'.repeat(201) }));
    expect(longDesc.status).toBe(422);
    expect(longDesc.body.description).toContain('description');
    expect((await api('POST', '/v1/channels', channel({ name: '' }))).status).toBe(422);
  });

  it('answers 400 for missing fields and wrong JSON types', async () => {
    for (const field of ['channelType', 'botId', 'name', 'description']) {
      const body: Record<string, unknown> = channel();
      delete body[field];
      const res = await api('POST', '/v1/channels', body);
      expect(res.status, field).toBe(400);
      expect(res.body.description).toContain(field);
    }
    expect((await api('POST', '/v1/channels', channel({ botId: String(botId) }))).status).toBe(400);
    expect((await api('POST', '/v1/channels', channel({ name: 42 }))).status).toBe(400);
  });

  it('checks botId: unknown is 422, another account\'s is 403', async () => {
    expect((await api('POST', '/v1/channels', channel({ botId: 999999 }))).status).toBe(422);
    expect((await api('POST', '/v1/channels', channel({ botId: otherBotId }))).status).toBe(403);
  });

  it('lists channels, filtered by bot_id', async () => {
    const secondBot = (await api('POST', '/v1/bots', { name: 'Second' })).body.id;
    const mine = await api('POST', '/v1/channels', channel({ botId: secondBot, name: 'second-bot channel' }));
    const all = await api('GET', '/v1/channels');
    expect(all.status).toBe(200);
    expect(all.body.length).toBeGreaterThan(1);
    expect(JSON.stringify(all.body)).not.toContain('tok-secret');
    const filtered = await api('GET', `/v1/channels?bot_id=${secondBot}`);
    expect(filtered.body).toEqual([mine.body]);
    expect((await other('GET', '/v1/channels')).body).toEqual([]);
    expect((await api('GET', '/v1/channels?bot_id=abc')).status).toBe(400);
  });

  it('updates a channel: botId, name, description, data, user and token', async () => {
    const created = (await api('POST', '/v1/channels', channel({ channelType: 'rcs', data: { a: 1 } }))).body;
    const secondBot = (await api('POST', '/v1/bots', { name: 'Other' })).body.id;
    const res = await api('PUT', `/v1/channels/${created.id}`, { botId: secondBot, name: 'Renamed', description: 'New', data: { b: 2 }, token: 'rotated' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...created, botId: secondBot, name: 'Renamed', description: 'New', data: { b: 2 } });
    expect((await api('GET', `/v1/channels/${created.id}`)).body).toEqual(res.body);
    const changeType = await api('PUT', `/v1/channels/${created.id}`, { channelType: 'web', botId, name: 'x', description: 'y' });
    expect(changeType.status).toBe(422);
    expect((await api('PUT', `/v1/channels/${created.id}`, { name: 'x', description: 'y' })).status).toBe(400);
    expect((await api('PUT', `/v1/channels/${created.id}`, { botId, name: 'n'.repeat(256), description: 'y' })).status).toBe(422);
    expect((await api('PUT', '/v1/channels/987654', { botId, name: 'x', description: 'y' })).status).toBe(404);
  });

  it('deletes a channel with {} and then it is gone', async () => {
    const created = (await api('POST', '/v1/channels', channel())).body;
    const res = await api('DELETE', `/v1/channels/${created.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect((await api('GET', `/v1/channels/${created.id}`)).status).toBe(404);
    expect((await api('DELETE', `/v1/channels/${created.id}`)).status).toBe(404);
  });

  it('subscribes and unsubscribes humans and counts them', async () => {
    const ch = (await api('POST', '/v1/channels', channel())).body;
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await api('POST', '/v1/humans', { firstName: `H${i}` })).body.id);
    const theirs = (await other('POST', '/v1/humans', { firstName: 'Not yours' })).body.id;

    expect((await api('GET', `/v1/channels/${ch.id}/subscription`)).body).toEqual({ channelId: ch.id, subscribedHumansCount: 0 });
    const sub = await api('POST', `/v1/channels/${ch.id}/subscribe`, { humanIds: [...ids, ids[0], 999999, theirs] });
    expect(sub.status).toBe(200);
    expect(sub.body).toEqual({ channelId: ch.id, subscribedHumansCount: 3 });
    expect((await api('GET', `/v1/channels/${ch.id}/subscription`)).body).toEqual({ channelId: ch.id, subscribedHumansCount: 3 });

    const again = await api('POST', `/v1/channels/${ch.id}/subscribe`, { humanIds: [ids[0]] });
    expect(again.body.subscribedHumansCount).toBe(1);
    const unsub = await api('POST', `/v1/channels/${ch.id}/unsubscribe`, { humanIds: [ids[0], ids[1]] });
    expect(unsub.body).toEqual({ channelId: ch.id, unsubscribedHumansCount: 2 });
    expect((await api('GET', `/v1/channels/${ch.id}/subscription`)).body.subscribedHumansCount).toBe(1);
    expect((await api('POST', `/v1/channels/${ch.id}/subscribe`, { humanIds: [] })).body.subscribedHumansCount).toBe(0);
  });

  it('validates humanIds', async () => {
    const ch = (await api('POST', '/v1/channels', channel())).body;
    expect((await api('POST', `/v1/channels/${ch.id}/subscribe`, {})).status).toBe(400);
    expect((await api('POST', `/v1/channels/${ch.id}/subscribe`, { humanIds: ['1'] })).status).toBe(400);
    expect((await api('POST', `/v1/channels/${ch.id}/subscribe`, { humanIds: [0] })).status).toBe(422);
    expect((await api('POST', `/v1/channels/${ch.id}/subscribe`, { humanIds: Array.from({ length: 10_000 }, (_, i) => i + 1) })).status).toBe(200);
    expect((await api('POST', `/v1/channels/${ch.id}/subscribe`, { humanIds: Array.from({ length: 10_001 }, (_, i) => i + 1) })).status).toBe(422);
  });

  it('answers 403 for every endpoint on another account\'s channel, 404 for unknown ids', async () => {
    const theirs = (await other('POST', '/v1/channels', channel({ botId: otherBotId }))).body;
    const calls: [string, string, unknown?][] = [
      ['GET', `/v1/channels/${theirs.id}`],
      ['PUT', `/v1/channels/${theirs.id}`, { botId, name: 'x', description: 'y' }],
      ['DELETE', `/v1/channels/${theirs.id}`],
      ['POST', `/v1/channels/${theirs.id}/subscribe`, { humanIds: [1] }],
      ['POST', `/v1/channels/${theirs.id}/unsubscribe`, { humanIds: [1] }],
      ['GET', `/v1/channels/${theirs.id}/subscription`],
    ];
    for (const [method, path, body] of calls) {
      const res = await api(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(isErrorObject(res.body, 403)).toBe(true);
      const unknown = await api(method, path.replace(String(theirs.id), '2000000000'), body);
      expect(unknown.status, `${method} unknown`).toBe(404);
    }
    expect((await other('GET', `/v1/channels/${theirs.id}`)).status).toBe(200);
  });

  it('keeps another account\'s bots out: 403 moving a channel to one, nothing listed filtering by one', async () => {
    const mine = (await api('POST', '/v1/channels', channel())).body;
    const moved = await api('PUT', `/v1/channels/${mine.id}`, { botId: otherBotId, name: 'x', description: 'y' });
    expect(moved.status).toBe(403);
    expect(isErrorObject(moved.body, 403)).toBe(true);
    expect((await api('GET', `/v1/channels/${mine.id}`)).body).toEqual(mine);
    await other('POST', '/v1/channels', channel({ botId: otherBotId }));
    expect((await api('GET', `/v1/channels?bot_id=${otherBotId}`)).body).toEqual([]);
  });

  it('updates a dlc channel\'s phone fields and refuses them on others', async () => {
    const dlc = (await api('POST', '/v1/channels', channel({ channelType: 'dlc', user: '+14155550100', countryCode: 'US' }))).body;
    const res = await api('PUT', `/v1/channels/${dlc.id}`, { botId, name: 'Line', description: '', phoneType: 3, countryCode: 'CA' });
    expect(res.body).toMatchObject({ phoneType: 3, countryCode: 'CA', user: '+14155550100' });
    const web = (await api('POST', '/v1/channels', channel())).body;
    expect((await api('PUT', `/v1/channels/${web.id}`, { botId, name: 'x', description: '', countryCode: 'US' })).status).toBe(422);
    expect((await api('PUT', `/v1/channels/${web.id}`, { botId, name: 'x', description: '', data: { a: 1 } })).status).toBe(422);
    expect((await api('GET', `/v1/channels/${web.id}`)).body).toEqual(web);
  });

  it('answers 400 for a non-numeric id and 404 for one out of range', async () => {
    expect((await api('GET', '/v1/channels/abc')).status).toBe(400);
    expect((await api('GET', '/v1/channels/99999999999999')).status).toBe(404);
  });
});
