// Entry point: config → store → HTTP; drains on SIGTERM/SIGINT (src/shutdown.ts).
import module from 'node:module';
import { ConfigError, loadConfig } from './config.js';
import { setHeapGrowing } from './heap-growth.js';

/**
 * Node 22.1 and later keep V8's compiled code of every module on disk (the OS's temporary folder, or
 * NODE_COMPILE_CACHE): loading the server's modules was most of a restart's time. Node 20 has no such cache.
 */
const withCache = module as { enableCompileCache?: () => unknown };

async function main(): Promise<void> {
  withCache.enableCompileCache?.();
  const config = loadConfig();
  // Before the server's modules load: the collections made while they load set the heap's first limits.
  setHeapGrowing(config.heapGrowingPercent);
  const { startServer } = await import('./server.js');
  const { drainOnSignals } = await import('./shutdown.js');
  const server = await startServer(config);
  const where = config.database.kind === 'sqlite' ? `SQLite at ${config.database.file}` : 'PostgreSQL';
  server.app.log.info(`Parley is serving ${server.url} on ${where}; API reference at ${server.url}/docs`);
  if (server.metricsUrl !== null) server.app.log.info(`metrics at ${server.metricsUrl}/metrics`);
  drainOnSignals(server, server.app.log);
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? `configuration error: ${err.message}` : err);
  process.exit(1);
});
