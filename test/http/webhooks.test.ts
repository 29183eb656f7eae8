// Webhooks API and deliveries over real HTTP, on SQLite and PostgreSQL: CRUD, every event after its real action, signatures, retries, 410, Retry-After, the log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, isErrorObject, type Call } from '../helpers/http.js';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server.js';
import { ChatClient } from '../channels/web/chat-client.js';
import { Receiver } from '../services/webhooks-receiver.js';

const ALL_TYPES = ['message.received', 'message.sent', 'message.delivered', 'message.read', 'message.failed', 'human.subscribed', 'human.unsubscribed', 'conversation.started'];

const bot = {
  name: 'events bot',
  interactions: [
    {
      name: 'welcome', intents: ['sys:start'],
      actions: [{ send: { message: { text: 'Hello!', quickReplies: [
        { type: 'postback', title: 'Stop', payload: 'STOP', execute: 'unsub' },
        { type: 'postback', title: 'Mail', payload: 'MAIL', execute: 'mail' },
      ] } } }],
    },
    { name: 'unsub', actions: [{ subscribe: false }, { send: { message: { text: 'Bye' } } }] },
    { name: 'mail', actions: [{ send: { email: { to: 'ops@example.com', subject: 'Hi', text: 'Someone asked for mail' } } }] },
    { name: 'other', intents: ['sys:text'], actions: [{ send: { message: { text: 'You said: {sys:text}' } } }] },
  ],
};

