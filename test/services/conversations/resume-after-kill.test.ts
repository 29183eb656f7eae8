// A claim dies with its holder: after SIGKILL, answers resume within seconds of the restart (the process's start
// included), whatever CONVERSATION_LEASE_SECONDS says.
import { afterAll, describe, expect, it } from 'vitest';
import { compiledOnce, startChildServer, type ChildServer } from '../../helpers/child-server.js';
import { DATABASES, freshDatabase } from '../../helpers/server.js';
import { ChatClient } from '../../channels/web/chat-client.js';
import { setUpWebBot } from './setup-child-bot.js';
import { stallingApi } from '../../helpers/stalling-api.js';

/** The figure issue 18 asks for; the heartbeat defaults (1 s, dead after 3 s) meet it with room to spare. */
const RESUME_WITHIN_MS = 5000;

function bot(apiUrl: string) {
  return {
    name: 'stall',
    interactions: [
      { name: 'call', intents: [{ expressions: ['call the api'] }], actions: [
        { send: { request: { url: apiUrl, method: 'GET', response: 'answer' } } },
        { send: { message: { text: 'called' } } },
      ] },
      { name: 'echo', intents: ['sys:text'], actions: [{ send: { message: { text: 'echo: {sys:text}' } } }] },
    ],
  };
}

async function replyTo(client: ChatClient, text: string, timeoutMs = 30_000): Promise<void> {
  await client.next((f) => f.type === 'message' && (f.message as { text?: string }).text === `echo: ${text}`, timeoutMs);
}

describe.each(DATABASES)('after a SIGKILL on %s', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => { for (const c of cleanups.reverse()) await c(); });

  it(`answers again within ${RESUME_WITHIN_MS / 1000} s of the restart, with a claim that would last 120 s`, async () => {
    const api = await stallingApi();
    cleanups.push(api.close);
    const db = await freshDatabase(kind);
    cleanups.push(db.cleanup);
    const env = { ...db.env, CONVERSATION_LEASE_SECONDS: '120', OUTBOUND_ALLOW_HOSTS: '127.0.0.1' };
    const { channelId } = await setUpWebBot(env, bot(api.url));
    let server: ChildServer = await startChildServer(env);
    cleanups.push(() => server.stop());

    const first = await ChatClient.open(server.url, channelId);
    const visitor = first.welcome.visitor as string;
    first.client.say('hello');
    await replyTo(first.client, 'hello');
    // The run of this message waits on the API while holding the claim; the process dies under it.
    first.client.say('call the api');
    await api.stalled;
    await server.kill();
    first.client.close();

    // From the restart itself, as an operator sees it: the process's start counts, running the compiled program as
    // `npm start` and the container do.
    await compiledOnce();
    const restarted = Date.now();
    server = await startChildServer(env, [], 'compiled');
    const readyMs = Date.now() - restarted;
    const again = await ChatClient.open(server.url, channelId, visitor);
    again.client.say('are you there');
    await replyTo(again.client, 'are you there', 30_000);
    const silentMs = Date.now() - restarted;
    // The figure docs/operations.md quotes, printed by every run.
    console.log(`[resume ${kind}] ready ${readyMs} ms, answered ${silentMs} ms after the restart`);
    expect(silentMs).toBeLessThan(RESUME_WITHIN_MS);
    // The interrupted run was run again, once, before the new message (perhaps before the visitor came back).
    const history = (again.welcome.history as { direction: string; text: string | null }[]).filter((m) => m.direction === 'out');
    const texts = [...history, ...again.client.botMessages()].map((m) => m.text);
    expect(texts.filter((t) => t === 'called')).toHaveLength(1);
    expect(texts.indexOf('called')).toBeLessThan(texts.indexOf('echo: are you there'));
    again.client.close();
  }, 120_000);
});

describe('two servers on one PostgreSQL, one killed', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => { for (const c of cleanups.reverse()) await c(); });

  it(`move the dead one's conversations to the survivor within ${RESUME_WITHIN_MS / 1000} s`, async () => {
    const api = await stallingApi();
    cleanups.push(api.close);
    const db = await freshDatabase('postgres');
    cleanups.push(db.cleanup);
    const env = { ...db.env, CONVERSATION_LEASE_SECONDS: '120', OUTBOUND_ALLOW_HOSTS: '127.0.0.1' };
    const { channelId } = await setUpWebBot(env, bot(api.url));
    const doomed = await startChildServer(env);
    const survivor = await startChildServer(env);
    cleanups.push(() => survivor.stop(), () => doomed.stop());

    const first = await ChatClient.open(doomed.url, channelId);
    const visitor = first.welcome.visitor as string;
    first.client.say('call the api');
    await api.stalled;
    const second = await ChatClient.open(survivor.url, channelId, visitor);
    await doomed.kill();
    const killed = Date.now();
    first.client.close();
    second.client.say('still there');
    await replyTo(second.client, 'still there', 30_000);
    console.log(`[resume postgres, two servers] the survivor answered ${Date.now() - killed} ms after the kill`);
    expect(Date.now() - killed).toBeLessThan(RESUME_WITHIN_MS);
    expect(second.client.botMessages().filter((m) => m.text === 'called')).toHaveLength(1);
    second.client.close();
  }, 120_000);
});
