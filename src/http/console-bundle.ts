// The console's script, bundled by esbuild from web/console/src once per process, when it is first asked for (no build
// step at install): the entry and, split off, the chunks a page loads when it needs them (the code editor's).
import crypto from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { build, stop } from 'esbuild';
import { webPath } from '../code-root.js';

const ENTRY = webPath('console/src/main.ts');
/** Where the files would be written: only their names under it matter (nothing is written). */
const OUT = webPath('console/out');
const gzip = promisify(zlib.gzip);

/** A script, gzipped once for the browsers that take it, and its tag, so a browser revalidating its copy gets a 304. */
export interface ConsoleScript { text: string; gzipped: Buffer; etag: string }

/** The entry (`console.js`) and the chunks (`chunks/<name>-<hash>.js`), by their path under /console/assets/. */
let bundled: Promise<Map<string, ConsoleScript>> | null = null;

async function script(text: string): Promise<ConsoleScript> {
  const etag = `"${crypto.createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;
  return { text, gzipped: await gzip(text, { level: 9 }), etag };
}

export function consoleScripts(): Promise<Map<string, ConsoleScript>> {
  bundled ??= build({
    entryPoints: { console: ENTRY }, bundle: true, format: 'esm', target: 'es2022', platform: 'browser', write: false, minify: true,
    splitting: true, outdir: OUT, chunkNames: 'chunks/[name]-[hash]',
    // The bot language's reference goes into the code editor's chunk as text (its hover docs); the starters' tests too.
    loader: { '.md': 'text', '.yaml': 'text' },
    // The licences of the bundled libraries (Chart.js's MIT notice) stay with their code, at the end.
    sourcemap: false, logLevel: 'silent', legalComments: 'eof',
  }).then(async (result) => {
    const files = await Promise.all(result.outputFiles.map(async (f) => [path.relative(OUT, f.path).split(path.sep).join('/'), await script(f.text)] as const));
    return new Map(files);
  }).catch((error: unknown) => {
    bundled = null;
    throw error;
  }).finally(() => {
    // esbuild keeps a helper process for further builds; there are none, so it goes.
    void stop();
  });
  return bundled;
}
