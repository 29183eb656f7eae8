// `parley test --coverage`: the interactions the tests entered and the actions that ran, out of the definition's own;
// what was never entered, whether anything can reach it, and the actions a test never got to.
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { runTests } from '../../src/cli/test/test-command.js';
import { scratchDir } from './run-parley.js';

const shop = {
  name: 'shop',
  interactions: [
    { name: 'greeting', intents: ['sys:start'], actions: [
      { send: { message: { text: 'Hello! Hours or returns?', quickReplies: [{ type: 'text', title: 'Hours', execute: 'hours' }] } } },
    ] },
    { name: 'hours', actions: [{ send: { message: { text: 'We open at nine.' } } }] },
    { name: 'returns', intents: [{ name: 'return', expressions: [{ text: 'I want to return something', slots: [] }] }], actions: [
      { conditions: [{ attribute: 'sys:text', matches: 'lamp', ignoreCase: true }], send: { message: { text: 'Lamps come back within thirty days.' } } },
      { send: { message: { text: 'Returns are free.' } } },
      { goto: 'person' },
    ] },
    { name: 'person', actions: [{ send: { message: { text: 'A colleague will answer.' } } }] },
    { name: 'old menu', actions: [{ send: { message: { text: 'This menu is gone.' } } }] },
  ],
};

const tests = `
tests:
  - name: greets and gives the hours
    steps:
      - user: hi
      - bot: Hello! Hours or returns?
      - user: Hours
      - bot: We open at nine.
`;

const more = `
tests:
  - name: a return goes to a person
    steps:
      - user: hi
      - bot: Hello! Hours or returns?
      - user: I want to return something
      - bot: Returns are free.
      - bot: A colleague will answer.
`;

describe('parley test --coverage', () => {
  const scratch = scratchDir('parley-coverage-');
  afterAll(() => scratch.remove());
  const run = async (...files: string[]) => {
    let stdout = '';
    const sink = new Writable({ write(chunk, _e, done) { stdout += String(chunk); done(); } });
    const code = await runTests(['--coverage', '--definition', scratch.write('shop.json', shop), ...files], { output: sink, error: sink });
    return { code, lines: stdout.trimEnd().split('\n') };
  };

  it('counts what the tests exercised and names what they did not, and what nothing reaches', async () => {
    const { code, lines } = await run(scratch.write('tests.yaml', tests));
    expect(code).toBe(0);
    expect(lines.slice(lines.indexOf('1 passed, 0 failed') + 1)).toEqual([
      'coverage: 2 of 5 interactions entered (40 %), 2 of 7 actions run (28 %)',
      '  not entered: "returns" (/interactions/2)',
      '  not entered: "person" (/interactions/3)',
      '  unreachable: "old menu" (/interactions/4): no intent, expression or keyword leads to it, and nothing reachable names it',
    ]);
  });

  it('adds up every tests file, and names an action whose condition never held', async () => {
    const { code, lines } = await run(scratch.write('tests.yaml', tests), scratch.write('more.yaml', more));
    expect(code).toBe(0);
    expect(lines.slice(lines.indexOf('2 passed, 0 failed') + 1)).toEqual([
      'coverage: 4 of 5 interactions entered (80 %), 5 of 7 actions run (71 %)',
      '  unreachable: "old menu" (/interactions/4): no intent, expression or keyword leads to it, and nothing reachable names it',
      '  not run: /interactions/2/actions/0',
    ]);
  });

  it('prints nothing of coverage without --coverage', async () => {
    let stdout = '';
    const sink = new Writable({ write(chunk, _e, done) { stdout += String(chunk); done(); } });
    await runTests(['--definition', scratch.write('shop.json', shop), scratch.write('tests.yaml', tests)], { output: sink, error: sink });
    expect(stdout).not.toContain('coverage');
  });
});
