// Conversation tests run by the server for the console: a definition (saved or not) and a tests file in the format
// `parley test` reads, run in memory as the command runs them (requests and models from the file's fixtures, nothing
// sent anywhere), with what they exercised of the definition, so the builder can mark what no test reaches.
import { coverageOf, type CoverageReport } from '../conversation-tests/coverage.js';
import { runTest } from '../conversation-tests/run-test.js';
import { parseTestsFile, TestsFileError } from '../conversation-tests/tests-file.js';
import { buildProgram, validateDefinition, type BotModel } from '../engine/index.js';
import { UnprocessableError } from '../errors.js';
import type { BotService } from './bots.js';

/** Runs of one call at most (a test on three channels is three runs): the server's time is everyone's. */
export const MAX_TEST_RUNS = 100;

export interface TestRunResult {
  label: string;
  passed: boolean;
  /** For a failure: its step (1-based), the line of the tests file, and what went wrong in lines. */
  failure: { step: number; line: number; lines: string[] } | null;
}

export interface BotTestReport {
  passed: number;
  failed: number;
  results: TestRunResult[];
  coverage: CoverageReport;
}

export class BotTestService {
  constructor(private readonly bots: Pick<BotService, 'includedBots'>, private readonly timeZone: string) {}

  async run(accountId: number, definition: unknown, tests: string): Promise<BotTestReport> {
    // Included bots are the account's, at their current revision (as the bots API validates them).
    const { resolveInclude, loaded } = await this.bots.includedBots(accountId, definition);
    const checked = validateDefinition(definition, { resolveInclude });
    if (!checked.ok) throw new UnprocessableError('The definition has problems: fix them before running its tests.', { problems: checked.problems });
    const included = new Map<string, BotModel>();
    for (const [name, other] of loaded) {
      const model = validateDefinition(other, { resolveInclude });
      if (model.ok) included.set(name, model.model);
    }
    let parsed;
    try {
      parsed = parseTestsFile(tests, 'tests.yaml');
    } catch (error) {
      if (error instanceof TestsFileError) throw new UnprocessableError(error.message);
      throw error;
    }
    const runs = parsed.reduce((n, t) => n + t.channels.length, 0);
    if (runs > MAX_TEST_RUNS) throw new UnprocessableError(`The tests make ${runs} runs (a test once per channel); at most ${MAX_TEST_RUNS} run in one call.`);
    const program = buildProgram(checked.model, included);
    const visited = new Set<string>();
    const results: TestRunResult[] = [];
    for (const test of parsed) {
      for (const channel of test.channels) {
        const outcome = await runTest(program, test, channel, this.timeZone);
        for (const pointer of outcome.visited) visited.add(pointer);
        results.push({ label: outcome.label, passed: outcome.failure === null, failure: outcome.failure });
      }
    }
    const passed = results.filter((r) => r.passed).length;
    return { passed, failed: results.length - passed, results, coverage: coverageOf(program, definition, checked.model.interactions.length, visited) };
  }
}
