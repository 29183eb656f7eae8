// Compiles src/ into plain JavaScript in dist/, the program `npm start` runs.
// Running the TypeScript through tsx's loader cost the server about 75 MB of resident memory for as long as it ran
// (the loader's own thread, and every module's source kept twice); esbuild strips the types in well under a second, so
// `npm start` never runs an older dist/: it compiles whenever a source changed (`--if-stale`: the stamp of every
// source's path, size and time is compared with the one written beside the last compilation). Compiling every time
// took 1 to 2.4 s of a restart on a loaded machine, before the server could answer anyone. dist/ sits beside src/ with
// the same layout, so the paths a module reads relative to itself (web/, package.json, the worker entries) are the
// same from both.
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

/** Every source's path, size and modification time, and this script's own, hashed. */
function sourceStamp(files) {
  const hash = createHash('sha256');
  for (const file of [...files, fileURLToPath(import.meta.url)].sort()) {
    const stat = fs.statSync(file);
    if (stat.isFile()) hash.update(`${path.relative(ROOT, file)}\0${stat.size}\0${stat.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

/** Compiles src/ into `out` (dist/ by default), replacing what was there; resolves with the milliseconds it took. */
export async function compile(out = OUT) {
  const started = performance.now();
  // esbuild is loaded only when there is something to compile.
  const { build } = await import('esbuild');
  const files = fs.readdirSync(SOURCE, { recursive: true, encoding: 'utf8' }).map((name) => path.join(SOURCE, name));
  const entryPoints = files.filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'));
  // Written beside the old tree, then swapped in: a server starting from dist/ meanwhile never sees half a tree.
  const fresh = `${out}.${process.pid}`;
  fs.rmSync(fresh, { recursive: true, force: true });
  await build({
    entryPoints, outdir: fresh, outbase: SOURCE, format: 'esm', platform: 'node', target: 'node20',
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
  const files = fs.readdirSync(SOURCE, { recursive: true, encoding: 'utf8' }).map((name) => path.join(SOURCE, name));
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
