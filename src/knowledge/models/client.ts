// A client of OpenAI-compatible model servers (a hosted API, Ollama, vLLM, llama.cpp's server): chat completions with or
// without streaming, embeddings, and rerank (the /rerank shape vLLM, llama.cpp, Jina and Cohere share). Every call
// goes through net/'s guard with the operator's model allow-list, is bounded in time, and is retried on 429 and 5xx
// (honouring Retry-After) and on a dropped connection, as long as nothing was streamed yet.
import type { LookupFunction } from 'node:net';
import { request, type Dispatcher } from 'undici';
import {
  AllowList, createGuardedDispatcher, Deadline, flattenHeaders, guardUrl, readBody, toFailure, USER_AGENT,
} from '../../net/index.js';

export interface ModelEndpoint {
  baseUrl: string;
  apiKey: string | null;
  chatModel: string | null;
  embeddingModel: string | null;
  rerankModel: string | null;
  timeoutMs: number;
  maxRetries: number;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface ChatAnswer {
  text: string;
  usage: TokenUsage;
  /** Whether the server reported the usage (else it is estimated: four characters a token). */
  usageReported: boolean;
  finishReason: string | null;
}

export type ModelFailureKind = 'blocked' | 'timeout' | 'network' | 'status' | 'protocol' | 'unconfigured';

export class ModelError extends Error {
  override name = 'ModelError';
  /** A 429, a 5xx, a timeout or a dropped connection: asking again may succeed. */
  readonly retryable: boolean;
  constructor(readonly kind: ModelFailureKind, message: string, readonly status?: number) {
    super(message);
    this.retryable = kind === 'timeout' || kind === 'network' || (kind === 'status' && status !== undefined && (status === 429 || status >= 500));
  }
}

export interface ModelClientOptions {
  /** MODEL_ALLOW_HOSTS: internal hosts model servers may live on. */
  allowHosts: readonly string[];
  resolve?: LookupFunction;
  /** Waits between retries (tests move a clock instead). */
  sleep?: (ms: number) => Promise<void>;
  /** Longest Retry-After honoured; a server asking more fails the call (a conversation cannot wait minutes). */
  maxRetryAfterMs?: number;
}

const MAX_ANSWER_BYTES = 4 * 1024 * 1024;
const RETRY_BASE_MS = 300;

/** Four characters a token: what is counted when a server reports no usage. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

function retryAfterMs(header: string | undefined): number | null {
  if (header === undefined) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

export class ModelClient {
  private readonly allowList: AllowList;
  private readonly dispatcher: Dispatcher;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly maxRetryAfterMs: number;

  constructor(options: ModelClientOptions) {
    this.allowList = new AllowList([...options.allowHosts]);
    this.dispatcher = createGuardedDispatcher({ allowList: this.allowList, resolve: options.resolve, connectTimeoutMs: 120_000 });
    this.sleep = options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    this.maxRetryAfterMs = options.maxRetryAfterMs ?? 10_000;
  }

  /** Throws ModelError('blocked') when the base URL may not be reached (a private address the operator did not allow). */
  checkBaseUrl(baseUrl: string): void {
    try {
      const url = guardUrl(baseUrl, this.allowList);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('only http and https model servers are supported');
    } catch (error) {
      throw new ModelError('blocked', (error as Error).message);
    }
  }

  private url(endpoint: ModelEndpoint, path: string): string {
    return `${endpoint.baseUrl.replace(/\/+$/, '')}${path}`;
  }