describe.each(DATABASES)('webhooks on %s', (kind) => {
  let server: TestServer;
  let receiver: Receiver;
  let api: Call;
  let other: Call;
  let channelId: number;
  let humanId: number;
  let path = 0;

  /** A webhook on a path of its own; returns its id, secret and path. */
  const subscribe = async (eventTypes: string[], call: Call = api) => {
    const p = `/hook-${++path}`;
    const res = await call('POST', '/v1/webhooks', { url: receiver.url(p), eventTypes, description: `test ${p}` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { id: res.body.id as number, secret: res.body.secret as string, path: p };
  };

  /** Sets the human's subscription through the API: a human.subscribed or human.unsubscribed event when it changes. */
  let subscribedNow = false;
  const toggle = async (subscribed: boolean) => {
    const res = await api('POST', `/v1/channels/${channelId}/${subscribed ? 'subscribe' : 'unsubscribe'}`, { humanIds: [humanId] });
    expect(res.status).toBe(200);
    subscribedNow = subscribed;
  };
  /** One event for sure: the subscription changes; returns the event's type. */
  const flip = async () => {
    await toggle(!subscribedNow);
    return subscribedNow ? 'human.subscribed' : 'human.unsubscribed';
  };
  const BOTH = ['human.subscribed', 'human.unsubscribed'];

  const log = async (id: number, query = '') => (await api('GET', `/v1/webhooks/${id}/deliveries${query}`)).body.deliveries as any[];

  /** Polls the log until `done` holds (deliveries finish after the receiver answered). */
  const logUntil = async (id: number, done: (entries: any[]) => boolean) => {
    for (let i = 0; i < 300; i++) {
      const entries = await log(id);
      if (done(entries)) return entries;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`log never reached the state: ${JSON.stringify(await log(id))}`);
  };

  beforeAll(async () => {
    receiver = await Receiver.start();
    server = await startTestServer(kind, { OUTBOUND_ALLOW_HOSTS: '127.0.0.1', WEBHOOK_RETRY_MS: '50', WEBHOOK_MAX_ATTEMPTS: '4', JOBS_POLL_MS: '20' });
    api = client(server.url, (await server.account()).token);
    other = client(server.url, (await server.account()).token);
    const botId = (await api('POST', '/v1/bots', bot)).body.id;
    channelId = (await api('POST', '/v1/channels', { channelType: 'web', botId, name: 'site', description: 'chat' })).body.id;
    humanId = (await api('POST', '/v1/humans', { firstName: 'Ada', email: 'ada@example.com' })).body.id;
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  it('creates a webhook and shows its Standard Webhooks secret once, never again', async () => {
    const res = await api('POST', '/v1/webhooks', { url: receiver.url('/created'), eventTypes: ['message.received', 'message.sent'], description: 'CRM' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(Number), url: receiver.url('/created'), description: 'CRM', eventTypes: ['message.received', 'message.sent'], enabled: true,
      disabledReason: null, dateCreated: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/), dateUpdated: expect.any(String),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    const got = await api('GET', `/v1/webhooks/${res.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body.secret).toBeUndefined();
    const listed = await api('GET', '/v1/webhooks');
    expect(listed.body.find((w: { id: number }) => w.id === res.body.id)).toEqual(got.body);
    expect(JSON.stringify(listed.body)).not.toContain(res.body.secret.slice(6));

    const row = await server.store.db.selectFrom('webhook_subscriptions').select('secret_sealed').where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(row.secret_sealed).toMatch(/^v1\./);
    expect(row.secret_sealed).not.toContain(res.body.secret.slice(6, 20));
    await api('DELETE', `/v1/webhooks/${res.body.id}`);
  });

  it('updates, disables, enables and deletes a webhook', async () => {
    const { id } = await subscribe(['human.subscribed']);
    const put = await api('PUT', `/v1/webhooks/${id}`, { url: receiver.url('/moved'), eventTypes: ['human.unsubscribed', 'human.subscribed', 'human.subscribed'] });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ url: receiver.url('/moved'), eventTypes: ['human.subscribed', 'human.unsubscribed'], description: expect.stringContaining('test'), enabled: true });
    const off = await api('PUT', `/v1/webhooks/${id}`, { url: receiver.url('/moved'), eventTypes: ['human.subscribed'], enabled: false });
    expect(off.body).toMatchObject({ enabled: false, disabledReason: 'disabled through the API' });
    const on = await api('PUT', `/v1/webhooks/${id}`, { url: receiver.url('/moved'), eventTypes: ['human.subscribed'], enabled: true });
    expect(on.body).toMatchObject({ enabled: true, disabledReason: null });
    expect((await api('DELETE', `/v1/webhooks/${id}`)).body).toEqual({});
    expect((await api('GET', `/v1/webhooks/${id}`)).status).toBe(404);
    expect((await api('DELETE', `/v1/webhooks/${id}`)).status).toBe(404);
  });

  it('answers 403 for another account\'s webhook and 404 for an unknown one, with the error object', async () => {
    const { id } = await subscribe(['message.sent']);
    const theirs = { url: receiver.url('/x'), eventTypes: ['message.sent'] };
    for (const [method, suffix, body] of [['GET', '', undefined], ['PUT', '', theirs], ['DELETE', '', undefined], ['POST', '/secret', undefined], ['GET', '/deliveries', undefined]] as const) {
      const res = await other(method, `/v1/webhooks/${id}${suffix}`, body);
      expect(res.status, `${method} ${suffix}`).toBe(403);
      expect(isErrorObject(res.body, 403)).toBe(true);
      const missing = await api(method, `/v1/webhooks/999999${suffix}`, body);
      expect(missing.status, `${method} ${suffix}`).toBe(404);
      expect(isErrorObject(missing.body, 404)).toBe(true);
    }
    expect((await other('GET', '/v1/webhooks')).body.map((w: { id: number }) => w.id)).not.toContain(id);
    expect((await api('GET', `/v1/webhooks/${id}`)).status).toBe(200);
  });

  it('refuses malformed (400) and unprocessable (422) webhooks, saying what was wrong', async () => {
    const cases: [unknown, number, string][] = [
      [{ eventTypes: ['message.sent'] }, 400, 'url'],
      [{ url: receiver.url('/a') }, 400, 'eventTypes'],
      [{ url: 42, eventTypes: ['message.sent'] }, 400, 'url'],
      [{ url: receiver.url('/a'), eventTypes: ['message.exploded'] }, 422, 'eventTypes'],
      [{ url: receiver.url('/a'), eventTypes: [] }, 422, 'eventTypes'],
      [{ url: 'not a url', eventTypes: ['message.sent'] }, 422, 'not an absolute URL'],
      [{ url: 'ftp://example.com/in', eventTypes: ['message.sent'] }, 422, 'http'],
      [{ url: 'http://169.254.169.254/latest', eventTypes: ['message.sent'] }, 422, '169.254.169.254'],
      [{ url: 'http://10.1.2.3/hook', eventTypes: ['message.sent'] }, 422, '10.1.2.3'],
      [{ url: 'http://2130706433/hook', eventTypes: ['message.sent'] }, 422, 'non-standard'],
      [{ url: 'https://user:secret@example.com/hook', eventTypes: ['message.sent'] }, 422, 'password'],
      [{ url: receiver.url('/a'), eventTypes: ['message.sent'], description: 'x'.repeat(201) }, 422, 'description'],
    ];
    for (const [body, status, mention] of cases) {
      const res = await api('POST', '/v1/webhooks', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(isErrorObject(res.body, status)).toBe(true);
      expect(res.body.description).toContain(mention);
    }
  });

  it('sends every event type after the real action, each signed per Standard Webhooks and verified by the standardwebhooks package', async () => {
    const hook = await subscribe(ALL_TYPES);
    const { client: chat } = await ChatClient.open(server.url, channelId);
    expect(await chat.botText(0)).toBe('Hello!');
    chat.say('hi there');
    expect(await chat.botText(1)).toBe('You said: hi there');
    chat.send({ type: 'postback', id: 'p-stop', payload: 'STOP', title: 'Stop' });
    expect(await chat.botText(2)).toBe('Bye');
    chat.send({ type: 'postback', id: 'p-mail', payload: 'MAIL', title: 'Mail' });
    await server.services.runtime.settled();
    const hello = chat.botMessages()[0]!;
    chat.close();

    // Web chat has no receipts; a provider reports them through the runtime like this.
    const channel = (await server.services.runtime.channels.find(channelId))!;
    await server.services.runtime.reportStatus({ channel, providerMessageId: `web-${hello.id}`, status: 'delivered' });
    await server.services.runtime.reportStatus({ channel, providerMessageId: `web-${hello.id}`, status: 'read' });

    const started = (await receiver.waitFor((d) => d.path === hook.path && d.event.type === 'conversation.started'))[0]!;
    const visitor = started.event.data.human.id as number;
    await toggleFor(visitor, true);
    await receiver.waitFor((d) => d.path === hook.path && d.event.type === 'human.subscribed' && d.event.data.source === 'api');

    const got = await receiver.waitFor((d) => d.path === hook.path, 13);
    const byType = (type: string) => got.filter((d) => d.event.type === type);
    for (const d of got) {
      expect(Receiver.verify(hook.secret, d)).toEqual(d.event);
      expect(d.headers['webhook-id']).toMatch(/^msg_[A-Za-z0-9_-]{22}$/);
      expect(d.headers['content-type']).toBe('application/json');
      expect(Math.abs(Number(d.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(300);
      expect(Object.keys(d.event)).toEqual(['type', 'timestamp', 'data']);
      expect(new Date(d.event.timestamp).toISOString()).toBe(d.event.timestamp);
    }
    expect(() => Receiver.verify('whsec_' + Buffer.alloc(32, 7).toString('base64'), got[0]!)).toThrow();
    expect(new Set(got.map((d) => d.headers['webhook-id'])).size).toBe(got.length);
    expect(new Set(got.map((d) => d.event.type))).toEqual(new Set(ALL_TYPES));

    const channelRef = { id: channelId, type: 'web', name: 'site' };
    expect(started.event.data).toEqual({
      conversation: { id: expect.any(Number), address: expect.any(String), dateCreated: expect.any(String) },
      channel: channelRef, human: { id: visitor, firstName: null, lastName: null, phone: null, email: null, tags: [] },
    });
    expect(byType('human.subscribed').map((d) => d.event.data.source).sort()).toEqual(['api', 'first-contact']);
    expect(byType('human.unsubscribed').map((d) => [d.event.data.source, d.event.data.subscribed])).toEqual([['bot', false]]);
    expect(byType('message.received').map((d) => d.event.data.message.content.text).sort()).toEqual(['Mail', 'Stop', 'hi there']);
    const received = byType('message.received').find((d) => d.event.data.message.content.text === 'Stop')!.event.data;
    expect(received).toMatchObject({
      message: { direction: 'in', kind: 'message', status: 'received', content: { kind: 'message', text: 'Stop', payload: 'STOP' } },
      conversation: { id: started.event.data.conversation.id, address: started.event.data.conversation.address }, channel: channelRef, human: { id: visitor },
    });
    expect(byType('message.sent').map((d) => d.event.data.message.content.text).sort()).toEqual(['Bye', 'Hello!', 'You said: hi there']);
    expect(byType('message.sent')[0]!.event.data.message).toMatchObject({ direction: 'out', kind: 'message', status: 'sent' });
    expect(byType('message.delivered')[0]!.event.data.message).toMatchObject({ id: hello.id, status: 'delivered' });
    expect(byType('message.read')[0]!.event.data.message).toMatchObject({ id: hello.id, status: 'read' });
    expect(byType('message.failed')[0]!.event.data.message).toMatchObject({
      kind: 'email', status: 'failed', failureReason: expect.stringContaining('SMTP_URL'), content: { to: ['ops@example.com'], subject: 'Hi' },
    });

    // The API's own view of a message is the one the webhook carried.
    const history = await api('GET', `/v1/conversations/${started.event.data.conversation.id}/messages`);
    expect(history.body.messages.find((m: { id: number }) => m.id === received.message.id)).toEqual(received.message);
    const entries = await logUntil(hook.id, (e) => e.length === got.length && e.every((x) => x.status === 'delivered'));
    expect(entries.map((e) => e.eventId).sort()).toEqual(got.map((d) => d.headers['webhook-id']).sort());
  });

  /** Subscribes another human (the chat visitor) through the API. */
  async function toggleFor(id: number, subscribed: boolean) {
    const res = await api('POST', `/v1/channels/${channelId}/${subscribed ? 'subscribe' : 'unsubscribe'}`, { humanIds: [id] });
    expect(res.status).toBe(200);
  }

  it('sends only the subscribed event types, and only on a change of state', async () => {
    const onlyUnsub = await subscribe(['human.unsubscribed']);
    await toggle(true);
    await toggle(true);
    await toggle(false);
    await toggle(false);
    await receiver.waitFor((d) => d.path === onlyUnsub.path);
    await toggle(true);
    await toggle(false);
    const got = await receiver.waitFor((d) => d.path === onlyUnsub.path, 2);
    expect(got.map((d) => [d.event.type, d.event.data.human.id, d.event.data.source])).toEqual([
      ['human.unsubscribed', humanId, 'api'], ['human.unsubscribed', humanId, 'api'],
    ]);
  });

  it('retries after 500 with the same webhook-id until it succeeds; the log shows the attempts', async () => {
    const hook = await subscribe(BOTH);
    receiver.answer(hook.path, (_, seen) => (seen < 2 ? { status: 500, body: 'database on fire' } : { status: 200 }));
    await flip();
    await flip();
    const got = await receiver.waitFor((d) => d.path === hook.path, 4);
    const ids = [...new Set(got.map((d) => d.headers['webhook-id']))];
    expect(ids).toHaveLength(2);
    for (const d of got) expect(Receiver.verify(hook.secret, d)).toEqual(d.event);
    const entries = await logUntil(hook.id, (e) => e.length === 2 && e.every((x) => x.status === 'delivered'));
    expect(entries.map((e) => e.attempts).reduce((a, b) => a + b)).toBe(4);
    for (const e of entries) {
      expect(e).toMatchObject({ lastStatusCode: 200, lastError: null, nextAttemptAt: null, eventType: expect.stringMatching(/^human\./) });
      expect(e.payload.type).toBe(e.eventType);
      expect(got.filter((d) => d.headers['webhook-id'] === e.eventId)).toHaveLength(e.attempts);
    }
    // Every attempt of one event carries the same body; each is signed anew.
    for (const id of ids) expect(new Set(got.filter((d) => d.headers['webhook-id'] === id).map((d) => d.body)).size).toBe(1);
  });

  it('gives up after WEBHOOK_MAX_ATTEMPTS, keeping the last status and error in the log', async () => {
    const hook = await subscribe(BOTH);
    receiver.answer(hook.path, () => ({ status: 503, body: 'maintenance' }));
    await flip();
    const [entry] = await logUntil(hook.id, (e) => e.length === 1 && e[0].status === 'failed');
    expect(entry).toMatchObject({ attempts: 4, lastStatusCode: 503, nextAttemptAt: null, lastError: 'gave up after 4 attempts: the endpoint answered 503: maintenance' });
    expect(receiver.at(hook.path)).toHaveLength(4);
    expect((await api('GET', `/v1/webhooks/${hook.id}`)).body.enabled).toBe(true);
  });

  it('refuses at delivery an endpoint whose name resolves to a refused address (the check is on the connected address)', async () => {
    // localhost passes the URL check (no DNS there) and resolves to 127.0.0.1, which is allowed only by that name.
    const p = `/hook-${++path}`;
    const res = await api('POST', '/v1/webhooks', { url: receiver.url(p).replace('127.0.0.1', 'localhost'), eventTypes: BOTH });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await flip();
    const [entry] = await logUntil(res.body.id as number, (e) => e.length === 1 && e[0].status === 'failed');
    expect(entry).toMatchObject({ lastStatusCode: null, lastError: expect.stringMatching(/forbidden address|refused/) });
    expect(receiver.at(p)).toHaveLength(0);
  });

  it('a 410 Gone disables the webhook: nothing more is sent until it is enabled again', async () => {
    const hook = await subscribe(BOTH);
    receiver.answer(hook.path, (_, seen) => (seen === 0 ? { status: 410 } : { status: 200 }));
    const gone = await flip();
    const [entry] = await logUntil(hook.id, (e) => e.length === 1 && e[0].status === 'failed');
    expect(entry).toMatchObject({ attempts: 1, lastStatusCode: 410, lastError: expect.stringContaining('410 Gone') });
    const got = (await api('GET', `/v1/webhooks/${hook.id}`)).body;
    expect(got).toMatchObject({ enabled: false, disabledReason: expect.stringContaining('410 Gone') });

    await flip();
    expect(await log(hook.id)).toHaveLength(1);

    await api('PUT', `/v1/webhooks/${hook.id}`, { url: receiver.url(hook.path), eventTypes: BOTH, enabled: true });
    const after = await flip();
    expect(after).toBe(gone);
    await receiver.waitFor((d) => d.path === hook.path, 2);
    expect(receiver.at(hook.path).map((d) => d.event.type)).toEqual([gone, after]);
  });

  it('honours Retry-After on a 429 and holds the whole endpoint back meanwhile', async () => {
    const hook = await subscribe(BOTH);
    receiver.answer(hook.path, (_, seen) => (seen === 0 ? { status: 429, headers: { 'retry-after': '1' } } : { status: 200 }));
    const firstType = await flip();
    const first = (await receiver.waitFor((d) => d.path === hook.path))[0]!;
    const [waiting] = await logUntil(hook.id, (e) => e.length === 1 && e[0].attempts === 1);
    expect(waiting).toMatchObject({ status: 'pending', lastStatusCode: 429 });
    expect(Date.parse(`${waiting.nextAttemptAt}Z`) - Date.parse(`${waiting.lastAttemptAt}Z`)).toBeGreaterThanOrEqual(1000);
    // A second event while the endpoint asked for a pause: held back too, though it never failed itself.
    const secondType = await flip();
    const got = await receiver.waitFor((d) => d.path === hook.path, 3);
    expect(got[0]!.event.type).toBe(firstType);
    // Not before the second the first attempt was signed in, plus the Retry-After.
    const pausedUntil = Number(first.headers['webhook-timestamp']) * 1000 + 1000;
    for (const later of got.slice(1)) expect(later.at).toBeGreaterThanOrEqual(pausedUntil);
    expect(got.slice(1).map((d) => d.event.type).sort()).toEqual(BOTH);
    expect(got.slice(1).filter((d) => d.headers['webhook-id'] === first.headers['webhook-id'])).toHaveLength(1);
    const entries = await logUntil(hook.id, (e) => e.length === 2 && e.every((x) => x.status === 'delivered'));
    expect(entries.map((e) => [e.eventType, e.attempts])).toEqual([[secondType, 1], [firstType, 2]]);
  });

  it('treats a redirect as a failure and does not follow it', async () => {
    const hook = await subscribe(BOTH);
    receiver.answer(hook.path, () => ({ status: 302, headers: { location: receiver.url('/elsewhere') } }));
    await flip();
    const [entry] = await logUntil(hook.id, (e) => e.length === 1 && e[0].status === 'failed');
    expect(entry).toMatchObject({ attempts: 4, lastStatusCode: 302, lastError: expect.stringContaining('do not follow redirects') });
    expect(receiver.at('/elsewhere')).toHaveLength(0);
  });

  it('rotating the secret shows the new one once and signs with both for the overlap', async () => {
    const hook = await subscribe(BOTH);
    const rotated = await api('POST', `/v1/webhooks/${hook.id}/secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(hook.secret);
    expect((await api('GET', `/v1/webhooks/${hook.id}`)).body.secret).toBeUndefined();
    await flip();
    const [d] = await receiver.waitFor((x) => x.path === hook.path);
    expect(d!.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(Receiver.verify(rotated.body.secret, d!)).toEqual(d!.event);
    expect(Receiver.verify(hook.secret, d!)).toEqual(d!.event);
  });

  it('pages the delivery log newest first', async () => {
    const hook = await subscribe(BOTH);
    const flipped: string[] = [];
    for (let i = 0; i < 5; i++) flipped.push(await flip());
    await logUntil(hook.id, (e) => e.length === 5 && e.every((x) => x.status === 'delivered'));
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const res: { body: { deliveries: { id: number }[]; nextCursor: string | null } } = await api('GET', `/v1/webhooks/${hook.id}/deliveries?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.body.deliveries.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.deliveries.map((d) => d.id));
      cursor = res.body.nextCursor;
    } while (cursor !== null);
    expect(seen).toHaveLength(5);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
    const types = (await log(hook.id)).map((e: { eventType: string }) => e.eventType);
    expect(types).toEqual(flipped.reverse());
    expect((await api('GET', `/v1/webhooks/${hook.id}/deliveries?cursor=nonsense`)).status).toBe(400);
    expect((await api('GET', `/v1/webhooks/${hook.id}/deliveries?limit=0`)).status).toBe(422);
  });

  it('documents every route in the OpenAPI document', async () => {
    const doc = (await api('GET', '/v1/openapi.json')).body;
    for (const [path, methods] of [['/v1/webhooks', ['get', 'post']], ['/v1/webhooks/{webhook_id}', ['get', 'put', 'delete']], ['/v1/webhooks/{webhook_id}/secret', ['post']], ['/v1/webhooks/{webhook_id}/deliveries', ['get']]] as const) {
      for (const m of methods) {
        expect(doc.paths[path]?.[m]?.summary, `${m} ${path}`).toEqual(expect.any(String));
        expect(Object.keys(doc.paths[path][m].responses)).toEqual(expect.arrayContaining(['200', '400', '401']));
      }
    }
  });
});
