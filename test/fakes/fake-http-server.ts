// The HTTP server under a fake provider: listening on a random loopback port, and closed with the connections clients keep alive.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export class FakeHttpServer {
  private readonly sockets = new Set<Socket>();

  private constructor(private readonly server: http.Server, readonly port: number) {
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  /** Listens on 127.0.0.1; `handle` answers every request (the fake's router). */
  static async listen(handle: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<FakeHttpServer> {
    const server = http.createServer(handle);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return new FakeHttpServer(server, (server.address() as AddressInfo).port);
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