  /**
   * One call with its retries: `consume` reads a 2xx answer's body (streamed or whole). A retry happens on 429 or 5xx
   * (after Retry-After, within maxRetryAfterMs), on a timeout or a dropped connection, and never once `consume` has
   * handed anything on (a streamed answer is not started twice).
   */
  private async call<T>(endpoint: ModelEndpoint, path: string, body: unknown, consume: (res: Dispatcher.ResponseData, started: () => void) => Promise<T>): Promise<T> {
    let last = new ModelError('network', 'not sent');
    for (let attempt = 0; attempt <= endpoint.maxRetries; attempt++) {
      let started = false;
      const deadline = new Deadline(endpoint.timeoutMs);
      let wait: number | null = null;
      try {
        const url = guardUrl(this.url(endpoint, path), this.allowList);
        const res = await request(url, {
          dispatcher: this.dispatcher, method: 'POST', signal: deadline.signal,
          headers: {
            'content-type': 'application/json', 'user-agent': USER_AGENT, accept: 'application/json, text/event-stream',
            ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}),
          },
          body: JSON.stringify(body),
        });
        if (res.statusCode >= 200 && res.statusCode < 300) return await consume(res, () => { started = true; });
        const headers = flattenHeaders(res.headers);
        const text = (await readBody(res.body, headers, 64 * 1024).catch(() => Buffer.alloc(0))).toString('utf8').slice(0, 300);
        last = new ModelError('status', `the model server answered ${res.statusCode}${text ? `: ${text}` : ''}`, res.statusCode);
        wait = retryAfterMs(headers['retry-after']);
        if (wait !== null && wait > this.maxRetryAfterMs) {
          throw new ModelError('status', `the model server asked to wait ${Math.round(wait / 1000)} s (Retry-After), longer than an answer may`);
        }
      } catch (error) {
        last = error instanceof ModelError ? error : this.failure(error, deadline.signal.aborted, endpoint.timeoutMs);
        if (started) throw last;
      } finally {
        deadline.clear();
      }
      if (!last.retryable) throw last;
      if (attempt < endpoint.maxRetries) await this.sleep(wait ?? RETRY_BASE_MS * 2 ** attempt);
    }
    throw last;
  }

  private failure(error: unknown, timedOut: boolean, timeoutMs: number): ModelError {
    const f = toFailure(error, timedOut, timeoutMs);
    const kind: ModelFailureKind = f.reason === 'blocked' ? 'blocked' : f.reason === 'timeout' ? 'timeout' : f.reason === 'network' ? 'network' : 'protocol';
    return new ModelError(kind, f.message);
  }

  private async json(res: Dispatcher.ResponseData): Promise<Record<string, unknown>> {
    const bytes = await readBody(res.body, flattenHeaders(res.headers), MAX_ANSWER_BYTES);
    try {
      const value = JSON.parse(bytes.toString('utf8')) as unknown;
      if (typeof value === 'object' && value !== null) return value as Record<string, unknown>;
    } catch { /* below */ }
    throw new ModelError('protocol', 'the model server\'s answer is not JSON');
  }

  /** A chat completion; with `onDelta` it is streamed (server-sent events), each piece of text handed on as it comes. */
  async chat(endpoint: ModelEndpoint, messages: readonly ChatMessage[], maxTokens: number, onDelta?: (text: string) => void): Promise<ChatAnswer> {
    if (endpoint.chatModel === null) throw new ModelError('unconfigured', 'the model endpoint names no chat model');
    const body = {
      model: endpoint.chatModel, messages, max_tokens: maxTokens, temperature: 0,
      ...(onDelta ? { stream: true, stream_options: { include_usage: true } } : {}),
    };
    const prompt = messages.reduce((n, m) => n + estimateTokens(m.content), 0);
    return this.call(endpoint, '/chat/completions', body, async (res, started) => {
      const type = String(res.headers['content-type'] ?? '');
      if (onDelta === undefined || !type.includes('text/event-stream')) {
        const doc = await this.json(res);
        const choice = (doc.choices as { message?: { content?: unknown }; finish_reason?: unknown }[] | undefined)?.[0];
        const text = typeof choice?.message?.content === 'string' ? choice.message.content : null;
        if (text === null) throw new ModelError('protocol', 'the model server\'s answer has no choices[0].message.content');
        if (onDelta) { started(); onDelta(text); }
        return this.answer(text, doc.usage, prompt, typeof choice?.finish_reason === 'string' ? choice.finish_reason : null);
      }
      let text = '';
      let usage: unknown;
      let finish: string | null = null;
      let buffer = '';
      let bytes = 0;
      for await (const piece of res.body) {
        bytes += (piece as Buffer).length;
        if (bytes > MAX_ANSWER_BYTES) throw new ModelError('protocol', 'the streamed answer is too large');
        buffer += (piece as Buffer).toString('utf8');
        let end: number;
        while ((end = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, end).trim();
          buffer = buffer.slice(end + 1);
          if (!line.startsWith('data:')) continue;
          const data = line.slice(5).trim();
          if (data === '[DONE]') continue;
          let event: { choices?: { delta?: { content?: unknown }; finish_reason?: unknown }[]; usage?: unknown };
          try { event = JSON.parse(data) as typeof event; } catch { throw new ModelError('protocol', 'a streamed event is not JSON'); }
          if (event.usage) usage = event.usage;
          const choice = event.choices?.[0];
          if (typeof choice?.finish_reason === 'string') finish = choice.finish_reason;
          const delta = choice?.delta?.content;
          if (typeof delta === 'string' && delta !== '') {
            started();
            text += delta;
            onDelta(delta);
          }
        }
      }
      return this.answer(text, usage, prompt, finish);
    });
  }

  private answer(text: string, usage: unknown, estimatedPrompt: number, finishReason: string | null): ChatAnswer {
    const u = usage as { prompt_tokens?: unknown; completion_tokens?: unknown } | undefined;
    const reported = typeof u?.prompt_tokens === 'number' && typeof u.completion_tokens === 'number';
    return {
      text, finishReason, usageReported: reported,
      usage: reported ? { promptTokens: u.prompt_tokens as number, completionTokens: u.completion_tokens as number } : { promptTokens: estimatedPrompt, completionTokens: estimateTokens(text) },
    };
  }

  /** One vector per input, in order. */
  async embed(endpoint: ModelEndpoint, inputs: readonly string[]): Promise<{ vectors: number[][]; tokens: number }> {
    if (endpoint.embeddingModel === null) throw new ModelError('unconfigured', 'the model endpoint names no embeddings model');
    return this.call(endpoint, '/embeddings', { model: endpoint.embeddingModel, input: inputs }, async (res) => {
      const doc = await this.json(res);
      const data = doc.data as { embedding?: unknown; index?: unknown }[] | undefined;
      if (!Array.isArray(data) || data.length !== inputs.length) throw new ModelError('protocol', 'the embeddings answer does not hold one vector per input');
      const vectors: number[][] = new Array<number[]>(inputs.length);
      data.forEach((d, i) => {
        const at = typeof d.index === 'number' ? d.index : i;
        if (!Array.isArray(d.embedding) || !d.embedding.every((x) => typeof x === 'number')) throw new ModelError('protocol', 'an embedding is not a list of numbers');
        vectors[at] = d.embedding as number[];
      });
      const usage = doc.usage as { prompt_tokens?: unknown } | undefined;
      return { vectors, tokens: typeof usage?.prompt_tokens === 'number' ? usage.prompt_tokens : inputs.reduce((n, t) => n + estimateTokens(t), 0) };
    });
  }

  /** Relevance of each document to the query, best first. */
  async rerank(endpoint: ModelEndpoint, query: string, documents: readonly string[]): Promise<{ index: number; score: number }[]> {
    if (endpoint.rerankModel === null) throw new ModelError('unconfigured', 'the model endpoint names no rerank model');
    return this.call(endpoint, '/rerank', { model: endpoint.rerankModel, query, documents, top_n: documents.length }, async (res) => {
      const doc = await this.json(res);
      const results = doc.results as { index?: unknown; relevance_score?: unknown }[] | undefined;
      if (!Array.isArray(results)) throw new ModelError('protocol', 'the rerank answer has no results');
      return results.filter((r) => typeof r.index === 'number' && typeof r.relevance_score === 'number' && r.index >= 0 && r.index < documents.length)
        .map((r) => ({ index: r.index as number, score: r.relevance_score as number })).sort((a, b) => b.score - a.score);
    });
  }

  async close(): Promise<void> {
    await this.dispatcher.close();
  }
}
