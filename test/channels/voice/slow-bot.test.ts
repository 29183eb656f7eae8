// A bot slower than the platform's answer budget: a holding phrase keeps the session open, the late answer is spoken with the next one, or fails when the session ends first; SSML through the endpoint.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';
import { voiceWorld, type VoiceWorld } from './voice-world.js';

describe('a slow voice bot', () => {
  let w: VoiceWorld;
  let kitchen: http.Server;
  let delayMs = 0;

  beforeAll(async () => {
    kitchen = http.createServer((_req, res) => {
      setTimeout(() => res.writeHead(200, { 'content-type': 'text/plain' }).end('margherita'), delayMs);
    });
    await new Promise<void>((resolve) => kitchen.listen(0, '127.0.0.1', resolve));
    const kitchenUrl = `http://127.0.0.1:${(kitchen.address() as AddressInfo).port}`;
    const bot = {
      name: 'slow kitchen',
      interactions: [
        {
          name: 'welcome', intents: ['sys:start'],
          actions: [
            { send: { request: { url: `${kitchenUrl}/special`, method: 'GET', response: 'special' } } },
            { send: { message: { text: 'Today\'s special is {special}.' } } },
          ],
        },
        { name: 'fancy', intents: [{ name: 'fancy', expressions: ['say it fancy'] }], actions: [
          { send: { message: { text: 'Fish & chips <cheap>' } } },
          { send: { message: { text: '<speak>Enjoy <break time="500ms"/> your meal</speak>' } } },
        ] },
        { name: 'other', intents: ['sys:text'], actions: [{ send: { message: { text: 'You said: {sys:text}' } } }] },
      ],
    };
    w = await voiceWorld('sqlite', bot, { VOICE_ANSWER_TIMEOUT_MS: '300', OUTBOUND_ALLOW_HOSTS: new URL(kitchenUrl).host });
  });
  afterAll(async () => {
    await w?.close();
    await new Promise((resolve) => kitchen?.close(resolve));
  });

  it('holds with a short phrase and the session open, then speaks the late answer before the next one', async () => {
    delayMs = 800;
    const device = w.skill.device();
    const hold = await device.launch();
    expect(hold.body.response).toEqual({
      outputSpeech: { type: 'PlainText', text: 'One moment, please.' }, reprompt: { outputSpeech: { type: 'PlainText', text: 'One moment, please.' } }, shouldEndSession: false,
    });
    delayMs = 0;
    // The user speaks again a few seconds later, by when the bot has finished.
    await w.server.services.runtime.settled();
    const next = await device.say('hello');
    expect(next.body.response.outputSpeech).toEqual({ type: 'PlainText', text: 'Today\'s special is margherita. You said: hello.' });
    expect(next.body.response.shouldEndSession).toBe(true);
    const [conversation] = await w.conversations();
    const out = (await w.messages(conversation!.id)).filter((m) => m.direction === 'out');
    expect(out.map((m) => m.status)).toEqual(['delivered', 'delivered']);
  });

  it('fails the late answer when the session ended before anyone could hear it', async () => {
    delayMs = 800;
    const device = w.skill.device();
    expect((await device.launch()).body.response.outputSpeech.text).toBe('One moment, please.');
    expect((await device.endSession('EXCEEDED_MAX_REPROMPTS')).body).toEqual({ version: '1.0', response: {} });
    const conversation = (await w.conversations()).at(-1)!;
    // The run ends after the session did: its message waits, unspoken, for a session that will not come.
    await eventually(async () => expect((await w.messages(conversation.id)).filter((m) => m.direction === 'out').map((m) => m.status)).toEqual(['sent']));
    delayMs = 0;
    // The next session does not start with yesterday's news.
    const fresh = await device.launch();
    expect(fresh.body.response.outputSpeech).toEqual({ type: 'PlainText', text: 'Today\'s special is margherita.' });
    const out = (await w.messages(conversation.id)).filter((m) => m.direction === 'out');
    expect(out.map((m) => [m.status, m.failureReason])).toEqual([['failed', 'a new voice session began before it was spoken'], ['delivered', null]]);
  });

  it('speaks SSML when the bot wrote some, escaping its plain messages into it', async () => {
    delayMs = 0;
    const device = w.skill.device();
    await device.launch();
    const answer = await device.say('say it fancy');
    expect(answer.body.response.outputSpeech).toEqual({
      type: 'SSML', ssml: '<speak>Fish &amp; chips &lt;cheap&gt;. Enjoy <break time="500ms"/> your meal</speak>',
    });
  });
});
