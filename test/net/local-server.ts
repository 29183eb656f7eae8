// A real HTTP server on 127.0.0.1 with the answers the outbound client's tests need (redirects, stalls, big and odd bodies).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

export interface LocalServer {
  port: number;
  origin: string;
  close(): Promise<void>;
}

function handle(req: http.IncomingMessage, res: http.ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://local');
  const p = url.pathname;
  if (p === '/hello') {
    res.setHeader('Set-Cookie', ['a=1', 'b=2']);
    res.setHeader('X-Mixed-Case', 'yes');
    res.end('hello');
  } else if (p.startsWith('/status/')) {
    res.statusCode = Number(p.slice('/status/'.length));
    res.end(`status ${res.statusCode}`);
  } else if (p === '/echo') {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ method: req.method, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
  } else if (p === '/redirect') {
    res.statusCode = Number(url.searchParams.get('status') ?? 302);
    res.setHeader('Location', url.searchParams.get('to') ?? '/hello');
    res.end('moved');
  } else if (p === '/loop') {
    res.statusCode = 302;
    res.setHeader('Location', '/loop');
    res.end();
  } else if (p.startsWith('/chain/')) {
    const n = Number(p.slice('/chain/'.length));
    if (n === 0) res.end('end of chain');
    else {
      res.statusCode = 301;
      res.setHeader('Location', `/chain/${n - 1}`);
      res.end();
    }
  } else if (p === '/slow') {
    // Never answers: the client's time limit has to end it.
  } else if (p === '/stall-body') {
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.write('partial');
  } else if (p === '/big') {
    const n = Number(url.searchParams.get('n') ?? 0);
    if (url.searchParams.get('chunked') === null) res.setHeader('Content-Length', n);
    res.write('x'.repeat(Math.floor(n / 2)));
    res.end('x'.repeat(n - Math.floor(n / 2)));
  } else if (p === '/gzip') {
    const n = Number(url.searchParams.get('n') ?? 0);
    res.writeHead(200, { 'Content-Encoding': 'gzip', 'Content-Type': 'text/plain; charset=utf-8' });
    res.end(gzipSync(Buffer.alloc(n, 'z')));
  } else if (p === '/latin1') {
    res.writeHead(200, { 'Content-Type': 'text/plain; charset=ISO-8859-1' });
    res.end(Buffer.from([0x63, 0x61, 0x66, 0xe9])); // "café"
  } else {
    res.statusCode = 404;
    res.end('no such test route');
  }
}

export async function startLocalServer(): Promise<LocalServer> {
  const server = http.createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** A port nothing listens on (bound once, then released). */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
