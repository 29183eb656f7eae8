// `parley test` with a classify step: the model's choice scripted, the chosen interaction run; NONE, a name that is no
// candidate and a failing model take the fallback; a bot without a model in the tests file falls back too.
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { runTests } from '../../src/cli/test/test-command.js';
import { scratchDir } from './run-parley.js';

const router = {
  name: 'router',
  interactions: [
    { name: 'order status', intents: [{ name: 'order', expressions: [{ text: 'where is my order', slots: [] }, { text: 'track my parcel', slots: [] }] }], actions: [{ send: { message: { text: 'Your order is on its way.' } } }] },
    { name: 'returns', intents: [{ name: 'return', expressions: [{ text: 'I want to return something', slots: [] }] }], actions: [{ send: { message: { text: 'Returns are free for thirty days.' } } }] },
    { name: 'anything else', intents: ['sys:text'], actions: [{ classify: { fallback: 'dunno', attribute: 'topic' } }] },
    { name: 'dunno', actions: [{ send: { message: { text: 'A colleague will answer.' } } }] },
  ],
};

const tests = `
tests:
  - name: the model routes what the recognizer did not place
    model: { answers: ["returns"] }
    steps:
      - user: the lamp I got is broken, can I send it back
      - bot: Returns are free for thirty days.
      - attributes: { topic: returns }
  - name: NONE takes the fallback
    model: { answers: ["NONE"] }
    steps:
      - user: do you like jazz
      - bot: A colleague will answer.
  - name: a name that is not a candidate takes the fallback
    model: { answers: ["refund everything"] }
    steps:
      - user: give me all my money
      - bot: A colleague will answer.
  - name: without a model the fallback runs
    steps:
      - user: the lamp I got is broken, can I send it back
      - bot: A colleague will answer.
`;

describe('parley test with classify', () => {
  const scratch = scratchDir('parley-classify-test-');
  afterAll(() => scratch.remove());

  it('runs the interaction the scripted model chooses, and the fallback otherwise', async () => {
    let stdout = '';
    const sink = (append: (s: string) => void) => new Writable({ write(chunk, _e, done) { append(String(chunk)); done(); } });
    const code = await runTests(['--definition', scratch.write('router.json', router), scratch.write('tests.yaml', tests)],
      { output: sink((s) => { stdout += s; }), error: sink((s) => { stdout += s; }) });
    expect(stdout).toContain('4 passed, 0 failed');
    expect(code).toBe(0);
  });
});
