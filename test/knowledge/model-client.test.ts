// The model client against the fake OpenAI-compatible server: chat whole and streamed, embeddings, rerank, retries on
// 429 (Retry-After) and 500, a hang bounded by the timeout, and a private address refused unless allowed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelClient, ModelError, type ModelEndpoint } from '../../src/knowledge/models/client.js';
import { FakeModelServer } from '../fakes/openai.js';

describe('the model client', () => {
  let fake: FakeModelServer;
  let client: ModelClient;
  const waits: number[] = [];
  let endpoint: ModelEndpoint;

  beforeAll(async () => {
    fake = await FakeModelServer.start();
    client = new ModelClient({ allowHosts: [fake.host], sleep: async (ms) => { waits.push(ms); } });
    endpoint = { baseUrl: fake.baseUrl, apiKey: 'sk-test', chatModel: 'chat-1', embeddingModel: 'embed-1', rerankModel: 'rerank-1', timeoutMs: 2000, maxRetries: 2 };
  });
  afterAll(async () => {
    await client.close();
    await fake.close();
  });

  it('asks for a completion with the key and gives the text and the usage', async () => {
    fake.answers.push('Nine days. [1]');
    const answer = await client.chat(endpoint, [{ role: 'user', content: 'How long?' }], 50);
    expect(answer).toMatchObject({ text: 'Nine days. [1]', usageReported: true, finishReason: 'stop' });
    expect(answer.usage.completionTokens).toBe(4);
    const seen = fake.chats().at(-1)!;
    expect(seen.authorization).toBe('Bearer sk-test');
    expect(seen.body).toMatchObject({ model: 'chat-1', max_tokens: 50, temperature: 0 });
  });

  it('streams the answer piece by piece, usage included', async () => {
    fake.answers.push('Parcels abroad take nine days.');
    const pieces: string[] = [];
    const answer = await client.chat(endpoint, [{ role: 'user', content: 'How long?' }], 50, (p) => pieces.push(p));
    expect(pieces.length).toBe(5);
    expect(pieces.join('')).toBe('Parcels abroad take nine days.');
    expect(answer.text).toBe('Parcels abroad take nine days.');
    expect(answer.usageReported).toBe(true);
    expect(fake.chats().at(-1)!.body.stream).toBe(true);
  });

  it('retries a 429 after its Retry-After and a 500 after a backoff, then answers', async () => {
    waits.length = 0;
    fake.faults.push({ kind: '429', retryAfter: '2' }, { kind: '500' });
    fake.answers.push('ok');
    expect((await client.chat(endpoint, [{ role: 'user', content: 'x' }], 5)).text).toBe('ok');
    expect(waits).toEqual([2000, 600]);
  });

  it('gives up after its retries, at once on a 4xx, and on a Retry-After longer than an answer may wait', async () => {
    fake.faults.push({ kind: '500' }, { kind: '500' }, { kind: '500' });
    await expect(client.chat(endpoint, [{ role: 'user', content: 'x' }], 5)).rejects.toMatchObject({ kind: 'status', status: 500 });
    await expect(client.chat({ ...endpoint, chatModel: 'x' }, [{ role: 'user', content: 'x' }], 5).then(() => fake.requests.length)).resolves.toBeGreaterThan(0);
    const before = fake.requests.length;
    await expect(client.chat({ ...endpoint, baseUrl: `${fake.baseUrl}/missing` }, [{ role: 'user', content: 'x' }], 5)).rejects.toMatchObject({ kind: 'status', status: 404 });
    expect(fake.requests.length).toBe(before + 1);
    fake.faults.push({ kind: '429', retryAfter: '3600' });
    await expect(client.chat(endpoint, [{ role: 'user', content: 'x' }], 5)).rejects.toThrow(/Retry-After/);
  });

  it('bounds a hanging server by the timeout', async () => {
    fake.faults.push({ kind: 'hang' });
    const error = await client.chat({ ...endpoint, timeoutMs: 300, maxRetries: 0 }, [{ role: 'user', content: 'x' }], 5).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect((error as ModelError).kind).toBe('timeout');
  });

  it('embeds and reranks', async () => {
    const { vectors, tokens } = await client.embed(endpoint, ['brass lamp', 'glass lamp']);
    expect(vectors).toHaveLength(2);
    expect(vectors[0]).toHaveLength(64);
    expect(tokens).toBe(4);
    const ranked = await client.rerank(endpoint, 'brass lamp', ['a glass vase', 'a brass lamp']);
    expect(ranked[0]!.index).toBe(1);
  });

  it('refuses a private address the operator did not allow', async () => {
    const closed = new ModelClient({ allowHosts: [] });
    expect(() => closed.checkBaseUrl(fake.baseUrl)).toThrow(ModelError);
    await expect(closed.chat(endpoint, [{ role: 'user', content: 'x' }], 5)).rejects.toMatchObject({ kind: 'blocked' });
    expect(() => closed.checkBaseUrl('http://169.254.169.254/v1')).toThrow(/refused/);
    await closed.close();
  });
});
