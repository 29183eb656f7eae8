// A worker process for crash.test.ts: takes jobs of the "crash" queue and hangs in the handler until it is killed.
import { loadConfig } from '../../src/config.js';
import { createJobQueue } from '../../src/jobs/index.js';
import { openMigratedStore } from '../../src/store/db.js';

const config = loadConfig(process.env);
const store = await openMigratedStore(config.database);
const queue = createJobQueue(config, store);
await queue.work('crash', async (job) => {
  process.stdout.write(`started ${job.id} ${job.attempt}\n`);
  await new Promise(() => {});
});
await queue.start();
process.stdout.write('ready\n');
