// Upgrades: the fixtures an earlier release left (scripts/upgrade-fixtures) are opened by the code under test on SQLite and
// PostgreSQL: every conversation carries on where it stopped, the timer that fell due while the server was down fires once,
// tokens, humans, subscriptions and webhooks are all there.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureManifest } from '../../scripts/upgrade-fixtures/scenario.js';
import { FIXTURE_SCHEMA, renameSchemas } from '../../scripts/upgrade-fixtures/schema-names.js';
import { ChatClient } from '../channels/web/chat-client.js';
import { client, type Call } from '../helpers/http.js';
import { freshDatabase, startTestServer, TEST_DATABASE_URL, type DatabaseKind, type TestServer } from '../helpers/server.js';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/upgrade');
const cases = fs.readdirSync(FIXTURES).flatMap((release) => (['sqlite', 'postgres'] as const).map((kind) => [release, kind] as const));

/** The fixture's database and secrets in a fresh data directory (and, on PostgreSQL, a fresh schema). */
async function restore(dir: string, kind: DatabaseKind): Promise<Awaited<ReturnType<typeof freshDatabase>>> {
  const fresh = await freshDatabase(kind);
  fs.copyFileSync(path.join(dir, 'secrets.json'), path.join(fresh.env.DATA_DIR!, 'secrets.json'));
  if (kind === 'sqlite') {
    fs.writeFileSync(path.join(fresh.env.DATA_DIR!, 'parley.db'), zlib.gunzipSync(fs.readFileSync(path.join(dir, 'parley.db.gz'))));
    return fresh;
  }
  const schema = new URL(fresh.env.DATABASE_URL!).searchParams.get('options')!.replace(/^.*search_path=/, '');
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    // The dump creates its schemas itself (under the fresh names).
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.query(renameSchemas(fs.readFileSync(path.join(dir, 'dump.sql'), 'utf8'), schema));
  } finally {
    await admin.end();
  }
  expect(schema).not.toBe(FIXTURE_SCHEMA);
  return fresh;
}

interface HistoryMessage { direction: string; content: { text?: string | null } }

