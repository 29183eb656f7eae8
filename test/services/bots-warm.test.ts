// A revision that becomes current is trained at once: its recognizer is stored before anyone writes to the bot.
import { afterAll, describe, expect, it } from 'vitest';
import { client } from '../helpers/http.js';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server.js';
import { eventually } from '../channels/support/eventually.js';

const bot = (expressions: string[]) => ({
  name: 'hours',
  interactions: [{ name: 'open', intents: [{ name: 'openingHours', expressions }], actions: [{ send: { message: { text: 'nine to five' } } }] }],
});

describe.each(DATABASES)('publishing a bot on %s', (kind) => {
  let server: TestServer;
  afterAll(async () => server?.close());

  it('trains and stores the recognizer of each revision made current, before anyone writes to it', async () => {
    server = await startTestServer(kind);
    const api = client(server.url, (await server.account()).token);
    // The store keeps the models of the revision just trained and of the current one.
    const stored = async (botId: number) => (await server.store.db.selectFrom('nlu_models').select('revision').where('bot_id', '=', botId).orderBy('revision').execute()).map((r) => r.revision);
    const created = await api('POST', '/v1/bots', bot(['when are you open']));
    const botId = created.body.id as number;
    expect(await eventually(async () => { const r = await stored(botId); expect(r).toEqual([1]); return r; })).toEqual([1]);

    expect((await api('PUT', `/v1/bots/${botId}`, bot(['when are you open', 'are you open on sunday']))).status).toBe(200);
    expect((await api('PUT', `/v1/bots/${botId}?publish=true`, bot(['when are you open', 'what are your hours']))).status).toBe(200);
    await eventually(async () => expect(await stored(botId)).toEqual([3]));
    expect((await api('POST', `/v1/bots/${botId}/publish`, { revision: 2 })).status).toBe(200);
    await eventually(async () => expect(await stored(botId)).toEqual([2]));
    expect((await api('GET', '/v1/conversations')).body.conversations).toEqual([]);
  });
});
