// Compiles src/ into plain JavaScript in dist/, the program `npm start` runs.
// Running the TypeScript through tsx's loader cost the server about 75 MB of resident memory for as long as it ran
// (the loader's own thread, and every module's source kept twice); esbuild strips the types in well under a second, so
// `npm start` never runs an older dist/: it compiles whenever a source changed (`--if-stale`: the stamp of every
// source's path, size and time is compared with the one written beside the last compilation). Compiling every time
// took 1 to 2.4 s of a restart on a loaded machine, before the server could answer anyone. dist/ holds a bundle
// (the entries below and their shared chunks), which a process loads in a fraction of the time some 2,500 modules took;
// paths to the project's other files (web/, package.json, the worker entries) start from src/code-root.ts.
// Run: node scripts/compile.mjs [--if-stale]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createHash } from 'node:crypto';

/** Written in dist/ after a compilation: what the sources were. */
const STAMP = '.source-stamp';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = path.join(ROOT, 'src');
export const OUT = path.join(ROOT, 'dist');

/** Every path below src/. */
function sourceFiles() {
  return fs.readdirSync(SOURCE, { recursive: true, encoding: 'utf8' }).map((name) => path.join(SOURCE, name));
}

/** Every source's path, size and modification time, this script's own and the lock file's, hashed. */
function sourceStamp(files) {
  const hash = createHash('sha256');
  // The lock file: the bundle holds some dependencies' code, which an upgrade changes.
  for (const file of [...files, fileURLToPath(import.meta.url), path.join(ROOT, 'package-lock.json')].sort()) {
    const stat = fs.statSync(file);
    if (stat.isFile()) hash.update(`${path.relative(ROOT, file)}\0${stat.size}\0${stat.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

/**
 * The modules others load from dist/: the entry point, what test/helpers/child-server-main.mjs and the benchmarks start
 * the server with, the training worker's thread, and the pool test/compiled-start.test.ts starts that thread from.
 */
const ENTRIES = [
  'main.ts', 'config.ts', 'heap-growth.ts', 'server.ts', 'shutdown.ts',
  'services/conversations/training-worker.ts', 'services/conversations/training-worker-pool.ts',
];

/**
 * Dependencies of many small ES modules, bundled with Parley's own: loading a module costs Node about a millisecond and
 * a half here, and these were some 1,350 of the 2,500 a start loaded (typebox alone 683). Every other package is
 * loaded from node_modules as it is (native addons, packages that read their own files, CommonJS).
 */
const BUNDLED = new Set(['typebox', 'chrono-node', 'kysely', 'jose', 'libphonenumber-js']);

/** Leaves every package outside the bundle but those of BUNDLED. */
const dependenciesOutside = {
  name: 'dependencies-outside',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0];
      return BUNDLED.has(name) ? undefined : { path: args.path, external: true };
    });
  },
};

/** Compiles src/ into `out` (dist/ by default), replacing what was there; resolves with the milliseconds it took. */
export async function compile(out = OUT) {
  const started = performance.now();
  // esbuild is loaded only when there is something to compile.
  const { build } = await import('esbuild');
  const files = sourceFiles();
  // Written beside the old tree, then swapped in: a server starting from dist/ meanwhile never sees half a tree.
  const fresh = `${out}.${process.pid}`;
  fs.rmSync(fresh, { recursive: true, force: true });
  await build({
    entryPoints: ENTRIES.map((name) => path.join(SOURCE, name)), outdir: fresh, outbase: SOURCE,
    bundle: true, splitting: true, chunkNames: 'chunks/[name]-[hash]', format: 'esm', platform: 'node', target: 'node20',
    plugins: [dependenciesOutside],
    // Linked maps: `NODE_OPTIONS=--enable-source-maps` shows stack traces in src/'s lines, at a cost only when asked.
    sourcemap: 'linked', logLevel: 'warning',
  });
  // The worker entries are plain JavaScript already.
  for (const file of files.filter((name) => name.endsWith('.mjs'))) {
    const target = path.join(fresh, path.relative(SOURCE, file));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(file, target);
  }
  fs.writeFileSync(path.join(fresh, STAMP), sourceStamp(files));
  fs.rmSync(out, { recursive: true, force: true });
  fs.renameSync(fresh, out);
  return performance.now() - started;
}

/** Compiles only when a source changed since dist/ was written; resolves with whether it compiled. */
export async function compileIfStale(out = OUT) {
  const files = sourceFiles();
  let written = null;
  try { written = fs.readFileSync(path.join(out, STAMP), 'utf8'); } catch { /* never compiled */ }
  if (written === sourceStamp(files)) return false;
  await compile(out);
  return true;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv.includes('--if-stale')) await compileIfStale();
  else await compile();
}
