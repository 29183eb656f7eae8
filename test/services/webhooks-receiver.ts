// A real HTTP endpoint for webhook tests: records every delivery, answers as each test scripts, verifies Standard Webhooks signatures.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { WAIT_BOUND_MS } from '../helpers/wait-bound.js';

export interface Delivery {
  /** Date.now() when the request arrived. */
  at: number;
  path: string;
  headers: Record<string, string>;
  body: string;
  event: { type: string; timestamp: string; data: any };
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

type Responder = (d: Delivery, seen: number) => Answer;

export class Receiver {
  readonly deliveries: Delivery[] = [];
  private readonly responders = new Map<string, Responder>();
  private waiters: { test: (d: Delivery) => boolean; resolve: () => void }[] = [];

  private constructor(private readonly server: http.Server, readonly base: string) {}

  static async start(): Promise<Receiver> {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const receiver = new Receiver(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    server.on('request', (req, res) => receiver.handle(req, res));
    return receiver;
  }

  url(path: string): string {
    return `${this.base}${path}`;
  }

  /** How the endpoint at `path` answers; `seen` counts its earlier requests. Default: 204. */
  answer(path: string, responder: Responder): void {
    this.responders.set(path, responder);
  }

  at(path: string): Delivery[] {
    return this.deliveries.filter((d) => d.path === path);
  }

  /** Resolves once `count` deliveries passing `test` arrived. */
  async waitFor(test: (d: Delivery) => boolean, count = 1, timeoutMs = WAIT_BOUND_MS): Promise<Delivery[]> {
    const matching = () => this.deliveries.filter(test);
    if (matching().length >= count) return matching();
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${matching().length} of ${count} deliveries within ${timeoutMs} ms; got ${JSON.stringify(this.deliveries.map((d) => [d.path, d.event.type]))}`)), timeoutMs);
      const waiter = { test: () => matching().length >= count, resolve: () => { clearTimeout(timer); resolve(); } };
      this.waiters.push(waiter);
    });
    return matching();
  }

  /** The payload if `secret` signed the delivery (the standardwebhooks package's own check); throws otherwise. */
  static verify(secret: string, d: Delivery): unknown {
    return new Webhook(secret).verify(d.body, d.headers);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v ?? '']));
      const path = req.url ?? '/';
      let event: Delivery['event'];
      try { event = JSON.parse(body) as Delivery['event']; } catch { event = { type: '(not json)', timestamp: '', data: null }; }
      const delivery: Delivery = { at: Date.now(), path, headers, body, event };
      const seen = this.at(path).length;
      const answer: Answer = (this.responders.get(path) ?? (() => ({ status: 204 })))(delivery, seen);
      this.deliveries.push(delivery);
      res.writeHead(answer.status, answer.headers ?? {});
      res.end(answer.body ?? '');
      for (const w of [...this.waiters]) if (w.test(delivery)) {
        this.waiters = this.waiters.filter((x) => x !== w);
        w.resolve();
      }
    });
  }
}
