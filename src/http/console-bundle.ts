// The console's script, bundled by esbuild from web/console/src once per process, when it is first asked for (no build step at install).
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { build, stop } from 'esbuild';
import { webPath } from '../code-root.js';

const ENTRY = webPath('console/src/main.ts');
const gzip = promisify(zlib.gzip);

/** The script, gzipped once for the browsers that take it, and its tag, so a browser revalidating its copy gets a 304. */
export interface ConsoleScript { text: string; gzipped: Buffer; etag: string }

let bundled: Promise<ConsoleScript> | null = null;

export function consoleScript(): Promise<ConsoleScript> {
  bundled ??= build({
    entryPoints: [ENTRY], bundle: true, format: 'esm', target: 'es2022', platform: 'browser', write: false, minify: true,
    // The licences of the bundled libraries (Chart.js's MIT notice) stay with their code, at the end.
    sourcemap: false, logLevel: 'silent', legalComments: 'eof',
  }).then(async (result) => {
    const text = result.outputFiles[0]!.text;
    const etag = `"${crypto.createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;
    return { text, gzipped: await gzip(text, { level: 9 }), etag };
  }).catch((error: unknown) => {
    bundled = null;
    throw error;
  }).finally(() => {
    // esbuild keeps a helper process for further builds; there are none, so it goes.
    void stop();
  });
  return bundled;
}
