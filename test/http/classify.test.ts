// The classify action end to end on SQLite and PostgreSQL: a web-chat message the recognizer did not place routed by
// the fake model to one of the bot's interactions; NONE, a name outside the candidates, a failing model, no model and a
// spent daily limit each take the fallback; the tokens counted in the bot's usage and in Prometheus.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatClient } from '../channels/web/chat-client.js';
import { FakeModelServer } from '../fakes/openai.js';
import { client, type Call } from '../helpers/http.js';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server.js';

const router = (classify: Record<string, unknown> = {}) => ({
  name: `router ${Math.random().toString(36).slice(2)}`,
  interactions: [
    { name: 'order status', intents: [{ name: 'order', expressions: [{ text: 'where is my order', slots: [] }, { text: 'track my parcel', slots: [] }] }], actions: [{ send: { message: { text: 'Your order is on its way.' } } }] },
    { name: 'returns', intents: [{ name: 'return', expressions: [{ text: 'I want to return something', slots: [] }] }], actions: [{ send: { message: { text: 'Returns are free for thirty days.' } } }] },
    { name: 'anything else', intents: ['sys:text'], actions: [{ classify: { fallback: 'dunno', attribute: 'topic', ...classify } }] },
    { name: 'dunno', actions: [{ send: { message: { text: 'A colleague will answer.' } } }] },
  ],
});
const BROKEN = 'the lamp I got is broken, can I send it back';

describe.each(DATABASES)('classify on %s', (kind) => {
  let server: TestServer;
  let model: FakeModelServer;
  let api: Call;

  const chatWith = async (classify: Record<string, unknown> = {}) => {
    const botId = (await api('POST', '/v1/bots', router(classify))).body.id as number;
    const channelId = (await api('POST', '/v1/channels', { channelType: 'web', botId, name: 'site', description: 'chat' })).body.id;
    const { client: chat } = await ChatClient.open(server.url, channelId);
    return { chat, botId };
  };
  const reply = async (chat: ChatClient, text: string) => {
    const before = chat.botMessages().length;
    chat.say(text);
    await chat.next(() => chat.botMessages().length > before);
    return chat.botMessages()[before]!.text;
  };

  beforeAll(async () => {
    model = await FakeModelServer.start();
    server = await startTestServer(kind, { MODEL_ALLOW_HOSTS: model.host });
    api = client(server.url, (await server.account()).token);
  });
  afterAll(async () => {
    await server?.close();
    await model?.close();
  });

  it('falls back when the account has no model', async () => {
    const { chat } = await chatWith();
    expect(await reply(chat, BROKEN)).toBe('A colleague will answer.');
    expect(model.chats()).toHaveLength(0);
    chat.close();
  });

  it('runs the interaction the model chooses among the bot\'s', async () => {
    expect((await api('POST', '/v1/model-endpoints', { name: 'local', baseUrl: model.baseUrl, chatModel: 'small-chat', maxRetries: 0 })).status).toBe(200);
    const { chat } = await chatWith();
    model.answers.push('returns');
    expect(await reply(chat, BROKEN)).toBe('Returns are free for thirty days.');
    const sent = model.chats().at(-1)!.body;
    expect(sent.model).toBe('small-chat');
    expect(sent.max_tokens).toBe(40);
    const prompt = sent.messages.map((m: { content: string }) => m.content).join('\n');
    expect(prompt).toContain('order status\n  for example:\n  - where is my order');
    expect(prompt).toContain('returns\n  for example:\n  - I want to return something');
    expect(prompt).not.toContain('anything else');
    expect(prompt).not.toContain('dunno');
    expect(prompt).toContain(`Message: ${BROKEN}`);
    // What the recognizer places never reaches the model.
    const asked = model.chats().length;
    expect(await reply(chat, 'where is my order')).toBe('Your order is on its way.');
    expect(model.chats()).toHaveLength(asked);
    chat.close();
  });

  it('takes the fallback on NONE, on a name outside the candidates, and when the model fails', async () => {
    const { chat } = await chatWith({ among: ['order status'] });
    model.answers.push('NONE');
    expect(await reply(chat, 'do you like jazz')).toBe('A colleague will answer.');
    model.answers.push('returns');
    expect(await reply(chat, BROKEN)).toBe('A colleague will answer.');
    expect(model.chats().at(-1)!.body.messages[1].content).not.toContain('returns');
    model.faults.push({ kind: '500' });
    expect(await reply(chat, BROKEN)).toBe('A colleague will answer.');
    chat.close();
  });

  it('stops asking once the bot\'s daily tokens are spent, and counts them in the usage', async () => {
    const { chat, botId } = await chatWith({ dailyTokenLimit: 300 });
    model.answers.push('order status');
    expect(await reply(chat, 'has my parcel left the warehouse yet')).toBe('Your order is on its way.');
    const asked = model.chats().length;
    const usage = (await api('GET', `/v1/usage?botId=${botId}`)).body;
    expect(usage.days).toHaveLength(1);
    expect(usage.days[0]).toMatchObject({ botId, answers: 0, fallbacks: 0 });
    expect(usage.days[0].promptTokens + usage.days[0].completionTokens).toBeGreaterThan(0);
    // The fake reports its own token counts: two prompts of this size no longer fit in 300.
    for (let i = 0; i < 5 && model.chats().length < asked + 5; i++) {
      model.answers.push('order status');
      if (await reply(chat, 'has my parcel left the warehouse yet') === 'A colleague will answer.') break;
    }
    expect(await reply(chat, 'has my parcel left the warehouse yet')).toBe('A colleague will answer.');
    const metrics = await server.services.metrics.registry.getSingleMetricAsString('parley_classifications_total');
    expect(metrics).toMatch(/parley_classifications_total\{outcome="budget"\} [1-9]/);
    expect(metrics).toMatch(/parley_classifications_total\{outcome="chosen"\} [1-9]/);
    chat.close();
  });
});
