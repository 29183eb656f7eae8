// Delivery outcomes against the fake network: outages and rate limits retried, refusals failed with the network's words, media uploaded, processed or linked.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';
import { microblogWorld, PNG, type MicroblogWorld } from './microblog-world.js';

/** Answers every DM with the file of that name: "menu.png" gets the picture, "clip.mp4" the video. */
const bot = (mediaUrl: string) => ({
  name: 'replies',
  interactions: [{ name: 'file', intents: ['sys:text'], actions: [{ send: { message: { text: 'Here is {sys:text}', media: `${mediaUrl}/{sys:text}` } } }] }],
});

describe('microblog delivery', () => {
  let w: MicroblogWorld;

  beforeAll(async () => {
    w = await microblogWorld('sqlite', bot, { env: { MICROBLOG_TIMEOUT_MS: '2000', DELIVERY_MAX_ATTEMPTS: '5' } });
    w.media.put('/menu.png', 'image/png', PNG);
    // Over one 4 MB APPEND segment.
    w.media.put('/clip.mp4', 'video/mp4', crypto.randomBytes(4_500_000));
    w.media.put('/jingle.mp3', 'audio/mpeg', crypto.randomBytes(1000));
    // Says it is a PNG, is not one: the network refuses it at finalize.
    w.media.put('/fake.png', 'image/png', crypto.randomBytes(2000));
  });
  afterAll(async () => w?.close());

  let n = 0;
  function newPerson(options: { refusesDms?: boolean } = {}): string {
    n += 1;
    const id = `16000000000000000${String(n).padStart(2, '0')}`;
    w.fake.person(id, options);
    return id;
  }

  const outcome = async (person: string) => w.lastSettled(await w.conversationOf(person));

  it('retries through an outage (503 over capacity) and then delivers, the picture uploaded once', async () => {
    const person = newPerson();
    w.fake.outage = { remaining: 2, status: 503 };
    await w.hook.dm(person, 'menu.png');
    const row = await outcome(person);
    expect(row.status).toBe('sent');
    const sent = w.fake.sentTo(person);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.messageData).toMatchObject({ text: 'Here is menu.png', attachment: { type: 'media' } });
    expect(sent[0]!.media!.bytes.equals(PNG)).toBe(true);
    expect(w.fake.calls.filter((c) => c.path.endsWith('events/new.json') && c.code === 130)).toHaveLength(2);
    // The upload is kept across the retries: one INIT for the three tries.
    expect(w.fake.calls.filter((c) => c.command === 'INIT')).toHaveLength(1);
  });

  it('waits for the rate limit window to reset (429, x-rate-limit-reset) and for a network that does not answer in time', async () => {
    const person = newPerson();
    w.fake.outage = { remaining: 1, status: 429, rateLimitResetSeconds: 1 };
    await w.hook.dm(person, 'menu.png');
    expect((await outcome(person)).status).toBe('sent');
    const sends = w.fake.calls.filter((c) => c.path.endsWith('events/new.json'));
    const limited = sends.findIndex((c) => c.code === 88);
    expect(limited).toBeGreaterThanOrEqual(0);
    // The retry waited for the window to reset (whole seconds), not for the 50 ms backoff.
    expect(sends[limited + 1]!.at).toBeGreaterThanOrEqual(sends[limited]!.rateLimitReset! * 1000);

    const slow = newPerson();
    w.fake.outage = { remaining: 1, hang: true };
    await w.hook.dm(slow, 'menu.png');
    expect((await outcome(slow)).status).toBe('sent');
    expect(w.fake.sentTo(slow)).toHaveLength(1);
  });

  it('fails a DM the person does not take (349) with the network\'s words, without retrying', async () => {
    const person = newPerson({ refusesDms: true });
    await w.hook.dm(person, 'menu.png');
    const row = await outcome(person);
    expect(row.status).toBe('failed');
    expect(row.failureReason).toBe('the network answered 403: You cannot send messages to this user. (code 349)');
    expect(w.fake.calls.filter((c) => c.code === 349)).toHaveLength(1);
  });

  it('uploads a video in chunks, waits for its processing, and attaches it', async () => {
    const person = newPerson();
    const before = w.fake.calls.length;
    await w.hook.dm(person, 'clip.mp4');
    const row = await outcome(person);
    expect(row.status).toBe('sent');
    const [dm] = w.fake.sentTo(person);
    expect(dm!.media).toMatchObject({ type: 'video/mp4', category: 'dm_video' });
    expect(dm!.media!.bytes.equals(w.media.files.get('/clip.mp4')!.bytes)).toBe(true);
    const calls = w.fake.calls.slice(before).filter((c) => c.command !== null);
    // API v2 (v1.1's media/upload.json is retired): initialize, two appends, finalize, then STATUS while it is processed.
    expect(calls.map((c) => `${c.command} ${c.status}`)).toEqual(['INIT 200', 'APPEND 200', 'APPEND 200', 'FINALIZE 200', 'STATUS 200']);
    expect(calls.map((c) => c.path.replace(/\d{5,}/, '{id}'))).toEqual([
      '/2/media/upload/initialize', '/2/media/upload/{id}/append', '/2/media/upload/{id}/append', '/2/media/upload/{id}/finalize', '/2/media/upload',
    ]);
  });

  it('sends the link instead when the network refuses the upload for good, rather than failing the DM', async () => {
    const person = newPerson();
    await w.hook.dm(person, 'fake.png');
    const row = await outcome(person);
    expect(row.status).toBe('sent');
    expect(w.fake.sentTo(person)[0]!.messageData).toEqual({ text: `${w.media.url}/fake.png\nHere is fake.png` });
  });

  it('sends sound as a link (a DM carries none), and fails media that cannot be read', async () => {
    const person = newPerson();
    await w.hook.dm(person, 'jingle.mp3');
    expect((await outcome(person)).status).toBe('sent');
    expect(w.fake.sentTo(person)[0]!.messageData).toEqual({ text: `${w.media.url}/jingle.mp3\nHere is jingle.mp3` });

    const other = newPerson();
    await w.hook.dm(other, 'missing.png');
    const row = await outcome(other);
    expect(row.status).toBe('failed');
    expect(row.failureReason).toMatch(/missing\.png answered 404/);
  });
});

describe('a microblog channel with credentials the network does not accept', () => {
  let w: MicroblogWorld;

  beforeAll(async () => {
    w = await microblogWorld('sqlite', { name: 'b', interactions: [{ name: 'x', intents: ['sys:text'], actions: [{ send: { message: { text: 'hi' } } }] }] }, {
      token: (account) => JSON.stringify({ consumerKey: account.app.consumerKey, consumerSecret: account.app.consumerSecret, accessToken: account.accessToken, accessTokenSecret: 'wrong' }),
    });
  });
  afterAll(async () => w?.close());

  it('fails the message naming the credentials to check (code 32), and still takes the webhook (the consumer secret is right)', async () => {
    const person = '1700000000000000001';
    w.fake.person(person);
    expect((await w.hook.dm(person, 'hello')).status).toBe(200);
    const conversationId = await w.conversationOf(person);
    const row = await eventually(async () => {
      const [first] = await w.outbound(conversationId);
      expect(first?.status).toBe('failed');
      return first!;
    });
    expect(row.failureReason).toBe('the network answered 401: Could not authenticate you. (code 32); check the channel\'s consumer key/secret and access token/secret');
    expect(w.fake.sent).toHaveLength(0);
  });
});
