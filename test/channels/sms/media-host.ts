// A web server holding media a bot links to: answers ranged GETs as real servers do (206 with Content-Range), or ignores Range when told to.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface MediaFile {
  type: string | null;
  size: number;
  /** Answer the whole body with 200 even to a ranged request. */
  ignoreRange?: boolean;
}

export class MediaHost {
  readonly requests: { path: string; range: string | null }[] = [];

  private constructor(private readonly server: http.Server, readonly url: string, private readonly files: Record<string, MediaFile>) {}

  static async start(files: Record<string, MediaFile>): Promise<MediaHost> {
    let host: MediaHost | undefined;
    const server = http.createServer((req, res) => host?.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    host = new MediaHost(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`, files);
    return host;
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const path = req.url ?? '/';
    const range = req.headers.range ?? null;
    this.requests.push({ path, range });
    const file = this.files[path];
    if (file === undefined) {
      res.writeHead(404).end('not found');
      return;
    }
    const headers: Record<string, string> = file.type === null ? {} : { 'content-type': file.type };
    if (range === 'bytes=0-0' && !file.ignoreRange) {
      res.writeHead(206, { ...headers, 'content-range': `bytes 0-0/${file.size}`, 'content-length': '1' }).end(Buffer.alloc(1));
      return;
    }
    res.writeHead(200, { ...headers, 'content-length': String(file.size) }).end(Buffer.alloc(file.size, 0x61));
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
