// A whole Parley server in a child process, for tests that kill it (-9) or run several against one database.
import { loadConfig } from '../../src/config.js';
import { startServer } from '../../src/server.js';
import { drainOnSignals } from '../../src/shutdown.js';

const server = await startServer(loadConfig(process.env), { logger: false });
process.stdout.write(`READY ${server.url}\n`);
// SIGTERM drains as the real entry point does (src/shutdown.ts).
drainOnSignals(server, { info: () => undefined, error: (obj, msg) => console.error(msg, obj) });
// A test runner that dies (a timeout, a crash) must not leave servers holding database connections.
process.on('disconnect', () => process.exit(0));
