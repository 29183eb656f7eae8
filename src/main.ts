// Entry point: config → store → HTTP; stops cleanly on SIGINT/SIGTERM.
import { ConfigError, loadConfig } from './config.js';
import { startServer } from './server.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const server = await startServer(config);
  const where = config.database.kind === 'sqlite' ? `SQLite at ${config.database.file}` : 'PostgreSQL';
  server.app.log.info(`Parley is serving ${server.url} on ${where}; API reference at ${server.url}/docs`);
  const stop = async (signal: string) => {
    server.app.log.info(`${signal}: shutting down`);
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? `configuration error: ${err.message}` : err);
  process.exit(1);
});
