// The runtime's durable jobs: timers become inbox events, asynchronous requests run and hand back their result, wake-ups kick.
import { type HttpPort, responseWrites, sendWithRetries } from '../../engine/index.js';
import type { Logger } from '../../channels/index.js';
import type { JobQueue } from '../../jobs/index.js';
import { readJob } from '../stored-jobs.js';
import type { Ingest } from './ingest.js';
import { JOB_FORMATS, QUEUES } from './queues.js';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function registerJobHandlers(jobs: JobQueue, ingest: Ingest, http: HttpPort, kick: (conversationId: number) => void, log: Logger): Promise<void> {
  // The token as key makes a timer fired twice (a retried job, two processes) one event.
  await jobs.work<unknown>(QUEUES.timer, async (job) => {
    const data = readJob(JOB_FORMATS.timer, job.data, log);
    await ingest.enqueue(data.conversationId, { kind: 'timer', token: data.token }, `timer:${data.token}`);
  }, { concurrency: 4 });

  await jobs.work<unknown>(QUEUES.request, async (job) => {
    const data = readJob(JOB_FORMATS.request, job.data, log);
    const outcome = await sendWithRetries(http, data.request, data.retries, data.allowHtml, sleep);
    const writes = outcome.ok ? responseWrites(data, outcome.response).writes : [];
    await ingest.enqueue(data.conversationId, { kind: 'requestResult', writes, failed: !outcome.ok, fallback: data.fallback }, `request:${data.token}`);
  }, { concurrency: 4 });

  await jobs.work<unknown>(QUEUES.wake, async (job) => {
    kick(readJob(JOB_FORMATS.wake, job.data, log).conversationId);
  }, { concurrency: 4 });
}
