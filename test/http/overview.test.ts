// GET /v1/overview: today's counts of the caller's account only, through the typed client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParleyClient, must } from '../../sdk/index.js';
import { ChatClient } from '../channels/web/chat-client.js';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server.js';

const bot = { name: 'echo', interactions: [{ name: 'other', intents: ['sys:text'], actions: [{ send: { message: { text: 'Echo: {sys:text}' } } }] }] };

describe.each(DATABASES)('overview on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(kind); });
  afterAll(async () => server?.close());

  it('counts channels, today\'s conversations and messages per channel type, for this account only', async () => {
    const api = createParleyClient({ baseUrl: server.url, token: (await server.account()).token });
    const other = createParleyClient({ baseUrl: server.url, token: (await server.account()).token });
    const botId = (await must(api.POST('/v1/bots', { body: bot }))).id;
    const web = await must(api.POST('/v1/channels', { body: { channelType: 'web', botId, name: 'site', description: 'chat' } }));
    await must(api.POST('/v1/channels', { body: { channelType: 'web', botId, name: 'second', description: 'chat' } }));
    const { client: chat } = await ChatClient.open(server.url, web.id);
    chat.say('one');
    await chat.botText(0);
    chat.say('two');
    await chat.botText(1);
    await server.services.runtime.settled();
    const { conversations } = await must(api.GET('/v1/conversations'));
    await must(api.PATCH('/v1/conversations/{conversation_id}', { params: { path: { conversation_id: conversations[0]!.id } }, body: { botEnabled: false } }));

    const o = await must(api.GET('/v1/overview'));
    expect(o.since).toMatch(/^\d{4}-\d\d-\d\dT00:00:00$/);
    expect(o.channels).toEqual([{ channelType: 'web', count: 2 }]);
    expect(o.conversations).toEqual({ total: 1, activeSince: 1, withAgent: 1 });
    expect(o.messages).toEqual(expect.arrayContaining([{ channelType: 'web', direction: 'in', count: 2 }, { channelType: 'web', direction: 'out', count: 2 }]));
    expect(o.deliveryFailures).toBe(0);
    expect(o.webhooks).toEqual({ endpoints: 0, disabled: 0, failedDeliveries: 0 });

    // A channel made to try the bot, and what happens on it, stay out.
    const trial = await must(api.POST('/v1/channels', { body: { channelType: 'web', botId, name: 'Try it (web)', description: 'try', trial: true } }));
    expect(trial.trial).toBe(true);
    const { client: trying } = await ChatClient.open(server.url, trial.id);
    trying.say('just trying');
    await trying.botText(0);
    await server.services.runtime.settled();
    expect(await must(api.GET('/v1/overview'))).toMatchObject({ channels: [{ channelType: 'web', count: 2 }], conversations: { total: 1, activeSince: 1 } });
    trying.close();

    const theirs = await must(other.GET('/v1/overview'));
    expect(theirs).toMatchObject({ channels: [], conversations: { total: 0, activeSince: 0, withAgent: 0 }, messages: [] });
    chat.close();
  });
});
