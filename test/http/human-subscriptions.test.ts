// GET /v1/humans/{id}/subscriptions: each channel the human is subscribed to or left, for the account's own humans only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParleyClient, must } from '../../sdk/index.js';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server.js';

describe.each(DATABASES)('a human\'s subscriptions on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(kind); });
  afterAll(async () => server?.close());

  it('lists subscribed and unsubscribed channels; another account\'s human is a 403, none a 404', async () => {
    const api = createParleyClient({ baseUrl: server.url, token: (await server.account()).token });
    const other = createParleyClient({ baseUrl: server.url, token: (await server.account()).token });
    const botId = (await must(api.POST('/v1/bots', { body: { name: 'b' } }))).id;
    // One after the other, so that a's id is the smaller (the list is in channel order).
    const a = (await must(api.POST('/v1/channels', { body: { channelType: 'web', botId, name: 'a', description: 'a' } }))).id;
    const b = (await must(api.POST('/v1/channels', { body: { channelType: 'web', botId, name: 'b', description: 'b' } }))).id;
    const human = await must(api.POST('/v1/humans', { body: { firstName: 'Ada' } }));
    const path = { params: { path: { human_id: human.id } } };
    expect(await must(api.GET('/v1/humans/{human_id}/subscriptions', path))).toEqual([]);
    await must(api.POST('/v1/channels/{channel_id}/subscribe', { params: { path: { channel_id: a } }, body: { humanIds: [human.id] } }));
    await must(api.POST('/v1/channels/{channel_id}/subscribe', { params: { path: { channel_id: b } }, body: { humanIds: [human.id] } }));
    await must(api.POST('/v1/channels/{channel_id}/unsubscribe', { params: { path: { channel_id: b } }, body: { humanIds: [human.id] } }));
    const list = await must(api.GET('/v1/humans/{human_id}/subscriptions', path));
    expect(list.map(({ channelId, subscribed }) => ({ channelId, subscribed }))).toEqual([{ channelId: a, subscribed: true }, { channelId: b, subscribed: false }]);
    expect(list[0]!.dateUpdated).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    expect((await other.GET('/v1/humans/{human_id}/subscriptions', path)).response.status).toBe(403);
    expect((await api.GET('/v1/humans/{human_id}/subscriptions', { params: { path: { human_id: 999_999 } } })).response.status).toBe(404);
  });
});
