// Compiles src/ into plain JavaScript in dist/, the program `npm start` runs.
// Running the TypeScript through tsx's loader cost the server about 75 MB of resident memory for as long as it ran
// (the loader's own thread, and every module's source kept twice); esbuild strips the types in well under a second, so
// `npm start` compiles every time and never runs an older dist/. dist/ sits beside src/ with the same layout, so
// the paths a module reads relative to itself (web/, package.json, the worker entries) are the same from both.
// Run: node scripts/compile.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = path.join(ROOT, 'src');
export const OUT = path.join(ROOT, 'dist');

/** Compiles src/ into `out` (dist/ by default), replacing what was there; resolves with the milliseconds it took. */
export async function compile(out = OUT) {
  const started = performance.now();
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
  fs.rmSync(out, { recursive: true, force: true });
  fs.renameSync(fresh, out);
  return performance.now() - started;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await compile();
