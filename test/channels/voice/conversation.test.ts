// A whole bot conversation through the fake voice platform: greeting with reprompt, waits keeping the session open, answers stored, help, stop, retries, timers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../helpers/server.js';
import { eventually } from '../support/eventually.js';
import { voiceWorld, type VoiceWorld } from './voice-world.js';

const bot = {
  name: 'voice pizza',
  interactions: [
    {
      name: 'welcome', intents: ['sys:start'],
      actions: [
        { send: { message: { text: 'Welcome to Pizza & Co! What size would you like?', quickReplies: [{ type: 'text', title: 'Small' }, { type: 'text', title: 'Large' }] } } },
        { waitFor: { data: 'text', content: 'size' } },
        { send: { message: { text: 'A {size} pizza' } } },
        { send: { message: { text: 'What is your name?' } } },
        { waitFor: { data: 'text', content: 'name', timeout: '1s', executeOnTimeout: 'nudge' } },
        { send: { message: { text: 'Thanks {name}, your {size} pizza is on its way.' } } },
      ],
    },
    { name: 'nudge', actions: [{ send: { message: { text: 'Are you still there?' } } }] },
    { name: 'help', intents: ['sys:help'], actions: [{ send: { message: { text: 'I take pizza orders.' } } }] },
    { name: 'bye', intents: ['sys:cancel'], actions: [{ send: { message: { text: 'Goodbye!' } } }] },
    { name: 'other', intents: ['sys:text'], actions: [{ send: { message: { text: 'You said: {sys:text}' } } }] },
  ],
};

const GREETING = 'Welcome to Pizza & Co! What size would you like? You can say: Small or Large.';
const plain = (text: string) => ({ type: 'PlainText', text });

describe.each(DATABASES)('a voice conversation on %s', (kind) => {
  let w: VoiceWorld;

  beforeAll(async () => {
    w = await voiceWorld(kind, bot);
  });
  afterAll(async () => w?.close());

  it('greets on launch, keeps the session open while the bot waits, stores the answers and ends with the last message', async () => {
    const device = w.skill.device();
    const launch = await device.launch();
    expect(launch.status).toBe(200);
    expect(launch.body).toEqual({
      version: '1.0',
      response: { outputSpeech: plain(GREETING), reprompt: { outputSpeech: plain(GREETING) }, shouldEndSession: false },
    });
    expect(device.inSession).toBe(true);

    const size = await device.say('large');
    expect(size.body.response).toEqual({
      outputSpeech: plain('A large pizza. What is your name?'), reprompt: { outputSpeech: plain('What is your name?') }, shouldEndSession: false,
    });

    const name = await device.say('Ada');
    expect(name.body.response).toEqual({ outputSpeech: plain('Thanks Ada, your large pizza is on its way.'), shouldEndSession: true });
    expect(device.inSession).toBe(false);

    const [conversation] = await w.conversations();
    const attributes = await w.api('GET', `/v1/conversations/${conversation!.id}/attributes`);
    expect(JSON.stringify(attributes.body)).toContain('"Ada"');
    const messages = await w.messages(conversation!.id);
    expect(messages.filter((m) => m.direction === 'in').map((m) => m.content.text)).toEqual(['large', 'Ada']);
    // Every message the bot said was spoken in an answer.
    expect(messages.filter((m) => m.direction === 'out').map((m) => m.status)).toEqual(['delivered', 'delivered', 'delivered', 'delivered']);
  });

  it('starts afresh on a later launch, answers help, and ends the session on stop whatever the bot waits for', async () => {
    const device = w.skill.device();
    await device.launch();
    await device.say('small');
    await device.say('Bo');

    const again = await device.launch();
    expect(again.body.response.outputSpeech).toEqual(plain(GREETING));
    expect(again.body.response.shouldEndSession).toBe(false);

    const stop = await device.intent('AMAZON.StopIntent');
    expect(stop.body.response).toEqual({ outputSpeech: plain('Goodbye!'), shouldEndSession: true });

    // A one-shot request in a new session: the bot is idle, help runs its interaction.
    const help = await device.intent('AMAZON.HelpIntent');
    expect(help.body.response).toEqual({ outputSpeech: plain('I take pizza orders.'), shouldEndSession: true });

    const other = await device.say('do you deliver to the moon');
    expect(other.body.response.outputSpeech).toEqual(plain('You said: do you deliver to the moon.'));
  });

  it('answers a repeated request (same request id) with the same speech, as one event', async () => {
    const device = w.skill.device();
    const first = await device.launch();
    const again = await device.resend();
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const conversation = (await w.conversations()).at(-1)!;
    const out = (await w.messages(conversation.id)).filter((m) => m.direction === 'out');
    expect(out).toHaveLength(1);
    expect(out[0]!.status).toBe('delivered');
  });

  it('fails what a timer makes the bot say (nobody asked), and answers the session\'s end with nothing', async () => {
    const device = w.skill.device();
    await device.launch();
    await device.say('small');
    const conversation = (await w.conversations()).at(-1)!;
    // The name wait times out after 1 s: its message cannot be spoken unprompted.
    const nudge = await eventually(async () => {
      const found = (await w.messages(conversation.id)).find((m) => m.content.text === 'Are you still there?');
      expect(found?.status).toBe('failed');
      return found!;
    });
    expect(nudge.failureReason).toMatch(/cannot be spoken to unprompted/);

    const ended = await device.endSession('EXCEEDED_MAX_REPROMPTS');
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({ version: '1.0', response: {} });
  });

  it('ends the bot\'s wait with the session: its timeout says nothing afterwards', async () => {
    const device = w.skill.device();
    await device.launch();
    await device.say('large');
    const conversation = (await w.conversations()).at(-1)!;
    // The session ends while the bot waits for a name (a 1 s timeout that would nudge).
    expect((await device.endSession('USER_INITIATED')).status).toBe(200);
    await w.server.services.runtime.settled();
    const state = await w.server.services.runtime.repos.conversations.find(conversation.id);
    expect(JSON.parse(state!.state)).toMatchObject({ suspended: null, frames: [] });
    // Well past the timeout, and past the job poll that would have fired it: no nudge was made.
    await new Promise((r) => setTimeout(r, 2500));
    await w.server.services.runtime.settled();
    const texts = (await w.messages(conversation.id)).map((m) => m.content.text);
    expect(texts).not.toContain('Are you still there?');
    expect(texts.at(-1)).toBe('What is your name?');
  });
});
