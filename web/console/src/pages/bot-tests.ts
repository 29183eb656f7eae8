// A bot's conversation tests on its page: the tests file `parley test` reads, run by the server against the definition
// in the editor (saved or not), each run's outcome, and what they exercised, which the builder marks (untested
// interactions, steps no test ran). The file is kept in this browser per bot; in Git it sits beside the definition.
import { api, must, problemText } from '../api.js';
import { announce, errorBox, field, h, replace } from '../dom.js';

export interface Coverage {
  interactions: { total: number; entered: number };
  actions: { total: number; run: number };
  notEntered: { label: string; pointer: string; reachable: boolean }[];
  notRun: string[];
}

const storageKey = (botId: number | null) => `parley.tests.${botId === null ? 'new' : String(botId)}`;

export interface TestsSection {
  element: HTMLElement;
  /** Replaces the tests file (a starter's own tests). */
  setTests(text: string): void;
  /** Keeps the file under the bot's id once a new bot has one. */
  keepFor(botId: number): void;
}

/** `fallback`: the file shown when this browser keeps none for the bot (a new bot's starter's tests). */
export function testsSection(botId: number | null, fallback: string, definition: () => Record<string, unknown> | string, onCoverage: (coverage: Coverage | null) => void): TestsSection {
  const tests = h('textarea', { name: 'tests', class: 'code', rows: 10, spellcheck: 'false', autocapitalize: 'off' });
  tests.value = localStorage.getItem(storageKey(botId)) ?? fallback;
  tests.placeholder = '- name: greets\n  steps:\n    - user: hello\n    - bot: Hi! How can I help?';
  tests.addEventListener('input', () => localStorage.setItem(storageKey(botId), tests.value));
  const run = h('button', { type: 'button' }, 'Run tests');
  const summary = h('p', { role: 'status', class: 'validity' });
  const results = h('ul', { class: 'test-results', 'aria-label': 'Test results' });
  const problem = errorBox();
  run.addEventListener('click', () => void (async () => {
    const current = definition();
    if (typeof current === 'string') return problem.show(current);
    summary.textContent = 'Running…';
    try {
      const report = await must(api.POST('/v1/bots/test', { body: { definition: current as never, tests: tests.value } }));
      problem.show(null);
      const { coverage } = report;
      const untested = coverage.notEntered.filter((n) => n.reachable).length;
      summary.textContent = `${report.passed} passed, ${report.failed} failed. Tests entered ${coverage.interactions.entered} of ${coverage.interactions.total} interactions`
        + ` and ran ${coverage.actions.run} of ${coverage.actions.total} steps${untested === 0 ? '' : `; ${untested} interaction${untested === 1 ? '' : 's'} not tested`} (marked in the flow).`;
      replace(results, report.results.map((r) => h('li', { class: r.passed ? 'passed' : 'failed' },
        r.passed ? `Passed: ${r.label}` : `Failed: ${r.label}, step ${r.failure!.step} (line ${r.failure!.line})`,
        r.failure === null ? null : h('pre', {}, r.failure.lines.join('\n')))));
      onCoverage(coverage);
      announce(summary.textContent);
    } catch (e) {
      summary.textContent = '';
      replace(results);
      onCoverage(null);
      problem.show(problemText(e));
    }
  })());
  const element = h('section', { 'aria-labelledby': 'tests-title' },
    h('h2', { id: 'tests-title' }, 'Tests'),
    h('p', { class: 'hint' }, 'Conversations the bot must hold, as parley test reads them (docs/authoring.md): run against the definition above, saved or not; nothing is sent or stored.'),
    field('Conversation tests (YAML)', tests, 'Kept in this browser for this bot.'),
    h('div', { class: 'row' }, run), summary, problem, results);
  return {
    element,
    setTests(text) {
      tests.value = text;
      localStorage.setItem(storageKey(botId), text);
    },
    keepFor(id) {
      localStorage.setItem(storageKey(id), tests.value);
    },
  };
}
