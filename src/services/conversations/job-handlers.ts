// The runtime's durable jobs: timers become inbox events, asynchronous requests run and hand back their result, wake-ups kick.
import { type HttpPort, responseWrites, sendWithRetries } from '../../engine/index.js';
import type { JobQueue } from '../../jobs/index.js';
import type { Ingest } from './ingest.js';
import { QUEUES, type RequestJob, type TimerJob, type WakeJob } from './queues.js';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function registerJobHandlers(jobs: JobQueue, ingest: Ingest, http: HttpPort, kick: (conversationId: number) => void): Promise<void> {
  // The token as key makes a timer fired twice (a retried job, two processes) one event.
  await jobs.work<TimerJob>(QUEUES.timer, async ({ data }) => {
    await ingest.enqueue(data.conversationId, { kind: 'timer', token: data.token }, `timer:${data.token}`);
  }, { concurrency: 4 });

  await jobs.work<RequestJob>(QUEUES.request, async ({ data }) => {
    const outcome = await sendWithRetries(http, data.request, data.retries, data.allowHtml, sleep);
    const writes = outcome.ok ? responseWrites(data, outcome.response).writes : [];
    await ingest.enqueue(data.conversationId, { kind: 'requestResult', writes, failed: !outcome.ok, fallback: data.fallback }, `request:${data.token}`);
  }, { concurrency: 4 });

  await jobs.work<WakeJob>(QUEUES.wake, async ({ data }) => {
    kick(data.conversationId);
  }, { concurrency: 4 });
}
