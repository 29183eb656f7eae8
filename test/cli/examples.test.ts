// Every bot in examples/ passes its own tests file through `parley test`, offline.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHANNEL_TYPE_NAMES } from '../../src/channel-types.js';
import { viewTypes } from '../../src/conversation-tests/received.js';
import { parseTestsFile } from '../../src/conversation-tests/tests-file.js';
import { runParley } from './run-parley.js';

const EXAMPLES = path.resolve('examples');

/** Each example directory holds one definition (bot.json or experience.json) and tests.yaml. */
const examples = fs.readdirSync(EXAMPLES, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => {
  const dir = path.join(EXAMPLES, d.name);
  const definition = ['bot.json', 'experience.json'].map((f) => path.join(dir, f)).find((f) => fs.existsSync(f));
  return { name: d.name, definition, tests: path.join(dir, 'tests.yaml') };
});

describe.concurrent('examples', () => {
  it('are the seven the README describes', () => {
    expect(examples.map((e) => e.name).sort()).toEqual(['appointment', 'every-channel', 'faq', 'front-desk', 'lead-capture', 'order-status', 'welcome-menu']);
    const readme = fs.readFileSync(path.join(EXAMPLES, 'README.md'), 'utf8');
    for (const e of examples) expect(readme).toContain(`(\`${e.name}/\`)`);
  });

  it('every-channel runs each test on every channel type Parley renders a view of, and says what each receives', () => {
    // A channel type that gains a view (its sandbox phone) joins the example: its tests then check what it receives too.
    const types = viewTypes(CHANNEL_TYPE_NAMES);
    const file = path.join(EXAMPLES, 'every-channel', 'tests.yaml');
    const tests = parseTestsFile(fs.readFileSync(file, 'utf8'), file);
    for (const test of tests) expect([...test.channels].sort(), `the channels of "${test.name}"`).toEqual([...types].sort());
    const named = new Set(tests.flatMap((t) => t.steps.flatMap((s) => (s.kind === 'delivered' ? [...s.expect.keys()] : []))));
    expect([...named].sort(), 'the channel types the delivered steps name').toEqual([...types].sort());
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
