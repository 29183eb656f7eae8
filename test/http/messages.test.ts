import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Delivery } from '../../src/channels/types.js';
import { client, isErrorObject, type Call } from '../helpers/http.js';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server.js';

const bot = {
  name: 'notices',
  interactions: [
    { name: 'survey', actions: [{ assignAttributes: { attributes: [{ attributePath: 'surveyed', value: 'yes' }] } }, { send: { message: { text: 'Rate us, {sys:firstName}: reply 1 to 5' } } }, { waitFor: { data: ['number'], content: 'score' } }, { send: { message: { text: 'Thanks for the {score}!' } } }] },
    { name: 'other', intents: ['sys:text'], actions: [{ send: { message: { text: 'ok' } } }] },
  ],
};

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 300; i++) {
    const value = await read();
    if (ok(value)) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not reached');
}

describe.each(DATABASES)('proactive messages on %s', (kind) => {
  let server: TestServer;
  let api: Call;
  let other: Call;
  let channelId: number;
  let otherChannelId: number;
  const delivered: Delivery[] = [];
  const humans: number[] = [];

  beforeAll(async () => {
    server = await startTestServer(kind);
    // The SMS provider is another module's concern; a recording adapter stands at the provider boundary here.
    server.services.runtime.registerAdapter({ type: 'dsc', deliver: async (d) => { delivered.push(d); return { kind: 'sent', providerMessageId: `p-${d.messageId}` }; } });
    api = client(server.url, (await server.account()).token);
    other = client(server.url, (await server.account()).token);
    const botId = (await api('POST', '/v1/bots', bot)).body.id;
    channelId = (await api('POST', '/v1/channels', { channelType: 'dsc', botId, name: 'short code', description: 'alerts', user: '12345' })).body.id;
    const otherBot = (await other('POST', '/v1/bots', { name: 'x', interactions: [] })).body.id;
    otherChannelId = (await other('POST', '/v1/channels', { channelType: 'dsc', botId: otherBot, name: 'theirs', description: 'x', user: '999' })).body.id;
    for (let i = 0; i < 12; i++) {
      const created = await api('POST', '/v1/humans', { firstName: `H${i}`, phone: `+1415555${String(1000 + i)}`, tags: i % 2 === 0 ? ['vip'] : ['basic'] });
      humans.push(created.body.id);
    }
    // Ten subscribed; the last two never subscribed, so no send reaches them.
    await api('POST', `/v1/channels/${channelId}/subscribe`, { humanIds: humans.slice(0, 10) });
  });
  afterAll(async () => server?.close());

  it('sends a rendered text to the union of ids and tags, subscribed humans only, each once, and reports progress', async () => {
    delivered.length = 0;
    const res = await api('POST', '/v1/messages', {
      channelId, text: 'Hello {sys:firstName}, sale today',
      targets: [{ targetType: 'humans', tags: 'vip' }, { targetType: 'humans', ids: [humans[1], humans[2], humans[11]] }],
    });
    expect(res.status).toBe(200);
    // vip: H0 H2 H4 H6 H8 (H10 unsubscribed), plus H1 (H2 twice, H11 unsubscribed).
    expect(res.body.queued).toBe(6);
    const progress = await until(() => api('GET', `/v1/messages/batches/${res.body.batchId}`), (p) => p.body.status === 'done');
    expect(progress.body).toMatchObject({ total: 6, queued: 6, unreachable: 0, messages: { sent: 6, queued: 0, failed: 0 } });
    expect(delivered.map((d) => d.message.text).sort()).toEqual(['H0', 'H1', 'H2', 'H4', 'H6', 'H8'].map((n) => `Hello ${n}, sale today`));
    expect(new Set(delivered.map((d) => d.address)).size).toBe(6);
  });

  it('runs a script for each human, whose answers then continue the script', async () => {
    delivered.length = 0;
    const res = await api('POST', '/v1/messages', { channelId, script: 'survey', targets: [{ targetType: 'humans', ids: [humans[3]!] }] });
    expect(res.body.queued).toBe(1);
    await until(async () => delivered.length, (n) => n === 1);
    expect(delivered[0]!.message.text).toBe('Rate us, H3: reply 1 to 5');
    const channel = (await server.services.runtime.channels.find(channelId))!;
    await server.services.runtime.ingest.receive({ channel, address: delivered[0]!.address, providerMessageId: 'in-1', event: { kind: 'message', text: '5', payload: null, media: [], location: null } });
    await until(async () => delivered.length, (n) => n === 2);
    expect(delivered[1]!.message.text).toBe('Thanks for the 5!');
  });

  it('answers bad sends with the error object', async () => {
    const cases: [unknown, number][] = [
      [{ channelId: 999999, text: 'x', targets: [{ targetType: 'humans', ids: [1] }] }, 404],
      [{ channelId: otherChannelId, text: 'x', targets: [{ targetType: 'humans', ids: [1] }] }, 403],
      [{ channelId, targets: [{ targetType: 'humans', ids: [1] }] }, 422],
      [{ channelId, script: 'nope', targets: [{ targetType: 'humans', ids: [1] }] }, 422],
      [{ channelId, text: 'x', targets: [{ targetType: 'groups', ids: [1] }] }, 422],
      [{ channelId, text: 'x', targets: [{ targetType: 'humans' }] }, 422],
      [{ channelId, text: 'x', mediaType: 'image', targets: [{ targetType: 'humans', ids: [1] }] }, 422],
      [{ channelId, text: 'x', mediaType: 'gif', media: 'https://x.example/a.gif', targets: [{ targetType: 'humans', ids: [1] }] }, 422],
      [{ channelId, text: 'x' }, 400],
      [{ channelId, text: 'x'.repeat(3073), targets: [{ targetType: 'humans', ids: [1] }] }, 422],
    ];
    for (const [body, status] of cases) {
      const res = await api('POST', '/v1/messages', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(isErrorObject(res.body, status)).toBe(true);
    }
    expect((await other('GET', '/v1/messages/batches/1')).status).toBe(403);
    expect((await api('GET', '/v1/messages/batches/999999')).status).toBe(404);
  });
});
