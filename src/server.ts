// Starts a whole server from a config: store, services, HTTP; and stops it cleanly.
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { buildApp, type AppOptions } from './http/app.js';
import { createServices, type Services } from './services/index.js';
import { openMigratedStore, type Store } from './store/db.js';

export interface RunningServer {
  app: FastifyInstance;
  store: Store;
  services: Services;
  url: string;
  close(): Promise<void>;
}

export async function startServer(config: Config, options: { logger?: AppOptions['logger'] } = {}): Promise<RunningServer> {
  const store = await openMigratedStore(config.database);
  try {
    const services = createServices(config, store);
    const app = await buildApp({ config, services, logger: options.logger ?? true });
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : config.port;
    const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    return {
      app, store, services, url: `http://${host}:${port}`,
      close: async () => {
        await app.close();
        await store.close();
      },
    };
  } catch (err) {
    await store.close();
    throw err;
  }
}
