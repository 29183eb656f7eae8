// A disk that fills up under SQLite (simulated with max_page_count: no tmpfs here): writes are refused with a clear 503,
// nothing half-written, the database stays sound, and everything works again once there is room.
import { PassThrough } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatClient } from '../channels/web/chat-client.js';
import { client, isErrorObject, type Call } from '../helpers/http.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('a full disk on SQLite', () => {
  let server: TestServer;
  let api: Call;
  let log = '';
  let channelId: number;

  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => { log += chunk.toString(); });
    server = await startTestServer('sqlite', { LOG_LEVEL: 'warn' }, stream);
    api = client(server.url, (await server.account()).token);
    const bot = await api('POST', '/v1/bots', { name: 'echo', interactions: [{ name: 'echo', intents: ['sys:text'], actions: [{ send: { message: { text: 'You said: {sys:text}' } } }] }] });
    channelId = (await api('POST', '/v1/channels', { channelType: 'web', botId: bot.body.id, name: 'chat', description: 'd' })).body.id as number;
  });
  afterAll(async () => server?.close());

  const pragma = async (text: string) => (await sql.raw(text).execute(server.store.db)).rows as Record<string, unknown>[];

  it('refuses writes with a 503 saying the database is full, keeps what was stored, and takes writes again once there is room', async () => {
    const { client: chat } = await ChatClient.open(server.url, channelId);
    chat.say('before');
    expect(await chat.botText(0)).toBe('You said: before');

    // The disk fills: the database may grow by a few pages only.
    const pages = Number(Object.values((await pragma('PRAGMA page_count'))[0]!)[0]);
    await pragma(`PRAGMA max_page_count = ${pages + 8}`);
    const stored: number[] = [];
    let refused: { status: number; body: { description: string } } | null = null;
    for (let i = 0; i < 400 && refused === null; i++) {
      const res = await api('POST', '/v1/humans', { firstName: `h${i}`, tags: Array.from({ length: 40 }, (_, t) => `tag-${i}-${t}-${'x'.repeat(80)}`) });
      if (res.status === 200) stored.push(res.body.id as number);
      else refused = res;
    }
    expect(refused, 'the disk never filled').not.toBeNull();
    expect(refused!.status).toBe(503);
    expect(isErrorObject(refused!.body, 503)).toBe(true);
    expect(refused!.body.description).toMatch(/database is full: nothing was stored/);
    expect(log).toMatch(/the database is full/);
    // Fill what room is left in pages already there, with small writes, until even those are refused.
    for (let i = 0, refusedInARow = 0; i < 2000 && refusedInARow < 3; i++) {
      const res = await api('POST', '/v1/humans', { firstName: `small ${i}`, tags: [`t${i}`] });
      if (res.status === 200) {
        stored.push(res.body.id as number);
        refusedInARow = 0;
      } else {
        expect(res.status, log.split('\n').filter((l) => l.includes('"level":50')).slice(-1)[0]).toBe(503);
        refusedInARow += 1;
      }
    }
    // A visitor's messages are taken while their rows still fit in pages that have room, then refused with an error frame
    // and no acknowledgement.
    let refusedId: string | null = null;
    for (let k = 0; k < 300 && refusedId === null; k++) {
      const seen = chat.frames.length;
      chat.say(`fill ${k}`, `fill-${k}`);
      const answer = await chat.next((f) => chat.frames.indexOf(f) >= seen && ((f.type === 'ack' && f.id === `fill-${k}`) || f.type === 'error'));
      if (answer.type === 'error') {
        expect(answer.description).toMatch(/could not take that message/);
        refusedId = `fill-${k}`;
      }
    }
    expect(refusedId, 'no web-chat message was refused').not.toBeNull();
    expect(chat.frames.some((f) => f.type === 'ack' && f.id === refusedId)).toBe(false);

    // Nothing half-written, nothing lost: the file is sound and every acknowledged human reads back whole.
    expect(await pragma('PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    for (const id of stored) {
      const human = await api('GET', `/v1/humans/${id}`);
      expect(human.status).toBe(200);
      expect(human.body.tags.length === 40 || human.body.tags.length === 1).toBe(true);
    }

    // Room again (an operator freed space): writes go through, the visitor's message sent again is taken and answered.
    await pragma('PRAGMA max_page_count = 1073741823');
    expect((await api('POST', '/v1/humans', { firstName: 'after' })).status).toBe(200);
    chat.say('sent again', refusedId!);
    await chat.next((f) => f.type === 'ack' && f.id === refusedId);
    await chat.next((f) => f.type === 'message' && (f.message as { text: string }).text === 'You said: sent again');
    expect(await pragma('PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    chat.close();
  }, 60_000);
});
