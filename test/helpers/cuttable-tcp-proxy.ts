// A TCP proxy a test can cut and restore: stands between the server and PostgreSQL, so a "restart" of the database drops
// every connection and refuses new ones, without touching the real PostgreSQL (other agents use it).
import net, { type AddressInfo } from 'node:net';

export class TcpProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  /** Connections made through the proxy so far. */
  connections = 0;

  private constructor(readonly port: number, private readonly target: { host: string; port: number }) {}

  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const proxy = new TcpProxy(port, target);
    await proxy.restore();
    return proxy;
  }

  /** The database goes away: every open connection is reset and new ones are refused until `restore`. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    if (server !== null) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The database is back on the same address. */
  async restore(): Promise<void> {
    if (this.server !== null) return;
    const server = net.createServer((client) => {
      this.connections += 1;
      const upstream = net.connect(this.target.port, this.target.host);
      this.sockets.add(client);
      this.sockets.add(upstream);
      const drop = () => {
        client.destroy();
        upstream.destroy();
        this.sockets.delete(client);
        this.sockets.delete(upstream);
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  async close(): Promise<void> {
    await this.cut();
  }
}
