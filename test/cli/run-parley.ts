// Runs the `parley` command as a person would: a child process, lines on its stdin, its output and exit code collected.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const BIN = path.resolve('bin/parley.js');

export interface ParleyRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts `parley args…`, writes `input` to its stdin and closes it, and waits for the process to end. */
export function runParley(args: string[], options: { input?: string; env?: Record<string, string> } = {}): Promise<ParleyRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, ...options.env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => { stdout += chunk; });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => { stderr += chunk; });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}

/** A temporary directory for definitions and tests files, removed by the returned cleanup. */
export function scratchDir(prefix: string): { dir: string; write: (name: string, content: unknown) => string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return {
    dir,
    write: (name, content) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
      return file;
    },
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
