// An HTTP API whose first call never answers: the bot run that makes it holds its conversation (a kill, a drain) as long as a test needs.
import http from 'node:http';

export async function stallingApi(): Promise<{ url: string; stalled: Promise<void>; close(): Promise<void> }> {
  let calls = 0;
  let stalled: () => void = () => undefined;
  const first = new Promise<void>((resolve) => { stalled = resolve; });
  const server = http.createServer((_req, res) => {
    calls += 1;
    if (calls === 1) return stalled();
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/stall`,
    stalled: first,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
