// Where the running program's files are: src/ (TypeScript, through tsx) or dist/ (compiled and bundled), and the project around it.
import fs from 'node:fs';
import path from 'node:path';

/**
 * The compiled program is bundled into a few files (scripts/compile.mjs): a module's own folder no longer says where it
 * sat in src/, so paths to the project's other files start here instead. The code root is the folder, walking up from
 * this module, whose parent holds package.json: src/ or dist/ (dist/chunks/ in a bundle lies below it).
 */
function findCodeRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${from}: Parley's files must sit in their project folder`);
    if (fs.existsSync(path.join(parent, 'package.json'))) return dir;
  }
}

/** src/ or dist/: the worker entries are found here. */
export const CODE_ROOT = findCodeRoot(import.meta.dirname);
/** The project: package.json, web/ (the pages and their assets), node_modules/. */
export const PROJECT_ROOT = path.dirname(CODE_ROOT);
/** Whether this is the compiled program (its modules are JavaScript, run without tsx). */
export const COMPILED = import.meta.url.endsWith('.js');

/** A path below the project's web/ folder. */
export function webPath(...parts: string[]): string {
  return path.join(PROJECT_ROOT, 'web', ...parts);
}
