// The console's script, bundled by esbuild from web/console/src once per process, when it is first asked for (no build step at install).
import { build, stop } from 'esbuild';
import { webPath } from '../code-root.js';

const ENTRY = webPath('console/src/main.ts');

let bundled: Promise<string> | null = null;

export function consoleScript(): Promise<string> {
  bundled ??= build({
    entryPoints: [ENTRY], bundle: true, format: 'esm', target: 'es2022', platform: 'browser', write: false, minify: true,
    sourcemap: false, logLevel: 'silent', legalComments: 'none',
  }).then((result) => result.outputFiles[0]!.text).catch((error: unknown) => {
    bundled = null;
    throw error;
  }).finally(() => {
    // esbuild keeps a helper process for further builds; there are none, so it goes.
    void stop();
  });
  return bundled;
}
