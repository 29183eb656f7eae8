// The private metrics listener (METRICS_PORT): /metrics and the probes on their own port, kept off the public one.
import http from 'node:http';
import type { MetricsConfig } from '../config.js';
import type { Services } from '../services/index.js';

export interface MetricsListener {
  url: string;
  close(): Promise<void>;
}

export async function startMetricsListener(config: MetricsConfig & { port: number }, services: Pick<Services, 'metrics' | 'readiness'>): Promise<MetricsListener> {
  const { metrics, readiness } = services;
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const answer = (status: number, type: string, body: string) => res.writeHead(status, { 'content-type': type }).end(body);
    const json = (status: number, body: unknown) => answer(status, 'application/json; charset=utf-8', JSON.stringify(body));
    if (req.method !== 'GET' && req.method !== 'HEAD') return json(405, { error: 'only GET' });
    if (path === '/healthz') return json(200, { status: 'ok' });
    if (path === '/readyz') {
      void readiness.check().then((report) => json(report.status === 'ready' ? 200 : 503, report), () => json(503, { status: 'unready' }));
      return;
    }
    if (path !== '/metrics') return json(404, { error: 'not found' });
    if (!metrics.allows(req.headers.authorization)) {
      res.setHeader('www-authenticate', 'Bearer');
      return json(401, { error: 'a bearer token (METRICS_TOKEN) is required' });
    }
    void metrics.scrape().then((text) => answer(200, metrics.contentType, text), () => json(500, { error: 'the metrics could not be collected' }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => { server.off('error', reject); resolve(); });
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return {
    url: `http://${host}:${port}`,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
