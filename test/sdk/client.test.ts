// The typed client against a real server: a script with a bearer token, the console with a session cookie and its CSRF token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParleyClient, must, ParleyError } from '../../sdk/index.js';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server.js';

describe.each(DATABASES)('the typed client on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(kind); });
  afterAll(async () => server?.close());

  it('calls the API with a token, and turns an error answer into a ParleyError with the error object', async () => {
    const { token } = await server.account();
    const parley = createParleyClient({ baseUrl: server.url, token });
    const bot = await must(parley.POST('/v1/bots', { body: { name: 'typed' } }));
    expect(bot.name).toBe('typed');
    const channel = await must(parley.POST('/v1/channels', { body: { channelType: 'web', botId: bot.id, name: 'site', description: 'chat' } }));
    expect((await must(parley.GET('/v1/channels/{channel_id}', { params: { path: { channel_id: channel.id } } }))).name).toBe('site');
    const missing = await must(parley.GET('/v1/bots/{bot_id}', { params: { path: { bot_id: 999_999 } } })).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ParleyError);
    expect((missing as ParleyError).status).toBe(404);
    expect((missing as ParleyError).body?.code).toBe('404');
  });

  it('signs in, sends the CSRF token on changes, and is refused without it', async () => {
    await server.account(`typed-${kind}@example.com`);
    const anonymous = createParleyClient({ baseUrl: server.url });
    const signIn = await anonymous.POST('/v1/sessions', { body: { email: `typed-${kind}@example.com`, password: 'correct horse battery' } });
    expect(signIn.response.status).toBe(200);
    const cookie = signIn.response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const asConsole = createParleyClient({ baseUrl: server.url, cookie, csrfToken: signIn.data!.csrfToken });
    expect((await must(asConsole.POST('/v1/tokens', { body: { name: 'from the console' } }))).name).toBe('from the console');
    const noCsrf = createParleyClient({ baseUrl: server.url, cookie });
    expect((await noCsrf.POST('/v1/tokens', { body: { name: 'x' } })).response.status).toBe(403);
    expect((await anonymous.GET('/v1/sessions')).response.status).toBe(401);
  });
});