async function eventually<T>(read: () => Promise<T | undefined>): Promise<T> {
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(cases)('the fixture of %s on %s', (release, kind) => {
  const dir = path.join(FIXTURES, release, kind);
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as FixtureManifest;
  const { visitors, channelId } = manifest;
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let server: TestServer;
  let api: Call;
  const texts = async (conversationId: number): Promise<string[]> => {
    const { body } = await api('GET', `/v1/conversations/${conversationId}/messages?limit=100`);
    return (body.messages as HistoryMessage[]).map((m) => `${m.direction} ${m.content.text ?? ''}`);
  };

  beforeAll(async () => {
    fresh = await restore(dir, kind);
    server = await startTestServer(kind, fresh.env);
    api = client(server.url, manifest.token);
  });
  afterAll(async () => {
    await server?.close();
    await fresh?.cleanup();
  });

  it('keeps the tokens: they still work, the revoked one still does not', async () => {
    expect((await api('GET', '/v1/bots')).body).toEqual([expect.objectContaining({ id: manifest.botId, name: 'upgrade-fixture' })]);
    expect((await client(server.url, manifest.otherToken)('GET', `/v1/channels/${channelId}`)).status).toBe(200);
    expect((await client(server.url, manifest.revokedToken)('GET', '/v1/bots')).status).toBe(401);
  });

  it('keeps the humans, their tags and subscriptions, and the webhook', async () => {
    const { body } = await api('GET', '/v1/humans?tag=vip');
    expect(body.humans).toEqual([expect.objectContaining({ id: manifest.humanId, firstName: 'Ada', phone: '+14155550100', tags: ['beta', 'vip'] })]);
    // Ada, and each web-chat visitor since their first message.
    expect((await api('GET', `/v1/channels/${channelId}/subscription`)).body.subscribedHumansCount).toBe(1 + Object.keys(visitors).length);
    const webhook = await api('GET', `/v1/webhooks/${manifest.webhookId}`);
    expect(webhook.body).toMatchObject({ url: 'https://hooks.example.com/parley', enabled: true, eventTypes: ['message.failed', 'human.unsubscribed'] });
    expect((await api('POST', `/v1/webhooks/${manifest.webhookId}/secret`)).body.secret).toMatch(/^whsec_/);
  });

  it('puts the earlier release\'s subscriptions in the consent ledger, marked as its history', async () => {
    const { body } = await api('GET', `/v1/humans/${manifest.humanId}/consent`);
    expect(body.events).toEqual([expect.objectContaining({ state: 'in', source: 'history', channelId })]);
    expect(body.current).toEqual([expect.objectContaining({ state: 'in', source: 'history' })]);
  });

  it('shows the earlier release\'s conversations in the inbox, open (or as that release left them), with their last message', async () => {
    const { body } = await api('GET', '/v1/inbox?limit=200');
    const items = body.conversations as { conversation: { id: number; status: string; dateLastActivity: string | null }; lastMessage: { preview: string } | null }[];
    const ids = Object.values(visitors).map((v) => v.conversationId);
    expect(items.map((i) => i.conversation.id).sort()).toEqual([...ids].sort());
    const resolved = manifest.inbox?.resolvedConversationId;
    for (const item of items) {
      expect(item.conversation.status).toBe(item.conversation.id === resolved ? 'resolved' : 'open');
      expect(item.conversation.dateLastActivity).not.toBeNull();
      expect(item.lastMessage).not.toBeNull();
    }
    expect(items.find((i) => i.conversation.id === visitors.idle.conversationId)!.lastMessage!.preview).toBe('Echo: hello');
    if (manifest.inbox !== undefined) {
      expect((await api('GET', '/v1/canned-replies')).body.map((r: { title: string }) => r.title)).toEqual([manifest.inbox.cannedReplyTitle]);
    }
  });

  it('fires the pause that fell due while the server was down, once, then answers what waited behind it', async () => {
    const { delay } = visitors;
    const expected = ['out Welcome!', 'in slow down', 'out one', 'in are you there?', 'out two', 'out Echo: are you there?'];
    await eventually(async () => ((await texts(delay.conversationId)).length >= expected.length ? true : undefined));
    await server.services.runtime.settled();
    expect(await texts(delay.conversationId)).toEqual(expected);
    expect((await api('GET', `/v1/conversations/${delay.conversationId}`)).body).toMatchObject({ waitingFor: null, parked: null });
  });

  it('carries every other conversation on where it stopped, with nothing lost', async () => {
    const { idle, wait, form } = visitors;
    for (const v of [idle, wait, form]) {
      expect((await api('GET', `/v1/conversations/${v.conversationId}/messages?limit=100`)).body.messages).toHaveLength(manifest.messageCounts[String(v.conversationId)]!);
      expect((await api('GET', `/v1/conversations/${v.conversationId}`)).body).toMatchObject({ waitingFor: v.waitingFor, parked: null });
    }

    const waiting = await ChatClient.open(server.url, channelId, wait.visitor);
    waiting.client.say('42');
    expect(await waiting.client.botText(0)).toBe('Noted: 42');

    const filling = await ChatClient.open(server.url, channelId, form.visitor);
    // The widget shows the form as still open, and its answer runs the form's executeOnSubmit.
    expect(filling.welcome.openForms).toEqual([form.formToken]);
    filling.client.send({ type: 'form', id: 'f-1', token: form.formToken, action: 'submit', values: { 'sys:firstName': 'Ann', contactEmail: 'ann@example.com' } });
    expect(await filling.client.botText(0)).toBe('Thanks Ann (ann@example.com)');

    const idling = await ChatClient.open(server.url, channelId, idle.visitor);
    idling.client.say('again');
    expect(await idling.client.botText(0)).toBe('Echo: again');

    await server.services.runtime.settled();
    expect(await texts(wait.conversationId)).toEqual(['out Welcome!', 'in ask my age', 'out How old are you?', 'in 42', 'out Noted: 42']);
    expect((await api('GET', `/v1/conversations/${wait.conversationId}/attributes`)).body).toEqual({ age: '42' });
    for (const c of [waiting, filling, idling]) c.client.close();
  });

  it('counts the earlier release\'s history in its analytics, and what came after the upgrade once', async () => {
    await server.services.runtime.settled();
    const db = server.store.db;
    const first = (await db.selectFrom('messages').select((eb) => eb.fn.min('created_at').as('at')).executeTakeFirstOrThrow()).at!;
    // Summed a year at a time (the most one request sums), from the fixture's first day to today.
    const body = { messagesIn: 0, messagesOut: { total: 0 }, conversations: 0 };
    const today = new Date().toISOString().slice(0, 10);
    for (let from = first.slice(0, 10); from <= today;) {
      const to = new Date(Date.parse(`${from}T00:00:00Z`) + 366 * 86_400_000).toISOString().slice(0, 10);
      const part = await api('GET', `/v1/analytics?from=${from}&to=${to}`);
      expect(part.status).toBe(200);
      body.messagesIn += part.body.messagesIn;
      body.messagesOut.total += part.body.messagesOut.total;
      body.conversations += part.body.conversations;
      from = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    }
    const count = async (direction: string) => Number((await db.selectFrom('messages').select((eb) => eb.fn.countAll().as('n'))
      .where('direction', '=', direction).executeTakeFirstOrThrow()).n);
    // Every message of the history, counted once: the one that waited for its run when the server stopped by that run.
    expect(body.messagesIn).toBe(await count('in'));
    expect(body.messagesOut.total).toBe(await count('out'));
    expect(body.conversations).toBe(Object.keys(visitors).length);
  });

  it('orders the inbox by each conversation\'s last message, the one that came back on top and open again', async () => {
    await server.services.runtime.settled();
    const { body } = await api('GET', '/v1/inbox?limit=200');
    const items = body.conversations as { conversation: { id: number; status: string; dateLastActivity: string } }[];
    for (const item of items) {
      const history = (await api('GET', `/v1/conversations/${item.conversation.id}/messages?limit=100`)).body.messages as { dateCreated: string }[];
      expect(item.conversation.dateLastActivity).toBe(history[history.length - 1]!.dateCreated);
      expect(item.conversation.status).toBe('open');
    }
    const dates = items.map((i) => i.conversation.dateLastActivity);
    expect(dates).toEqual([...dates].sort().reverse());
  });
  it('imports into the upgraded store: the earlier release\'s human is found again by phone, consent joins its history', async () => {
    // The second row names no one: it fails, and the first is written all the same.
    const csv = 'phone,lastName,consent.sms,consent.sms.proof\n+1 415 555 0100,Lovelace,out,paper form\n,Nobody,,\n';
    const res = await fetch(`${server.url}/v1/humans/imports`, { method: 'POST', headers: { authorization: `Bearer ${manifest.token}`, 'content-type': 'text/csv' }, body: csv });
    const { id } = await res.json() as { id: number };
    let done: { status: string; updated: number; failed: number } = { status: 'importing', updated: 0, failed: 0 };
    for (let i = 0; i < 200 && done.status === 'importing'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      done = (await api('GET', `/v1/humans/imports/${id}`)).body;
    }
    expect(done).toMatchObject({ status: 'done', updated: 1, failed: 1 });
    const { body } = await api('GET', `/v1/humans/${manifest.humanId}`);
    expect(body).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', tags: ['beta', 'vip'] });
    const consent = (await api('GET', `/v1/humans/${manifest.humanId}/consent`)).body;
    expect(consent.events.map((e: { source: string; family: string; state: string }) => `${e.source} ${e.family} ${e.state}`)).toEqual(['history web in', 'import sms out']);
  });

  it('runs a journey on the upgraded store: the earlier release\'s visitor gets its interaction in their conversation', async () => {
    await server.services.runtime.settled();
    const idle = (await api('GET', `/v1/conversations/${visitors.idle.conversationId}`)).body as { humanId: number };
    const journey = await api('POST', '/v1/journeys', { name: 'Come back', channelId, script: 'hi' });
    expect(journey.status).toBe(200);
    const before = await texts(visitors.idle.conversationId);
    // Ada has no address on the web channel: unreachable, not sent.
    const run = await api('POST', `/v1/journeys/${journey.body.id}/runs`, { audience: { ids: [idle.humanId, manifest.humanId] } });
    expect(run.status).toBe(201);
    await eventually(async () => ((await texts(visitors.idle.conversationId)).length > before.length ? true : undefined));
    await server.services.runtime.settled();
    expect(await texts(visitors.idle.conversationId)).toEqual([...before, 'out Welcome!']);
    const report = (await api('GET', `/v1/journeys/${journey.body.id}/runs/${run.body.id}`)).body;
    expect(report).toMatchObject({ status: 'done', targeted: 2, started: 1, skipped: { unreachable: 1 } });
  });
});
