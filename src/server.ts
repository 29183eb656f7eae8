// Starts a whole server from a config: store, services, HTTP; and stops it cleanly.
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { buildApp, type AppOptions, type MetricsListener, startMetricsListener } from './http/index.js';
import { createServices, type Services } from './services/index.js';
import { openMigratedStore, type Store } from './store/index.js';
import type { Clock } from './time.js';

export interface RunningServer {
  app: FastifyInstance;
  store: Store;
  services: Services;
  url: string;
  /** The private metrics listener's base URL (METRICS_PORT); null when there is none. */
  metricsUrl: string | null;
  close(): Promise<void>;
}

/** `clock`: what the services take for now (tests move a virtual one); the machine's by default. */
export async function startServer(config: Config, options: { logger?: AppOptions['logger']; clock?: Clock } = {}): Promise<RunningServer> {
  const store = await openMigratedStore(config.database);
  let services: Services | null = null;
  try {
    services = createServices(config, store, options.clock);
    const running = services;
    const app = await buildApp({ config, services, logger: options.logger ?? true });
    running.runtime.useLogger(app.log);
    await store.feed.start();
    await running.runtime.start();
    await running.retention.schedule();
    await running.audit.scheduleRetention();
    await running.providers.start(app.log);
    await running.webhookDispatcher.start(app.log);
    await running.webChat.start();
    await app.listen({ port: config.port, host: config.host });
    const metricsPort = config.metrics.port;
    const metricsListener: MetricsListener | null = metricsPort === null ? null : await startMetricsListener({ ...config.metrics, port: metricsPort }, running);
    const address = app.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : config.port;
    const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    // No account yet: the console's first run makes the owner, from this host, or from another with this code.
    const code = await running.firstRun.codeToPrint();
    if (code !== null) {
      app.log.warn({ setupCode: code }, `No account yet: open ${config.publicUrl ?? `http://${host}:${port}`}/console to create the owner `
        + `(from another host than this one, give the setup code ${code}).`);
    }
    return {
      app, store, services: running, url: `http://${host}:${port}`, metricsUrl: metricsListener?.url ?? null,
      close: async () => {
        await app.close();
        await metricsListener?.close();
        await running.runtime.stop();
        // After the runtime: its job queue has stopped, so no webhook delivery is in flight.
        await running.webhookDispatcher.stop();
        await running.webChat.close();
        await running.providers.close();
        await store.close();
      },
    };
  } catch (err) {
    await services?.runtime.stop();
    await services?.webhookDispatcher.stop();
    await services?.webChat.close();
    await services?.providers.close();
    await store.close();
    throw err;
  }
}
