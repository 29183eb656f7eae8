// Starts Parley in a child process on a given database; the test can kill it hard and start it again on the same data.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { compileIfStale } from '../../scripts/compile.mjs';

export interface ChildServer {
  url: string;
  process: ChildProcess;
  /** SIGKILL: no shutdown code runs, as in a crash. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

const MAIN = path.join(import.meta.dirname, 'child-server-main.mjs');

/** `source`: src/ through tsx, as tests run it; `compiled`: dist/ without tsx, as `npm start` runs it (benchmarks). */
export type ServerProgram = 'source' | 'compiled';

let compiled: Promise<boolean> | null = null;

/** Compiles src/ into dist/ once per process (when a source changed), for the first server that runs dist/. */
export async function compiledOnce(): Promise<void> {
  compiled ??= compileIfStale();
  await compiled;
}

/** `nodeArgs` go before the script (benchmarks pass `--cpu-prof`, which NODE_OPTIONS refuses). */
export async function startChildServer(env: Record<string, string>, nodeArgs: string[] = [], program: ServerProgram = 'source'): Promise<ChildServer> {
  if (program === 'compiled') await compiledOnce();
  const args = program === 'compiled' ? [MAIN, 'dist'] : ['--import', 'tsx', MAIN];
  const child = spawn(process.execPath, [...nodeArgs, ...args], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '1000000', ...env },
    // The IPC channel closes when this process dies, whatever kills it: the child then exits too.
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /READY (\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`child server exited with ${code} before it was ready`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url,
    process: child,
    kill: async () => { child.kill('SIGKILL'); await exited; },
    stop: async () => { child.kill('SIGTERM'); await exited; },
  };
}
