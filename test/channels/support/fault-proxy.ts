// An HTTP proxy in front of a fake provider that fails chosen requests the ways networks do: a 500, a 429 with Retry-After, no answer, a dropped connection.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type Fault =
  | { kind: 'status'; status: number; retryAfter?: string; body?: string }
  /** Reads the request and never answers: the client's own time limit must end it. */
  | { kind: 'hang' }
  /** Reads the request and closes the connection without a word. */
  | { kind: 'reset' };

export interface ProxiedRequest { method: string; path: string; at: number; fault: Fault['kind'] | 'passed'; status: number | null }

export class FaultProxy {
  /** Requests the faults apply to; others always pass. */
  matches: (method: string, path: string) => boolean = () => true;
  readonly requests: ProxiedRequest[] = [];
  private readonly faults: Fault[] = [];
  private readonly sockets = new Set<Socket>();
  /** The real server behind the proxy, e.g. a fake's URL; set once it exists. */
  target = '';

  private constructor(private readonly server: http.Server, readonly url: string) {}

  static async start(): Promise<FaultProxy> {
    let proxy: FaultProxy | undefined;
    const server = http.createServer((req, res) => { void proxy?.handle(req, res); });
    server.on('connection', (socket) => {
      proxy?.sockets.add(socket);
      socket.on('close', () => proxy?.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    proxy = new FaultProxy(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return proxy;
  }

  /** The next matching requests meet these faults, in order. */
  fail(...faults: Fault[]): void {
    this.faults.push(...faults);
  }

  /** Matching requests, in order. */
  matched(): ProxiedRequest[] {
    return this.requests.filter((r) => this.matches(r.method, r.path));
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    const record: ProxiedRequest = { method, path, at: Date.now(), fault: 'passed', status: null };
    this.requests.push(record);
    const fault = this.matches(method, path) ? this.faults.shift() : undefined;
    if (fault !== undefined) {
      record.fault = fault.kind;
      switch (fault.kind) {
        case 'hang':
          return;
        case 'reset':
          req.socket.destroy();
          return;
        case 'status':
          record.status = fault.status;
          res.writeHead(fault.status, { 'content-type': 'application/json', ...(fault.retryAfter === undefined ? {} : { 'retry-after': fault.retryAfter }) });
          res.end(fault.body ?? JSON.stringify({ error: { message: 'fault injected', code: 2 } }));
          return;
      }
    }
    // Passed through unchanged, Host included: signatures over the URL (OAuth 1.0a) are of the URL the client called.
    const upstream = http.request(this.target + path, { method, headers: req.headers }, (up) => {
      record.status = up.statusCode ?? null;
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on('error', () => { if (!res.headersSent) res.writeHead(502).end(); else res.destroy(); });
    upstream.end(Buffer.concat(chunks));
  }
}
