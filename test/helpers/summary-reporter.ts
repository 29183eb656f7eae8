// Ends a test run with the plain line "N passed, M failed" that CI reads.
import type { Reporter, TestModule } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const mod of testModules) {
      let failedHere = 0;
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failedHere++;
        else skipped++;
      }
      // A file that failed without a failed test (a beforeAll that threw skips its tests; a file that
      // does not load has none) still counts once, so the line never says 0 failed on a failed run.
      failed += mod.state() === 'failed' && failedHere === 0 ? 1 : failedHere;
    }
    const line = `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
    // Written at exit so it is the run's last line, after Vitest's own summary.
    process.once('exit', () => process.stdout.write(`\n${line}\n`));
  }
}
