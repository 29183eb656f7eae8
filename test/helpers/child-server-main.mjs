// A whole Parley server in a child process, for tests that kill it (-9) or run several against one database.
// Plain JavaScript, so that it runs either the TypeScript of src/ (tests, through tsx) or the compiled dist/ without
// tsx, as `npm start` does (benchmarks: argument `dist`). It starts as src/main.ts does.
// As src/main.ts: Node 22.1+ keeps compiled code on disk.
(await import('node:module')).default.enableCompileCache?.();
const from = process.argv[2] === 'dist' ? '../../dist' : '../../src';
const { loadConfig } = await import(`${from}/config.js`);
const { setHeapGrowing } = await import(`${from}/heap-growth.js`);
const config = loadConfig(process.env);
setHeapGrowing(config.heapGrowingPercent);
const { startServer } = await import(`${from}/server.js`);
const { drainOnSignals } = await import(`${from}/shutdown.js`);

const server = await startServer(config, { logger: false });
process.stdout.write(`READY ${server.url}\n`);
// SIGTERM drains as the real entry point does (src/shutdown.ts).
drainOnSignals(server, { info: () => undefined, error: (obj, msg) => console.error(msg, obj) });
// A test runner that dies (a timeout, a crash) must not leave servers holding database connections.
process.on('disconnect', () => process.exit(0));
