// `parley test` with knowledge: documents declared in the tests file, the model's answers scripted, assertions on the
// cited sources; an extractive answer without a model; the fallback when nothing covers the question.
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { runTests } from '../../src/cli/test/test-command.js';
import { scratchDir } from './run-parley.js';

const helper = {
  name: 'helper',
  interactions: [
    { name: 'ask', intents: ['sys:text'], actions: [{ answer: { knowledgeBases: ['Help'], sourcesAttribute: 'sources', fallback: 'dunno' } }] },
    { name: 'dunno', actions: [{ send: { message: { text: 'A colleague will answer.' } } }] },
  ],
};

const tests = `
knowledge:
  - name: Help
    documents:
      - title: Returns
        url: https://shop.example/returns
        text: "# Returns\\n\\nYou may return any lamp within thirty days for a full refund."
      - title: Staff notes
        citable: false
        text: Staff may extend the return period to sixty days for regular customers.
tests:
  - name: extractive without a model
    steps:
      - user: Can I return a lamp?
      - bot: { text: You may return any lamp within thirty days for a full refund., sources: [Returns], buttons: [1. Returns] }
  - name: the model's answer and its sources
    model: { answers: ["Yes, within thirty days [1]; regulars may get sixty [2]."] }
    steps:
      - user: Can I return a lamp after thirty days?
      - bot: { text: "Yes, within thirty days [1]; regulars may get sixty.", sources: [Returns] }
      - attributes: { sources: [{ number: 1, title: Returns, url: "https://shop.example/returns" }] }
  - name: the fallback when nothing covers the question
    steps:
      - user: Do you sell bicycles?
      - bot: A colleague will answer.
  - name: a wrong expectation fails
    model: { answers: [{ fail: true }] }
    steps:
      - user: Can I return a lamp?
      - bot: { sources: [Returns] }
`;

describe('parley test with knowledge', () => {
  const scratch = scratchDir('parley-kb-test-');
  afterAll(() => scratch.remove());

  it('answers from the declared documents and checks the cited sources', async () => {
    let stdout = '';
    const sink = (append: (s: string) => void) => new Writable({ write(chunk, _e, done) { append(String(chunk)); done(); } });
    const code = await runTests(['--definition', scratch.write('helper.json', helper), scratch.write('tests.yaml', tests)],
      { output: sink((s) => { stdout += s; }), error: sink(() => undefined) });
    expect(stdout).toContain('ok   extractive without a model');
    expect(stdout).toContain("ok   the model's answer and its sources");
    expect(stdout).toContain('ok   the fallback when nothing covers the question');
    expect(stdout).toMatch(/FAIL a wrong expectation fails[\s\S]*A colleague will answer/);
    expect(stdout).toContain('3 passed, 1 failed');
    expect(code).toBe(1);
  });
});
