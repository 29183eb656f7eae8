// Every bot in examples/ passes its own tests file through `parley test`, offline.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runParley } from './run-parley.js';

const EXAMPLES = path.resolve('examples');

/** Each example directory holds one definition (bot.json or experience.json) and tests.yaml. */
const examples = fs.readdirSync(EXAMPLES, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => {
  const dir = path.join(EXAMPLES, d.name);
  const definition = ['bot.json', 'experience.json'].map((f) => path.join(dir, f)).find((f) => fs.existsSync(f));
  return { name: d.name, definition, tests: path.join(dir, 'tests.yaml') };
});

describe.concurrent('examples', () => {
  it('are the five the README describes', () => {
    expect(examples.map((e) => e.name).sort()).toEqual(['appointment', 'every-channel', 'lead-capture', 'order-status', 'welcome-menu']);
    const readme = fs.readFileSync(path.join(EXAMPLES, 'README.md'), 'utf8');
    for (const e of examples) expect(readme).toContain(`(\`${e.name}/\`)`);
  });

  for (const example of examples) {
    it(`${example.name} passes parley test`, async () => {
      expect(example.definition).toBeDefined();
      const run = await runParley(['test', '--definition', example.definition!, example.tests]);
      expect(run.stderr).toBe('');
      expect(run.stdout).not.toContain('FAIL');
      expect(run.stdout).toMatch(/^\d+ passed, 0 failed$/m);
      expect(run.code).toBe(0);
    }, 120_000);
  }
});
