// The world around the chat in browser tests: a site with images and a slow API the bot calls, a page embedding the chat, and a network that can drop.
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

/** A 1×1 PNG: enough for the browser to decode an image and give it a natural size. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

export interface Site {
  url: string;
  /** Where a page embeds the chat of `channelId` served at `chatUrl`. */
  embedPage(chatUrl: string, channelId: number): string;
  close(): Promise<void>;
}

/** Another web site: images, a file, a video, an API that takes its time (the bot "types" meanwhile), and an embedding page. */
export async function startSite(slowMs: number): Promise<Site> {
  const embeds = new Map<string, string>();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (path.startsWith('/img/')) {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': PNG.length }).end(PNG);
    } else if (path === '/api/hours') {
      setTimeout(() => res.writeHead(200, { 'content-type': 'text/plain' }).end('9 to 5'), slowMs);
    } else if (path.startsWith('/media/')) {
      res.writeHead(200, { 'content-type': path.endsWith('.mp4') ? 'video/mp4' : 'audio/mpeg' }).end(Buffer.alloc(64));
    } else if (path.startsWith('/files/')) {
      res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4\n%%EOF\n');
    } else if (embeds.has(path)) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(embeds.get(path));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    embedPage(chatUrl, channelId) {
      const path = `/shop-${channelId}.html`;
      embeds.set(path, `<!doctype html><html lang="en"><head><title>Pizza shop</title>
<script src="${chatUrl}/chat/${channelId}/embed.js" async></script></head>
<body><h1>Pizza shop</h1><p>Our pizzas are the best.</p></body></html>`);
      return url + path;
    },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

export interface FlakyNetwork {
  /** The chat server as the browser reaches it, through this network. */
  url: string;
  /** Cuts every open connection and refuses new ones, as a train entering a tunnel would. */
  drop(): void;
  /** Lets connections through again. */
  restore(): void;
  close(): Promise<void>;
}

/** A TCP relay between the browser and the chat server that can lose the connection on demand. */
export async function startFlakyNetwork(target: string): Promise<FlakyNetwork> {
  const { hostname, port } = new URL(target);
  const open = new Set<net.Socket>();
  let down = false;
  const server = net.createServer((client) => {
    if (down) { client.destroy(); return; }
    const upstream = net.connect(Number(port), hostname);
    open.add(client);
    open.add(upstream);
    const cut = () => { client.destroy(); upstream.destroy(); open.delete(client); open.delete(upstream); };
    client.on('error', cut).on('close', cut);
    upstream.on('error', cut).on('close', cut);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    drop() {
      down = true;
      for (const socket of open) socket.destroy();
      open.clear();
    },
    restore() {
      down = false;
    },
    close: () => new Promise<void>((resolve) => {
      for (const socket of open) socket.destroy();
      server.close(() => resolve());
    }),
  };
}
