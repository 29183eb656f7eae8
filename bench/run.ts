// Runs the benchmarks in bench/ one after another, each in its own process: all of them, or those named (`npm run bench -- channels-get`).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const DIR = import.meta.dirname;
/** Every bench/*.ts except this runner; helpers live in bench/support/. */
const available = fs.readdirSync(DIR).filter((f) => f.endsWith('.ts') && f !== 'run.ts').map((f) => f.slice(0, -3)).sort();

const USAGE = `usage: npm run bench [-- <name>...]\n\nbenchmarks: ${available.join(', ')}\n`
  + 'Each runs in its own Node process, one at a time, so they do not compete for the CPU.';

function run(name: string): Promise<number> {
  // A process per benchmark: each measures its own event loop and JIT, untouched by the one before.
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(DIR, `${name}.ts`)], { stdio: 'inherit' });
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
const names = args.map((a) => path.basename(a).replace(/\.ts$/, ''));
const unknown = names.filter((n) => !available.includes(n));
if (unknown.length > 0) {
  console.error(`unknown benchmark: ${unknown.join(', ')}\n\n${USAGE}`);
  process.exit(2);
}

let failed = 0;
for (const name of names.length > 0 ? names : available) {
  console.log(`\n=== bench/${name}.ts (${new Date().toISOString()})`);
  const code = await run(name);
  if (code !== 0) {
    failed += 1;
    console.error(`bench/${name}.ts exited with ${code}`);
  }
}
process.exitCode = failed === 0 ? 0 : 1;
