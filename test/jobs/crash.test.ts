// A worker killed with SIGKILL mid-handler: its job runs again in another process once the lease has expired, and only then.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASES } from '../helpers/server.js';
import type { Job } from '../../src/jobs/index.js';
import { jobsEnv, until, type JobsEnv } from './harness.js';

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'crash-child.ts');

function startChild(env: Record<string, string>): { child: ChildProcess; lines: string[] } {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    env: { ...process.env, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  let buffer = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const parts = buffer.split('\n');
    buffer = parts.pop() ?? '';
    lines.push(...parts);
  });
  return { child, lines };
}

describe.each(DATABASES)('a crashed worker on %s', (kind) => {
  let env: JobsEnv;
  let child: ChildProcess | null = null;
  afterEach(async () => {
    if (child !== null && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await env?.cleanup();
  });

  it('leaves its job to run again after the lease', async () => {
    env = await jobsEnv(kind, { JOBS_LEASE_SECONDS: '1' });
    const parent = await env.queue();
    const id = await parent.queue.send('crash', { n: 1 });

    const started = startChild(env.env);
    child = started.child;
    await until('the child to take the job', () => started.lines.includes(`started ${id} 1`), 15_000);
    const takenBy = Date.now();
    child.kill('SIGKILL');
    await once(child, 'exit');

    const reruns: Array<{ job: Job<unknown>; at: number }> = [];
    await parent.queue.work('crash', async (job) => { reruns.push({ job, at: Date.now() }); });
    await parent.queue.start();
    await until('the re-run', () => reruns.length === 1, 10_000);
    expect(reruns[0]!.job).toMatchObject({ id, attempt: 2, data: { n: 1 } });
    // Not before the dead run's 1 s lease ran out (less the time its "started" line took to arrive).
    expect(reruns[0]!.at - takenBy).toBeGreaterThanOrEqual(800);
  });
});
