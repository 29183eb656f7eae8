// A faithful fake of an OpenAI-compatible model server: chat completions (whole or streamed as server-sent events, with
// usage), embeddings, rerank; and the faults real servers show: 429 with Retry-After, 500, and a hang.
import type http from 'node:http';
import { FakeHttpServer } from './fake-http-server.js';

export type Fault = { kind: '429'; retryAfter?: string } | { kind: '500' } | { kind: 'hang' };

export interface SeenRequest {
  path: string;
  authorization: string | undefined;
  body: any;
}

const words = (text: string) => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];

/** Bag of words hashed into 64 dimensions, normalized: texts sharing words point alike. */
export function fakeEmbedding(text: string): number[] {
  const v = new Array<number>(64).fill(0);
  for (const w of words(text)) {
    let h = 0;
    for (const c of w) h = (h * 31 + c.charCodeAt(0)) >>> 0;
    v[h % 64]! += 1;
  }
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}

export class FakeModelServer {
  readonly requests: SeenRequest[] = [];
  /** Consumed one per request, before anything else. */
  readonly faults: Fault[] = [];
  /** Scripted chat answers, consumed in order; when none is left the fake answers from the first passage it was given. */
  readonly answers: string[] = [];
  /** Milliseconds between two streamed pieces. */
  streamDelayMs = 15;
  private readonly hanging = new Set<http.ServerResponse>();

  private constructor(private readonly server: FakeHttpServer) {}

  static async start(): Promise<FakeModelServer> {
    let fake: FakeModelServer | null = null;
    const server = await FakeHttpServer.listen((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => { raw += c.toString('utf8'); });
      req.on('end', () => { void fake!.handle(req, res, raw); });
    });
    fake = new FakeModelServer(server);
    return fake;
  }

  /** The base URL, as an operator configures it (…/v1). */
  get baseUrl(): string {
    return `${this.server.url}/v1`;
  }

  get host(): string {
    return `127.0.0.1:${this.server.port}`;
  }

  chats(): SeenRequest[] {
    return this.requests.filter((r) => r.path === '/v1/chat/completions');
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse, raw: string): Promise<void> {
    let body: any = null;
    try { body = JSON.parse(raw); } catch { /* kept null */ }
    const path = (req.url ?? '').split('?')[0]!;
    this.requests.push({ path, authorization: req.headers.authorization, body });
    const json = (status: number, doc: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(doc));
    };
    const fault = this.faults.shift();
    if (fault?.kind === '429') return json(429, { error: { message: 'Rate limit reached' } }, fault.retryAfter === undefined ? {} : { 'retry-after': fault.retryAfter });
    if (fault?.kind === '500') return json(500, { error: { message: 'The server had an error' } });
    if (fault?.kind === 'hang') {
      this.hanging.add(res);
      return;
    }
    if (body === null) return json(400, { error: { message: 'body is not JSON' } });
    switch (path) {
      case '/v1/chat/completions':
        return this.chat(body, res, json);
      case '/v1/embeddings': {
        const inputs: string[] = Array.isArray(body.input) ? body.input : [body.input];
        return json(200, {
          object: 'list', model: body.model, data: inputs.map((t, index) => ({ object: 'embedding', index, embedding: fakeEmbedding(t) })),
          usage: { prompt_tokens: inputs.reduce((n, t) => n + words(t).length, 0), total_tokens: 0 },
        });
      }
      case '/v1/rerank': {
        const q = new Set(words(body.query));
        const results = (body.documents as string[]).map((d, index) => ({ index, relevance_score: words(d).filter((w) => q.has(w)).length / (1 + words(d).length) }));
        return json(200, { model: body.model, results: results.sort((a, b) => b.relevance_score - a.relevance_score) });
      }
      default:
        return json(404, { error: { message: `no route ${path}` } });
    }
  }

  private defaultAnswer(messages: { role: string; content: string }[]): string {
    const user = messages.filter((m) => m.role === 'user').at(-1)?.content ?? '';
    const first = /\[1\][^\n]*\n([^\n]+)/.exec(user);
    if (first === null) return 'NO_ANSWER';
    const sentence = first[1]!.split(/(?<=\.)\s/)[0]!;
    return `${sentence} [1]`;
  }

  private chat(body: any, res: http.ServerResponse, json: (status: number, doc: unknown) => void): void {
    const text = this.answers.shift() ?? this.defaultAnswer(body.messages ?? []);
    const prompt = (body.messages as { content: string }[]).reduce((n, m) => n + Math.ceil(m.content.length / 4), 0);
    const usage = { prompt_tokens: prompt, completion_tokens: Math.ceil(text.length / 4), total_tokens: 0 };
    if (body.stream !== true) {
      return json(200, {
        id: 'chatcmpl-fake', object: 'chat.completion', model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }], usage,
      });
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const pieces = text.match(/\S+\s*/g) ?? [];
    const send = (doc: unknown) => res.write(`data: ${JSON.stringify(doc)}\n\n`);
    let i = 0;
    const next = () => {
      if (i < pieces.length) {
        send({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: pieces[i++] }, finish_reason: null }] });
        setTimeout(next, this.streamDelayMs);
        return;
      }
      send({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
      if (body.stream_options?.include_usage) send({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', choices: [], usage });
      res.end('data: [DONE]\n\n');
    };
    next();
  }

  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    await this.server.close();
  }
}
