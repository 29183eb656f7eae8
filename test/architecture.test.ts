// The import rules of docs/architecture.md fail a breach: layers, front doors and cycles (eslint.config.js, run by npm test).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

/** Lints a real file of src/ with `extra` appended, as if it were written so; gives the rule and message of each error. */
async function lintWith(file: string, extra: string): Promise<{ rule: string | null; message: string }[]> {
  const source = await readFile(path.join(root, file), 'utf8');
  const [result] = await eslint.lintText(extra === '' ? source : `${source}${extra}\n`, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => ({ rule: m.ruleId, message: m.message }));
}

describe('the import rules', { timeout: 180_000 }, () => {
  it('let the files as they are pass', async () => {
    expect(await lintWith('src/channels/logger-ref.ts', '')).toEqual([]);
    expect(await lintWith('src/engine/outbound.ts', '')).toEqual([]);
  });

  it('refuse a channel that imports services/', async () => {
    const errors = await lintWith('src/channels/logger-ref.ts',
      "import { createServices } from '../services/index.js';\nexport const breach = createServices;");
    expect(errors).toContainEqual({
      rule: 'import-x/no-restricted-paths',
      message: expect.stringContaining('channels may import only engine, lookup, net, security') as string,
    });
  });

  it('refuse the engine importing the store', async () => {
    const errors = await lintWith('src/engine/outbound.ts', "import { repositories } from '../store/index.js';\nexport const breach = repositories;");
    expect(errors).toContainEqual({ rule: 'import-x/no-restricted-paths', message: expect.stringContaining('engine may import only') as string });
  });

  it('refuse a deep import across folders', async () => {
    const errors = await lintWith('src/services/accounts.ts', "import { parseState } from '../engine/state.js';\nexport const deep = parseState;");
    expect(errors).toContainEqual({
      rule: 'import-x/no-restricted-paths',
      message: expect.stringContaining('through its front door (engine/index.ts or engine/ports.ts)') as string,
    });
  });

  it('refuse an import circle', async () => {
    // actions/send.ts imports outbound.ts: outbound.ts importing it back closes a circle.
    const errors = await lintWith('src/engine/outbound.ts', "import { send } from './actions/send.js';\nexport const circle = send;");
    expect(errors.map((e) => e.rule)).toContain('import-x/no-cycle');
  });

  it('refuse a dropped promise', async () => {
    const errors = await lintWith('src/channels/logger-ref.ts', 'export function drop(p: Promise<void>): void {\n  p.then(() => {});\n}');
    expect(errors.map((e) => e.rule)).toContain('@typescript-eslint/no-floating-promises');
  });
});
